import { Writable } from 'node:stream';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mailer/mailer';
import { emailLogs, emailPreferences } from '../../db/schema';
import { parseEnv } from '../../env';
import { createTestContext } from '../../test-utils';
import { insertUser } from '../profile/profile-test-support';
import {
  ensureEmailPreferences,
  sendEmail,
  sendEmailChangedEmail,
  sendEmergencyLoginAlert,
  sendPasswordResetEmail,
  sendVerificationCodeEmail,
  sendWelcomeEmail,
} from './email.service';
import { welcomeEmail } from './templates';

/** A mailer that keeps what it was asked to deliver (or fails on demand). */
function recordingMailer(options: { fail?: boolean } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: 'smtp',
    sent,
    async deliver(message) {
      if (options.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      sent.push(message);
      return { transport: 'smtp', providerMessageId: '<id@test>' };
    },
  };
}

function setup(options: { fail?: boolean } = {}) {
  const mailer = recordingMailer(options);
  const context = createTestContext({ mailer });
  return { ...context, mailer };
}

const logsOf = (db: ReturnType<typeof createTestContext>['db'], userId: string) =>
  db.select().from(emailLogs).where(eq(emailLogs.userId, userId)).all();

describe('send functions', () => {
  it('each stores an email_logs row with the rendered bodies and delivers through the mailer', async () => {
    const deps = setup();
    const user = await insertUser(deps.db);
    const admin = await insertUser(deps.db, { role: 'super_admin', firstName: 'Grace' });

    await sendVerificationCodeEmail(deps, { user, code: '123456' });
    await sendPasswordResetEmail(deps, {
      user,
      resetUrl: 'http://localhost:3000/auth/reset-password?token=abcdefghijklmnop',
    });
    await sendWelcomeEmail(deps, { user });
    await sendEmailChangedEmail(deps, { user, oldEmail: 'before@example.com' });
    const alerts = await sendEmergencyLoginAlert(deps, {
      recipients: [admin],
      accountEmail: 'root@example.com',
      ipAddress: '203.0.113.9',
      at: new Date(),
    });

    const rows = logsOf(deps.db, user.id);
    expect(rows.map((row) => row.emailType).sort()).toEqual([
      'email_changed',
      'password_reset',
      'verification_code',
      'welcome',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'sent',
        transport: 'smtp',
        providerMessageId: '<id@test>',
        errorMessage: null,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.bodyText.length).toBeGreaterThan(50);
      expect(row.bodyHtml).toContain('<!doctype html>');
    }
    // The stored copy hides the code; the delivered one carries it.
    expect(rows.find((row) => row.emailType === 'verification_code')!.bodyText).toContain('[code hidden]');
    expect(rows.find((row) => row.emailType === 'verification_code')!.bodyText).not.toContain('123456');
    // The change notice goes to the old address.
    expect(rows.find((row) => row.emailType === 'email_changed')!.email).toBe('before@example.com');
    expect(alerts).toHaveLength(1);
    expect(logsOf(deps.db, admin.id)[0]).toMatchObject({
      emailType: 'emergency_login_alert',
      email: admin.email,
      status: 'sent',
    });
    expect(deps.mailer.sent).toHaveLength(5);
  });

  it('creates the preferences row once with a 32-byte unsubscribe token and puts it in every mail', async () => {
    const deps = setup();
    const user = await insertUser(deps.db);
    await sendWelcomeEmail(deps, { user });
    await sendVerificationCodeEmail(deps, { user, code: '654321' });
    const rows = deps.db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = `http://localhost:3000/unsubscribe?token=${rows[0].unsubscribeToken}`;
    for (const message of deps.mailer.sent) {
      expect(message.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
      expect(message.text).toContain(link);
      expect(message.html).toContain(link);
    }
  });

  it('sends to an address without an account and still links the unsubscribe page', async () => {
    const deps = setup();
    const result = await sendEmail(deps, {
      email: 'stranger@example.com',
      emailType: 'welcome',
      category: 'transactional',
      template: welcomeEmail({ firstName: null, trialDays: 7 }),
    });
    expect(result.status).toBe('sent');
    expect(deps.mailer.sent[0].headers?.['List-Unsubscribe']).toBe('<http://localhost:3000/unsubscribe>');
  });

  it('finds the account behind a bare address so its preferences apply', async () => {
    const deps = setup();
    const user = await insertUser(deps.db);
    const result = await sendEmail(deps, {
      email: user.email.toUpperCase(),
      emailType: 'newsletter',
      category: 'marketing',
      template: welcomeEmail({ firstName: null, trialDays: 7 }),
    });
    expect(result.status).toBe('suppressed');
    expect(logsOf(deps.db, user.id)).toHaveLength(1);
  });
});

describe('preferences', () => {
  const template = welcomeEmail({ firstName: 'Ada', trialDays: 7 });

  it('skips marketing by default (opt-in) and sends it once the reader opts in', async () => {
    const deps = setup();
    const user = await insertUser(deps.db);
    const skipped = await sendEmail(deps, { user, emailType: 'newsletter', category: 'marketing', template });
    expect(skipped.status).toBe('suppressed');
    expect(deps.mailer.sent).toHaveLength(0);
    expect(logsOf(deps.db, user.id)[0]).toMatchObject({ status: 'suppressed', emailType: 'newsletter', sentAt: null });

    deps.db.update(emailPreferences).set({ marketingEmails: true }).where(eq(emailPreferences.userId, user.id)).run();
    expect((await sendEmail(deps, { user, emailType: 'newsletter', category: 'marketing', template })).status).toBe(
      'sent',
    );
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('honours each category switch and "unsubscribe from all", but always sends transactional mail', async () => {
    const deps = setup();
    const user = await insertUser(deps.db);
    ensureEmailPreferences({ db: deps.db, user, now: new Date() });
    expect(
      (await sendEmail(deps, { user, emailType: 'trial_reminder', category: 'trialReminders', template })).status,
    ).toBe('sent');
    expect(
      (await sendEmail(deps, { user, emailType: 'receipt', category: 'subscriptionUpdates', template })).status,
    ).toBe('sent');

    deps.db.update(emailPreferences).set({ trialReminders: false }).where(eq(emailPreferences.userId, user.id)).run();
    expect(
      (await sendEmail(deps, { user, emailType: 'trial_reminder', category: 'trialReminders', template })).status,
    ).toBe('suppressed');
    expect(
      (await sendEmail(deps, { user, emailType: 'receipt', category: 'subscriptionUpdates', template })).status,
    ).toBe('sent');

    deps.db
      .update(emailPreferences)
      .set({ isUnsubscribedAll: true, marketingEmails: true })
      .where(eq(emailPreferences.userId, user.id))
      .run();
    expect(
      (await sendEmail(deps, { user, emailType: 'receipt', category: 'subscriptionUpdates', template })).status,
    ).toBe('suppressed');
    expect((await sendEmail(deps, { user, emailType: 'newsletter', category: 'marketing', template })).status).toBe(
      'suppressed',
    );
    expect((await sendVerificationCodeEmail(deps, { user, code: '111222' })).status).toBe('sent');
    expect((await sendPasswordResetEmail(deps, { user, resetUrl: 'http://localhost:3000/r?token=x' })).status).toBe(
      'sent',
    );
  });

  it('never delivers to the reserved .invalid addresses of deleted accounts', async () => {
    const deps = setup();
    const result = await sendEmail(deps, {
      email: 'deleted-1@deleted.invalid',
      emailType: 'welcome',
      category: 'transactional',
      template,
    });
    expect(result.status).toBe('suppressed');
    expect(deps.mailer.sent).toHaveLength(0);
  });
});

describe('delivery failures', () => {
  it('are recorded as failed with the reason and returned, not thrown', async () => {
    const deps = setup({ fail: true });
    const user = await insertUser(deps.db);
    const result = await sendVerificationCodeEmail(deps, { user, code: '999000' });
    expect(result).toMatchObject({ status: 'failed', errorMessage: 'connect ECONNREFUSED 127.0.0.1:2525' });
    expect(logsOf(deps.db, user.id)[0]).toMatchObject({
      status: 'failed',
      errorMessage: 'connect ECONNREFUSED 127.0.0.1:2525',
      sentAt: null,
    });
  });
});

describe('development logging', () => {
  function capturingLogger() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { logger: pino({ level: 'info' }, stream), lines };
  }

  it('logs the code and the reset link at info in development only', async () => {
    for (const nodeEnv of ['development', 'production'] as const) {
      const { logger, lines } = capturingLogger();
      // Production without SMTP must say so explicitly.
      const env = parseEnv({
        NODE_ENV: nodeEnv,
        DEMO_SEED: 'false',
        PUBLIC_URL: 'http://localhost:3000',
        ALLOW_OUTBOX_MAILER: 'true',
        ALLOW_SIMULATED_PAYMENTS: 'true',
      });
      const deps = { ...setup(), env, logger };
      const user = await insertUser(deps.db);
      await sendVerificationCodeEmail(deps, { user, code: '424242' });
      await sendPasswordResetEmail(deps, {
        user,
        resetUrl: 'http://localhost:3000/auth/reset-password?token=secret-token-value',
      });
      await new Promise((resolve) => setImmediate(resolve));
      const logged = JSON.stringify(lines);
      if (nodeEnv === 'development') {
        expect(lines.find((line) => line.code === '424242')).toMatchObject({ level: 30, email: user.email });
        expect(logged).toContain('secret-token-value');
      } else {
        expect(logged).not.toContain('424242');
        expect(logged).not.toContain('secret-token-value');
      }
    }
  });
});
