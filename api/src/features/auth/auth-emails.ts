/**
 * The accounts feature's e-mails, sent through features/email (which renders, honours preferences,
 * stores the outbox copy and delivers). A mail failure never undoes the account change that caused
 * it: the user can ask again (resend, forgot password), so it is logged and the request succeeds.
 */
import type { AppDeps } from '../../deps';
import type { users } from '../../db/schema';
import {
  sendAccountLockedEmail,
  sendAlreadyRegisteredEmail,
  sendEmergencyLoginAlert,
  sendPasswordResetEmail,
  sendVerificationCodeEmail,
  sendWelcomeEmail,
} from '../email/email.service';

export type TMailDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'mailer' | 'now'>;
type TUserRow = typeof users.$inferSelect;

async function deliverSafely(deps: TMailDeps, kind: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    deps.logger.error({ err: error, kind }, 'could not send an accounts e-mail');
  }
}

export const mailVerificationCode = (deps: TMailDeps, user: TUserRow, code: string) =>
  deliverSafely(deps, 'verification_code', () => sendVerificationCodeEmail(deps, { user, code }));

export const mailWelcome = (deps: TMailDeps, user: TUserRow) =>
  deliverSafely(deps, 'welcome', () => sendWelcomeEmail(deps, { user }));

export const mailPasswordReset = (deps: TMailDeps, user: TUserRow, resetUrl: string) =>
  deliverSafely(deps, 'password_reset', () => sendPasswordResetEmail(deps, { user, resetUrl }));

export const mailEmergencyLoginAlert = (
  deps: TMailDeps,
  alert: { recipients: TUserRow[]; accountEmail: string; ipAddress: string | null; at: Date },
) => deliverSafely(deps, 'emergency_login_alert', () => sendEmergencyLoginAlert(deps, alert));

export const mailAccountLocked = (deps: TMailDeps, user: TUserRow, unlockUrl: string) =>
  deliverSafely(deps, 'account_locked', () =>
    sendAccountLockedEmail(deps, { user, unlockUrl, resetUrl: appUrl(deps, '/auth/forgot-password') }),
  );

export const mailAlreadyRegistered = (deps: TMailDeps, user: TUserRow) =>
  deliverSafely(deps, 'already_registered', () =>
    sendAlreadyRegisteredEmail(deps, {
      user,
      signInUrl: appUrl(deps, '/auth/login'),
      resetUrl: appUrl(deps, '/auth/forgot-password'),
    }),
  );

/** An absolute link into the web app. */
export function appUrl(deps: Pick<TMailDeps, 'env'>, pathAndQuery: string): string {
  return `${deps.env.publicUrl.replace(/\/+$/, '')}${pathAndQuery}`;
}
