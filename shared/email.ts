/** Response types of the e-mail API: preferences, unsubscribe links and the admin outbox. Pure: no I/O. */

/** The categories a reader can switch off (docs/product/accounts.md#e-mail); transactional mail is always sent. */
export interface TEmailPreferencesResponse {
  marketingEmails: boolean;
  trialReminders: boolean;
  subscriptionUpdates: boolean;
  isUnsubscribedAll: boolean;
  /** ISO timestamp of the last "unsubscribe from everything", or null. */
  unsubscribedAt: string | null;
}

/** GET/POST /api/email/unsubscribe: the masked address (e.g. `r***@example.com`) and its preferences. */
export interface TUnsubscribeResponse {
  email: string;
  preferences: TEmailPreferencesResponse;
}

export type TEmailStatus = 'queued' | 'sent' | 'failed' | 'suppressed';
export type TEmailTransport = 'outbox' | 'smtp';

/** One stored message of the outbox (admin only): bodies included, as the admin screen shows them. */
export interface TOutboxMessage {
  id: string;
  userId: string | null;
  email: string;
  emailType: string;
  subject: string;
  /** `suppressed`: not sent because the recipient switched that category off. */
  status: TEmailStatus;
  transport: TEmailTransport;
  providerMessageId: string | null;
  errorMessage: string | null;
  bodyText: string;
  bodyHtml: string | null;
  /** ISO timestamps. */
  createdAt: string;
  sentAt: string | null;
}

export interface TOutboxPage {
  items: TOutboxMessage[];
  total: number;
  page: number;
  limit: number;
}

/** The e-mail kinds the accounts feature sends (other features add their own emailType strings). */
export const EMAIL_TYPES = {
  verificationCode: 'verification_code',
  passwordReset: 'password_reset',
  welcome: 'welcome',
  emailChanged: 'email_changed',
  emergencyLoginAlert: 'emergency_login_alert',
  accountLocked: 'account_locked',
  alreadyRegistered: 'already_registered',
} as const;

/** Answers of POST /api/admin/email/outbox/:id/resend (docs/product/operations.md#e-mail-secrets). */
export const OUTBOX_RESEND_MESSAGES = {
  codeSent: 'A new verification code was sent to the account’s own address.',
  resetSent: 'A new password reset link was sent to the account’s own address.',
  copySent: 'The message was sent again.',
  noAccount: 'This message’s account no longer exists, so nothing was sent.',
  alreadyVerified: 'This account’s e-mail address is already verified; no new code is needed.',
  unlockNotResent:
    'Unlock links are issued only when an account locks. Clear the lock from the sign-in locks list instead.',
} as const;
