/**
 * Sending e-mail (docs/product/decisions.md#9; docs/product/accounts.md#e-mail). Every message is
 * rendered from a template, checked against the recipient's preferences, stored in `email_logs`
 * (the outbox: status queued → sent | failed, or suppressed when the reader opted out) and then
 * handed to deps.mailer. Delivery failures are logged and recorded, never thrown: the caller
 * decides what a failed mail means. This module also creates the `email_preferences` row (with its
 * unsubscribe token) the first time a user is mailed or opens their preferences.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EMAIL_TYPES } from '@shared/email';
import { FREE_TRIAL_DAYS } from '@shared/limits';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { emailLogs, emailPreferences, users } from '../../db/schema';
import type { TEmailTemplate } from './templates';
import {
  accountLockedEmail,
  alreadyRegisteredEmail,
  emailChangedEmail,
  emergencyLoginAlertEmail,
  passwordResetEmail,
  verificationCodeEmail,
  welcomeEmail,
} from './templates';
import {
  paymentFailedEmail,
  paymentReceiptEmail,
  planChangedEmail,
  subscriptionCancelledEmail,
  trialEndingEmail,
  readingReminderEmail,
} from './templates';

export type TEmailDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'mailer' | 'now'>;

/** Whom a mail concerns: a users row or the few columns of it that mail needs. */
export type TEmailUser = { id: string; email: string; firstName: string | null };

/** 'transactional' mail (codes, resets, security notices) ignores preferences; the rest can be switched off. */
export type TEmailCategory =
  | 'transactional'
  | 'marketing'
  | 'trialReminders'
  | 'subscriptionUpdates'
  /** The reader's choice lives in user_reading_preferences; the sender checks it, this only honours "unsubscribe all". */
  | 'readingReminders';

export interface TSendEmailResult {
  /** The email_logs row. */
  id: string;
  status: 'sent' | 'failed' | 'suppressed';
  errorMessage: string | null;
}

/** Code and reset-link lifetimes as the e-mails state them; AUTH enforces the same numbers. */
export const VERIFICATION_CODE_EXPIRES_MINUTES = 10;
export const PASSWORD_RESET_EXPIRES_MINUTES = 60;

type TPreferencesRow = typeof emailPreferences.$inferSelect;

const CATEGORY_COLUMN = {
  marketing: 'marketingEmails',
  trialReminders: 'trialReminders',
  subscriptionUpdates: 'subscriptionUpdates',
} as const satisfies Record<Exclude<TEmailCategory, 'transactional' | 'readingReminders'>, keyof TPreferencesRow>;

export function createUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The user's preferences row, created with defaults and a fresh unsubscribe token when missing. */
export function ensureEmailPreferences(options: {
  db: Db;
  user: Pick<TEmailUser, 'id' | 'email'>;
  now: Date;
}): TPreferencesRow {
  const { db, user, now } = options;
  const existing = db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).get();
  if (existing) {
    if (existing.email === user.email) return existing;
    // The account's address changed since the row was made; keep the copy current for lookups by address.
    return db
      .update(emailPreferences)
      .set({ email: user.email, updatedAt: now })
      .where(eq(emailPreferences.id, existing.id))
      .returning()
      .get();
  }
  // ON CONFLICT keeps two concurrent first mails from failing on the unique user index.
  db.insert(emailPreferences)
    .values({
      userId: user.id,
      email: user.email,
      unsubscribeToken: createUnsubscribeToken(),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: emailPreferences.userId })
    .run();
  return db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).get()!;
}

export function unsubscribeUrlFor(publicUrl: string, token: string | null): string {
  return token ? `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}` : `${publicUrl}/unsubscribe`;
}

function isCategoryOff(preferences: TPreferencesRow | null, category: TEmailCategory): boolean {
  if (category === 'transactional' || !preferences) return false;
  if (category === 'readingReminders') return preferences.isUnsubscribedAll;
  return preferences.isUnsubscribedAll || !preferences[CATEGORY_COLUMN[category]];
}

/** Errors can quote server replies at length; the log column keeps the useful start. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Renders, records and delivers one e-mail. `email` overrides the recipient address (e.g. the old
 * address after a change); without `user`, the account is looked up by that address so its
 * preferences still apply.
 */
export async function sendEmail(
  deps: TEmailDeps,
  options: {
    user?: TEmailUser | null;
    email?: string;
    emailType: string;
    category: TEmailCategory;
    template: TEmailTemplate;
  },
): Promise<TSendEmailResult> {
  const { db, env, mailer, logger } = deps;
  const now = deps.now();
  const to = (options.email ?? options.user?.email ?? '').trim();
  if (!to) throw new Error('sendEmail needs a user or an e-mail address');

  const user =
    options.user ??
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      // Addresses are stored lower-cased (ZEmail), so the unique index answers this.
      .where(eq(users.email, to.toLowerCase()))
      .get() ??
    null;
  const preferences = user ? ensureEmailPreferences({ db, user, now }) : null;
  const unsubscribeUrl = unsubscribeUrlFor(env.publicUrl, preferences?.unsubscribeToken ?? null);
  const context = { publicUrl: env.publicUrl, unsubscribeUrl, isTransactional: options.category === 'transactional' };
  // The recipient gets the live codes and links; the outbox keeps a copy without them, so nobody who
  // can read email_logs (admins, backups) can use them (docs/product/operations.md#e-mail-secrets).
  const rendered = options.template({ ...context, redactSecrets: false });
  const stored = options.template({ ...context, redactSecrets: true });

  const base = {
    userId: user?.id ?? null,
    email: to,
    emailType: options.emailType,
    subject: stored.subject,
    bodyText: stored.text,
    bodyHtml: stored.html,
    transport: mailer.transport,
    createdAt: now,
    updatedAt: now,
  };

  // Deleted accounts keep a reserved .invalid address (RFC 2606); nothing can be delivered there.
  const suppressedReason = isCategoryOff(preferences, options.category)
    ? 'Recipient has switched this category of e-mail off'
    : /\.invalid$/i.test(to)
      ? 'Recipient address cannot receive mail'
      : null;
  if (suppressedReason) {
    const row = db
      .insert(emailLogs)
      .values({ ...base, status: 'suppressed', errorMessage: suppressedReason })
      .returning({ id: emailLogs.id })
      .get();
    logger.debug({ emailLogId: row.id, emailType: options.emailType }, 'e-mail suppressed');
    return { id: row.id, status: 'suppressed', errorMessage: suppressedReason };
  }

  const row = db
    .insert(emailLogs)
    .values({ ...base, status: 'queued' })
    .returning({ id: emailLogs.id })
    .get();
  try {
    const result = await mailer.deliver({
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: unsubscribeHeaders(env.publicUrl, unsubscribeUrl, options.category, preferences?.unsubscribeToken),
    });
    const sentAt = deps.now();
    db.update(emailLogs)
      .set({
        status: 'sent',
        transport: result.transport,
        providerMessageId: result.providerMessageId,
        sentAt,
        updatedAt: sentAt,
      })
      .where(eq(emailLogs.id, row.id))
      .run();
    return { id: row.id, status: 'sent', errorMessage: null };
  } catch (error) {
    const errorMessage = errorText(error);
    db.update(emailLogs)
      .set({ status: 'failed', errorMessage, updatedAt: deps.now() })
      .where(eq(emailLogs.id, row.id))
      .run();
    logger.error(
      { err: error, emailLogId: row.id, emailType: options.emailType, transport: mailer.transport },
      'e-mail delivery failed',
    );
    return { id: row.id, status: 'failed', errorMessage };
  }
}

/**
 * List-Unsubscribe for every mail; marketing mail and reading reminders also get the RFC 8058 one-click pair, whose POST
 * switches that category off without a page (docs/product/admin-money.md#campaigns).
 */
export function unsubscribeHeaders(
  publicUrl: string,
  unsubscribeUrl: string,
  category: TEmailCategory,
  token: string | undefined,
): Record<string, string> {
  if ((category !== 'marketing' && category !== 'readingReminders') || !token) {
    return { 'List-Unsubscribe': `<${unsubscribeUrl}>` };
  }
  // Reading reminders' one click switches only the reminders off (docs/product/reading-stats.md#reading-reminder).
  const path = category === 'readingReminders' ? 'reading-reminders' : 'one-click';
  const oneClick = `${publicUrl}/api/email/unsubscribe/${path}?token=${encodeURIComponent(token)}`;
  return {
    'List-Unsubscribe': `<${oneClick}>, <${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** In development a reader can sign up without any mail server: the secret is printed to the log. */
function logForDevelopers(deps: TEmailDeps, fields: Record<string, string>, message: string) {
  if (deps.env.NODE_ENV === 'development') deps.logger.info(fields, message);
}

export function sendVerificationCodeEmail(deps: TEmailDeps, options: { user: TEmailUser; code: string }) {
  logForDevelopers(deps, { email: options.user.email, code: options.code }, 'verification code (development only)');
  return sendEmail(deps, {
    user: options.user,
    emailType: EMAIL_TYPES.verificationCode,
    category: 'transactional',
    template: verificationCodeEmail({
      firstName: options.user.firstName,
      code: options.code,
      expiresInMinutes: VERIFICATION_CODE_EXPIRES_MINUTES,
    }),
  });
}

export function sendPasswordResetEmail(deps: TEmailDeps, options: { user: TEmailUser; resetUrl: string }) {
  logForDevelopers(
    deps,
    { email: options.user.email, resetUrl: options.resetUrl },
    'password reset link (development only)',
  );
  return sendEmail(deps, {
    user: options.user,
    emailType: EMAIL_TYPES.passwordReset,
    category: 'transactional',
    template: passwordResetEmail({
      firstName: options.user.firstName,
      resetUrl: options.resetUrl,
      expiresInMinutes: PASSWORD_RESET_EXPIRES_MINUTES,
    }),
  });
}

export const UNLOCK_LINK_EXPIRES_MINUTES = 60;

export function sendAccountLockedEmail(
  deps: TEmailDeps,
  options: { user: TEmailUser; unlockUrl: string; resetUrl: string },
) {
  return sendEmail(deps, {
    user: options.user,
    emailType: EMAIL_TYPES.accountLocked,
    category: 'transactional',
    template: accountLockedEmail({
      firstName: options.user.firstName,
      unlockUrl: options.unlockUrl,
      resetUrl: options.resetUrl,
      expiresInMinutes: UNLOCK_LINK_EXPIRES_MINUTES,
    }),
  });
}

export function sendAlreadyRegisteredEmail(
  deps: TEmailDeps,
  options: { user: TEmailUser; signInUrl: string; resetUrl: string },
) {
  return sendEmail(deps, {
    user: options.user,
    emailType: EMAIL_TYPES.alreadyRegistered,
    category: 'transactional',
    template: alreadyRegisteredEmail({
      firstName: options.user.firstName,
      signInUrl: options.signInUrl,
      resetUrl: options.resetUrl,
    }),
  });
}

export function sendWelcomeEmail(deps: TEmailDeps, options: { user: TEmailUser }) {
  return sendEmail(deps, {
    user: options.user,
    emailType: EMAIL_TYPES.welcome,
    category: 'transactional',
    template: welcomeEmail({ firstName: options.user.firstName, trialDays: FREE_TRIAL_DAYS }),
  });
}

/** Goes to the OLD address (the user row already holds the new one), so a hijacked account is noticed. */
export function sendEmailChangedEmail(deps: TEmailDeps, options: { user: TEmailUser; oldEmail: string }) {
  return sendEmail(deps, {
    user: options.user,
    email: options.oldEmail,
    emailType: EMAIL_TYPES.emailChanged,
    category: 'transactional',
    template: emailChangedEmail({
      firstName: options.user.firstName,
      oldEmail: options.oldEmail,
      newEmail: options.user.email,
      changedAt: deps.now(),
    }),
  });
}

/** One alert per super admin; each is its own outbox row, so one bad address does not hide the others. */
export async function sendEmergencyLoginAlert(
  deps: TEmailDeps,
  options: { recipients: readonly TEmailUser[]; accountEmail: string; ipAddress: string | null; at: Date },
): Promise<TSendEmailResult[]> {
  const results: TSendEmailResult[] = [];
  for (const recipient of options.recipients) {
    results.push(
      await sendEmail(deps, {
        user: recipient,
        emailType: EMAIL_TYPES.emergencyLoginAlert,
        category: 'transactional',
        template: emergencyLoginAlertEmail({
          firstName: recipient.firstName,
          accountEmail: options.accountEmail,
          ipAddress: options.ipAddress,
          at: options.at,
        }),
      }),
    );
  }
  return results;
}

/** Billing e-mail kinds; receipts and failures are transactional, the rest follow preferences. */
export const BILLING_EMAIL_TYPES = {
  paymentReceipt: 'payment_receipt',
  paymentFailed: 'payment_failed',
  subscriptionCancelled: 'subscription_cancelled',
  planChanged: 'plan_changed',
  trialEnding2Days: 'trial_ending_2_days',
  trialEndingToday: 'trial_ending_today',
} as const;

/**
 * A send function for a template that greets the reader by first name: callers pass the rest of the
 * template's input, and the e-mail type and preference category are fixed here.
 */
function personalSender<TInput extends { firstName: string | null }>(
  render: (input: TInput) => TEmailTemplate,
  emailType: string,
  category: TEmailCategory,
) {
  return (deps: TEmailDeps, options: { user: TEmailUser; input: Omit<TInput, 'firstName'> }) =>
    sendEmail(deps, {
      user: options.user,
      emailType,
      category,
      template: render({ ...options.input, firstName: options.user.firstName } as TInput),
    });
}

export const sendPaymentReceiptEmail = personalSender(
  paymentReceiptEmail,
  BILLING_EMAIL_TYPES.paymentReceipt,
  'transactional',
);
export const sendPaymentFailedEmail = personalSender(
  paymentFailedEmail,
  BILLING_EMAIL_TYPES.paymentFailed,
  'transactional',
);
export const sendSubscriptionCancelledEmail = personalSender(
  subscriptionCancelledEmail,
  BILLING_EMAIL_TYPES.subscriptionCancelled,
  'subscriptionUpdates',
);
export const sendPlanChangedEmail = personalSender(
  planChangedEmail,
  BILLING_EMAIL_TYPES.planChanged,
  'subscriptionUpdates',
);

/** `which` picks the e-mail kind, so the job can remember each reminder separately. */
export function sendTrialEndingEmail(
  deps: TEmailDeps,
  options: { user: TEmailUser; which: '2_days' | 'today'; trialEndsAt: Date; daysLeft: number },
) {
  return sendEmail(deps, {
    user: options.user,
    emailType: options.which === 'today' ? BILLING_EMAIL_TYPES.trialEndingToday : BILLING_EMAIL_TYPES.trialEnding2Days,
    category: 'trialReminders',
    template: trialEndingEmail({
      firstName: options.user.firstName,
      trialEndsAt: options.trialEndsAt,
      daysLeft: options.daysLeft,
    }),
  });
}

export const READING_REMINDER_EMAIL_TYPE = 'reading_reminder';

/** The reading reminder (docs/product/reading-stats.md#reading-reminder); the caller has checked the reader opted in. */
export function sendReadingReminderEmail(
  deps: TEmailDeps,
  options: { user: TEmailUser; streakDays: number; stopUrl: string },
) {
  return sendEmail(deps, {
    user: options.user,
    emailType: READING_REMINDER_EMAIL_TYPE,
    category: 'readingReminders',
    template: readingReminderEmail({
      firstName: options.user.firstName,
      streakDays: options.streakDays,
      stopUrl: options.stopUrl,
    }),
  });
}
