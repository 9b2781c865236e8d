/**
 * The mailer adapter (docs/product/decisions.md#9): one interface, an embedded default that only records
 * messages in the outbox (`email_logs`), and SMTP through nodemailer when SMTP_URL is set.
 * Callers go through features/email/email.service.ts, which renders templates, honours
 * preferences and writes the `email_logs` row; an adapter only delivers. `createMailer` (index.ts)
 * picks the transport.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

/**
 * The embedded default: nothing leaves the machine; the email service keeps the stored (redacted) copy.
 * With `dropDir` (MAIL_DROP_DIR, development and tests only) the delivered message is also written
 * there as `<time>-<sequence>-<id>.json` (names sort in delivery order, even within one millisecond), readable only by this machine's user: the developer's and the
 * end-to-end tests' mailbox, where codes and links arrive live as a recipient would see them.
 */
export function createOutboxMailer(options: { dropDir?: string } = {}): Mailer {
  const { dropDir } = options;
  if (dropDir) fs.mkdirSync(dropDir, { recursive: true, mode: 0o700 });
  let delivered = 0;
  return {
    transport: 'outbox',
    async deliver(message) {
      if (dropDir) {
        delivered += 1;
        const name = `${Date.now()}-${String(delivered).padStart(9, '0')}-${randomUUID()}.json`;
        const file = path.join(dropDir, name);
        await fs.promises.writeFile(`${file}.part`, JSON.stringify(message), { mode: 0o600 });
        // Renamed once complete, so a reader never sees half a message.
        await fs.promises.rename(`${file}.part`, file);
      }
      return { transport: 'outbox', providerMessageId: null };
    },
  };
}
