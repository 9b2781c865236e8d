/**
 * SMTP delivery through nodemailer's pooled transport (a few long-lived connections instead of one
 * handshake per message). Holds no state beyond the pool; the email service records every message.
 */
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    // Bounded waits, so a dead relay fails a send in seconds rather than holding a request open.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    transport: 'smtp',
    async deliver(message: MailMessage) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      return { transport: 'smtp', providerMessageId: typeof info.messageId === 'string' ? info.messageId : null };
    },
    async close() {
      transporter.close();
    },
  };
}
