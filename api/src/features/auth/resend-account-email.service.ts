/**
 * Resending a message from the admin outbox (docs/product/operations.md#e-mail-secrets). The outbox
 * keeps copies with their codes and links redacted, so a message that carried a credential is never
 * sent again from its stored copy: a new verification code or reset link is issued instead, always to
 * the account's own current address (never the address on the stored row, which may be outdated), and
 * the staff member who asked never sees it. Other messages are sent again as stored.
 */
import { eq } from 'drizzle-orm';
import type { TActionResponse } from '@shared/auth';
import { EMAIL_TYPES, OUTBOX_RESEND_MESSAGES } from '@shared/email';
import { emailLogs, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { sendEmail } from '../email/email.service';
import { requestPasswordReset } from './auth.service';
import type { TMailDeps } from './auth-emails';
import { resendVerificationCode } from './registration.service';

export async function resendOutboxMessage(
  options: TMailDeps & TRequestMeta & { messageId: string; adminId: string },
): Promise<TActionResponse> {
  const { db, messageId } = options;
  const row = db.select().from(emailLogs).where(eq(emailLogs.id, messageId)).get();
  if (!row) throw notFound('Message');
  const user = row.userId ? db.select().from(users).where(eq(users.id, row.userId)).get() : undefined;
  const refuse = (message: string) => new AppError('resend_refused', 409, message);

  let message: string;
  switch (row.emailType) {
    case EMAIL_TYPES.verificationCode: {
      if (!user) throw refuse(OUTBOX_RESEND_MESSAGES.noAccount);
      if (user.emailVerified) throw refuse(OUTBOX_RESEND_MESSAGES.alreadyVerified);
      await resendVerificationCode({ ...options, userId: user.id });
      message = OUTBOX_RESEND_MESSAGES.codeSent;
      break;
    }
    case EMAIL_TYPES.passwordReset: {
      if (!user) throw refuse(OUTBOX_RESEND_MESSAGES.noAccount);
      requestPasswordReset({ ...options, email: user.email });
      message = OUTBOX_RESEND_MESSAGES.resetSent;
      break;
    }
    case EMAIL_TYPES.accountLocked:
      throw refuse(OUTBOX_RESEND_MESSAGES.unlockNotResent);
    default: {
      // Nothing in these was redacted: the stored copy is what the recipient got.
      await sendEmail(options, {
        user: user ? { id: user.id, email: row.email, firstName: user.firstName } : null,
        email: row.email,
        emailType: row.emailType,
        category: 'transactional',
        template: () => ({ subject: row.subject, text: row.bodyText, html: row.bodyHtml ?? '' }),
      });
      message = OUTBOX_RESEND_MESSAGES.copySent;
    }
  }
  recordAudit(options, {
    action: 'email.resent',
    resource: 'email_log',
    resourceId: row.id,
    userId: options.adminId,
    details: { emailType: row.emailType, accountId: user?.id ?? null },
    ipAddress: options.ipAddress,
    userAgent: options.userAgent,
  });
  return { success: true, message };
}
