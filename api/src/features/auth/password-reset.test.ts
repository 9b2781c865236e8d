import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, MESSAGES } from '@shared/messages';
import { auditLogs, sessions, users } from '../../db/schema';
import { createTestContext, deliveredMail } from '../../test-utils';
import { createClock, createUser, outbox, sessionCookie, testEnv } from './auth-test-helpers';
import { hashResetToken } from './one-time-code';

/** The reset link of the newest password-reset e-mail (sent without blocking the answer). */
async function resetTokenFromOutbox(db: ReturnType<typeof createTestContext>['db'], email: string): Promise<string> {
  return vi.waitFor(() => {
    // The recipient's copy: the stored outbox copy has the token hidden.
    const latest = deliveredMail(db, email).findLast((message) => /reset your/i.test(message.subject));
    const match = latest?.text.match(/\/auth\/reset-password\?token=([A-Za-z0-9_%-]+)/);
    if (!match) throw new Error('no reset e-mail yet');
    return decodeURIComponent(match[1]);
  });
}

describe('POST /api/auth/forgot-password', () => {
  it('gives the same status and body for known and unknown addresses', async () => {
    const { client, db } = createTestContext();
    const user = await createUser(db);
    const known = await client.auth['forgot-password'].$post({ json: { email: user.email } });
    const unknown = await client.auth['forgot-password'].$post({ json: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(knownBody).toBe(unknownBody);
    expect(JSON.parse(knownBody)).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
    await resetTokenFromOutbox(db, user.email);
    expect(outbox(db, 'nobody@example.com')).toHaveLength(0);
  });

  it('e-mails a one-hour link to PUBLIC_URL/auth/reset-password and stores only the token hash', async () => {
    const clock = createClock();
    const { client, db } = createTestContext({
      now: clock.now,
      env: testEnv({ PUBLIC_URL: 'https://books.example.com' }),
    });
    const user = await createUser(db);
    await client.auth['forgot-password'].$post({ json: { email: user.email.toUpperCase() } });
    const token = await resetTokenFromOutbox(db, user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deliveredMail(db, user.email).at(-1)?.text).toContain(
      `https://books.example.com/auth/reset-password?token=${token}`,
    );
    expect(outbox(db, user.email, 'password_reset')[0].bodyText).toContain(
      'https://books.example.com/auth/reset-password?token=[redacted]',
    );
    const row = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row.passwordResetToken).toBe(hashResetToken(token));
    expect(row.passwordResetExpires?.getTime()).toBe(clock.now().getTime() + 60 * 60_000);
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.password_reset.requested')).all()).toHaveLength(
      1,
    );
  });

  it('limits requests per address the same way for unknown addresses (429 + Retry-After)', async () => {
    const { client, clientFor, db } = createTestContext();
    const user = await createUser(db);
    const statuses = async (email: string) => {
      const result = [];
      for (let i = 0; i < 4; i += 1)
        result.push(
          (await clientFor({ ip: `192.0.2.${i}` }).auth['forgot-password'].$post({ json: { email } })).status,
        );
      return result;
    };
    expect(await statuses(user.email)).toEqual([200, 200, 200, 429]);
    expect(await statuses('nobody@example.com')).toEqual([200, 200, 200, 429]);
    const limited = await client.auth['forgot-password'].$post({ json: { email: 'nobody@example.com' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('validates the address', async () => {
    const { client } = createTestContext();
    const response = await client.auth['forgot-password'].$post({ json: { email: 'nope' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'email', message: MESSAGES.emailInvalid }] });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, clears the token and ends every session of the account', async () => {
    const { client, clientFor, db } = createTestContext();
    const user = await createUser(db);
    const signIn = (password: string) => client.auth.login.$post({ json: { emailOrUsername: user.email, password } });
    const laptop = sessionCookie(await signIn(user.password));
    const phone = sessionCookie(await signIn(user.password));

    await client.auth['forgot-password'].$post({ json: { email: user.email } });
    const token = await resetTokenFromOutbox(db, user.email);
    const response = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset });

    expect((await clientFor(laptop).auth.user.$get()).status).toBe(401);
    expect((await clientFor(phone).auth.user.$get()).status).toBe(401);
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect((await signIn(user.password)).status).toBe(401);
    expect((await signIn('a brand new secret')).status).toBe(200);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      passwordResetToken: null,
      passwordResetExpires: null,
    });
    expect(
      db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.password_reset.completed')).all(),
    ).toMatchObject([{ userId: user.id }]);

    // The link works once.
    const again = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'another new secret',
        confirmPassword: 'another new secret',
      },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      detail: AUTH_MESSAGES.resetLinkInvalid,
      errors: [{ field: 'token', message: AUTH_MESSAGES.resetLinkInvalid }],
    });
  });

  it('refuses a link older than one hour', async () => {
    const clock = createClock();
    const { client, db } = createTestContext({ now: clock.now });
    const user = await createUser(db);
    await client.auth['forgot-password'].$post({ json: { email: user.email } });
    const token = await resetTokenFromOutbox(db, user.email);
    clock.advance(60 * 60_000 + 1);
    const response = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'token' }] });
  });

  it('answers the password messages on their fields', async () => {
    const { client } = createTestContext();
    const token = 'x'.repeat(43);
    const short = await client.auth['reset-password'].$post({
      json: { token, password: 'short', confirmPassword: 'short' },
    });
    expect(await short.json()).toMatchObject({ errors: [{ field: 'password', message: MESSAGES.passwordMin }] });
    const mismatch = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'long enough 1',
        confirmPassword: 'long enough 2',
      },
    });
    expect(await mismatch.json()).toMatchObject({
      errors: [{ field: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch }],
    });
    const tooLong = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'p'.repeat(129),
        confirmPassword: 'p'.repeat(129),
      },
    });
    expect(await tooLong.json()).toMatchObject({ errors: [{ field: 'password', message: MESSAGES.passwordMax }] });
    const bogus = await client.auth['reset-password'].$post({
      json: {
        token,
        password: 'long enough 1',
        confirmPassword: 'long enough 1',
      },
    });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toMatchObject({ errors: [{ field: 'token', message: AUTH_MESSAGES.resetLinkInvalid }] });
  });
});
