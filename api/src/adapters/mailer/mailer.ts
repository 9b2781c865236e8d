/**
 * The mailer adapter (product decision 9): one interface, an embedded default that only records
 * messages in the outbox (`email_logs`), and SMTP through nodemailer when SMTP_URL is set.
 * Callers go through features/email/email.service.ts, which renders templates, honours
 * preferences and writes the `email_logs` row; an adapter only delivers. `createMailer` (index.ts)
 * picks the transport.
 */

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
