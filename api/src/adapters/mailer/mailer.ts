/**
 * The mailer adapter (product decision 9): one interface, an embedded default that only records
 * messages in the outbox (`email_logs`), and SMTP through nodemailer when SMTP_URL is set.
 * Callers go through features/email/email.service.ts, which renders templates, honours
 * preferences and writes the `email_logs` row; an adapter only delivers.
 */
import type { TEnv } from '../../env';
import type { Logger } from '../../logger';
import { createSmtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface DeliveryResult {
  transport: 'outbox' | 'smtp';
  providerMessageId: string | null;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<DeliveryResult>;
  /** Releases pooled connections at shutdown; the outbox holds none. */
  close?(): Promise<void>;
}

/** The embedded default: nothing leaves the machine; the email service keeps the stored copy. */
export function createOutboxMailer(): Mailer {
  return {
    transport: 'outbox',
    async deliver() {
      return { transport: 'outbox', providerMessageId: null };
    },
  };
}

/** The one place that picks the transport: SMTP when SMTP_URL is set, otherwise the local outbox. */
export function createMailer(env: Pick<TEnv, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    // Host and port only: the URL carries the SMTP password.
    logger.info({ transport: 'smtp', host: url.hostname, port: url.port || null }, 'mail is delivered by SMTP');
    return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  }
  logger.info({ transport: 'outbox' }, 'mail stays in the local outbox (set SMTP_URL to deliver it)');
  return createOutboxMailer();
}
