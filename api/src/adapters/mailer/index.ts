/** Chooses the mailer from configuration (docs/product/decisions.md#9). */
import type { TEnv } from '../../env';
import type { Logger } from '../../logger';
import { createOutboxMailer, type Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The one place that picks the transport: SMTP when SMTP_URL is set, otherwise the local outbox. */
export function createMailer(env: Pick<TEnv, 'SMTP_URL' | 'MAIL_FROM' | 'mailDropDir'>, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    // Host and port only: the URL carries the SMTP password.
    logger.info({ transport: 'smtp', host: url.hostname, port: url.port || null }, 'mail is delivered by SMTP');
    return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  }
  logger.info({ transport: 'outbox' }, 'mail stays in the local outbox (set SMTP_URL to deliver it)');
  if (env.mailDropDir) logger.info({ folder: env.mailDropDir }, 'delivered mail is also written to this folder');
  return createOutboxMailer({ dropDir: env.mailDropDir });
}
