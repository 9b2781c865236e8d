/**
 * SMTP end to end: a real smtp-server on 127.0.0.1 receives what nodemailer sends through the
 * email service, and the test reads the raw message that arrived.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { emailLogs, emailPreferences } from '../../db/schema';
import { createLogger } from '../../logger';
import { createTestContext } from '../../test-utils';
import { sendVerificationCodeEmail } from '../../features/email/email.service';
import { insertUser } from '../../features/profile/profile-test-support';
import { createMailer } from './index';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

interface ReceivedMessage {
  from: string | undefined;
  to: string[];
  raw: string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSmtpServer(options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in the test.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients)
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: `smtp://127.0.0.1:${port}` };
}

function track(mailer: Mailer): Mailer {
  cleanups.push(async () => mailer.close?.());
  return mailer;
}

/** Headers of a raw message, unfolded (continuation lines joined), keyed by lower-case name. */
function parseHeaders(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

/** Enough quoted-printable decoding to read the parts nodemailer writes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('SMTP mailer', () => {
  it('delivers the verification e-mail with code, subject, recipient and unsubscribe link', async () => {
    const smtp = await startSmtpServer();
    const mailer = track(createSmtpMailer(smtp.url, 'Wonderful Books <no-reply@wonderfulbooks.local>'));
    const deps = createTestContext({ mailer });
    const user = await insertUser(deps.db, { email: 'ada@example.com', firstName: 'Ada' });

    const result = await sendVerificationCodeEmail(deps, { user, code: '314159' });
    expect(result.status).toBe('sent');

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.from).toBe('no-reply@wonderfulbooks.local');
    const headers = parseHeaders(message.raw);
    expect(headers.subject).toBe('Your Wonderful Books verification code');
    expect(headers.to).toBe('ada@example.com');
    expect(headers.from).toBe('Wonderful Books <no-reply@wonderfulbooks.local>');
    expect(headers['content-type']).toContain('multipart/alternative');

    const token = deps.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, user.id))
      .get()!.unsubscribeToken;
    const link = `http://localhost:3000/unsubscribe?token=${token}`;
    expect(headers['list-unsubscribe']).toBe(`<${link}>`);
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('314159');
    expect(body).toContain(link);

    const log = deps.db.select().from(emailLogs).where(eq(emailLogs.id, result.id)).get()!;
    expect(log).toMatchObject({ status: 'sent', transport: 'smtp' });
    expect(log.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(headers['message-id']).toBe(log.providerMessageId);
  });

  it('records a refused delivery as failed without throwing', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    const mailer = track(createSmtpMailer(smtp.url, 'Wonderful Books <no-reply@wonderfulbooks.local>'));
    const deps = createTestContext({ mailer });
    const user = await insertUser(deps.db);
    const result = await sendVerificationCodeEmail(deps, { user, code: '271828' });
    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(/Mailbox unavailable|550/);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('createMailer', () => {
  const logger = createLogger('silent');

  it('uses the outbox when SMTP_URL is not set', () => {
    expect(createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x <x@example.com>' }, logger).transport).toBe('outbox');
  });

  it('uses SMTP when SMTP_URL is set', () => {
    const mailer = track(createMailer({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x <x@example.com>' }, logger));
    expect(mailer.transport).toBe('smtp');
  });
});
