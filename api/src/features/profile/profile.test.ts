import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TChangePasswordRequest, TDeleteAccountRequest, TUpdateProfileRequest } from '@shared/auth.schemas';
import { auditLogs, bookmarks, emailLogs, emailPreferences, sessions, userLibrary, users } from '../../db/schema';
import { createBook } from '../../test-factories';
import { createTestContext, problemBody, successBody, type TTestClient } from '../../test-utils';
import { recordAudit } from '../audit/audit.service';
import { send } from '../auth/auth-test-helpers';
import { verifyPassword } from '../../lib/password';
import { hashSessionToken } from '../auth/session.service';
import { sendVerificationCodeEmail } from '../email/email.service';
import { insertUser, signIn } from './profile-test-support';

const PASSWORD = 'correct horse battery';

describe('GET /api/me', () => {
  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    expect((await client.me.$get()).status).toBe(401);
  });

  it('returns the profile without secrets', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, {
      password: PASSWORD,
      username: 'ada',
      phoneNumber: '+447700900123',
      countryCode: 'GB',
    });
    const { cookie } = signIn(context.db, user.id);
    const response = await context.clientFor(cookie).me.$get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await successBody(response);
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      username: 'ada',
      firstName: 'Ada',
      phoneNumber: '+447700900123',
      countryCode: 'GB',
      role: 'user',
    });
    expect(body.createdAt).toBe(user.createdAt.toISOString());
    expect(JSON.stringify(body)).not.toContain('argon2');
  });
});

describe('PATCH /api/me', () => {
  async function patch(json: TUpdateProfileRequest) {
    const context = createTestContext();
    const user = await insertUser(context.db);
    const { cookie } = signIn(context.db, user.id);
    const response = await context.clientFor(cookie).me.$patch({ json });
    return { context, user, response };
  }

  it('updates names and stores the phone in E.164 with the detected country', async () => {
    const { context, user, response } = await patch({
      firstName: ' Grace ',
      lastName: 'Hopper',
      phoneNumber: '020 7946 0018',
      countryCode: 'GB',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+442079460018',
      countryCode: 'GB',
    });
    const row = context.db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row).toMatchObject({ firstName: 'Grace', phoneNumber: '+442079460018', countryCode: 'GB' });
  });

  it('detects the country of an international number', async () => {
    const { response } = await patch({ phoneNumber: '+1 212 555 0123' });
    expect(await response.json()).toMatchObject({ phoneNumber: '+12125550123', countryCode: 'US' });
  });

  it.each([
    [{ phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ countryCode: 'gb', phoneNumber: '07700 900123' }, 'countryCode', 'Country code must be two capital letters'],
    [{ countryCode: 'GB' }, 'countryCode', 'Send the phone number together with its country'],
  ])('refuses %j with the field message', async (body, field, message) => {
    const { response } = await patch(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = await problemBody(response);
    expect(problem.errors).toContainEqual({ field, message });
  });

  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    expect((await client.me.$patch({ json: {} })).status).toBe(401);
  });
});

describe('PUT /api/me/password', () => {
  const change = (client: TTestClient, json: TChangePasswordRequest) => client.me.password.$put({ json });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD });
    const { cookie } = signIn(context.db, user.id);
    const other = signIn(context.db, user.id);
    const response = await change(context.clientFor(cookie), {
      currentPassword: 'not the password',
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      detail: 'Current password is incorrect',
      errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const row = context.db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(row.passwordHash!, PASSWORD)).toBe(true);
    expect((await context.clientFor(other.cookie).me.$get()).status).toBe(200);
    expect(
      context.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.password_changed')).get(),
    ).toMatchObject({ status: 'failure', userId: user.id });
  });

  it('validates the new password', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD });
    const { cookie } = signIn(context.db, user.id);
    const reader = context.clientFor(cookie);
    const short = await change(reader, { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(await short.json()).toMatchObject({
      errors: [{ field: 'newPassword', message: 'Password must be at least 8 characters' }],
    });
    const mismatch = await change(reader, {
      currentPassword: PASSWORD,
      newPassword: 'a new password',
      confirmPassword: 'another one',
    });
    expect(await mismatch.json()).toMatchObject({
      errors: [{ field: 'confirmPassword', message: 'Passwords do not match' }],
    });
  });

  it('rehashes, ends the other sessions, keeps the current one and audits', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD, passwordResetToken: 'pending-reset-hash' });
    const current = signIn(context.db, user.id);
    const laptop = signIn(context.db, user.id);
    const phone = signIn(context.db, user.id);
    const stranger = await insertUser(context.db);
    const strangerSession = signIn(context.db, stranger.id);

    const response = await change(context.clientFor(current.cookie), {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Your password has been changed.' });

    const row = context.db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(row.passwordHash!, 'a brand new password')).toBe(true);
    expect(await verifyPassword(row.passwordHash!, PASSWORD)).toBe(false);
    expect(row.passwordResetToken).toBeNull();

    expect((await context.clientFor(current.cookie).me.$get()).status).toBe(200);
    expect((await context.clientFor(laptop.cookie).me.$get()).status).toBe(401);
    expect((await context.clientFor(phone.cookie).me.$get()).status).toBe(401);
    expect((await context.clientFor(strangerSession.cookie).me.$get()).status).toBe(200);
    expect(
      context.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .all()
        .map((s) => s.sid),
    ).toEqual([hashSessionToken(current.token)]);

    const audit = context.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id)).all();
    expect(audit.find((entry) => entry.status === 'success')).toMatchObject({
      action: 'auth.password_changed',
      details: { signedOutSessions: 2 },
    });
  });

  it('limits password guesses per account with 429 and Retry-After', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD });
    const { cookie } = signIn(context.db, user.id);
    const guess = () =>
      change(context.clientFor(cookie), {
        currentPassword: 'a wrong guess',
        newPassword: 'a new password',
        confirmPassword: 'a new password',
      });
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess()).status).toBe(400);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    const response = await change(client, {
      currentPassword: PASSWORD,
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/me/export', () => {
  it('downloads everything about the reader and no secrets', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, {
      password: PASSWORD,
      verificationCode: 'code-hash-0001',
      emailVerificationToken: 'verify-token-0002',
      passwordResetToken: 'reset-hash-0003',
      registrationIp: '198.51.100.7',
    });
    const other = await insertUser(context.db, { firstName: 'Someone Else' });
    const { cookie, token } = signIn(context.db, user.id);
    const book = createBook(context.db, { title: 'The Moonstone' });
    context.db.insert(userLibrary).values({ userId: user.id, bookId: book.id, addedAt: new Date() }).run();
    context.db.insert(bookmarks).values({ userId: user.id, bookId: book.id, page: 12, note: 'Lovely chapter' }).run();
    context.db.insert(bookmarks).values({ userId: other.id, bookId: book.id, page: 3, note: 'Not yours' }).run();
    await sendVerificationCodeEmail(context, { user, code: '987654' });
    recordAudit(context, {
      action: 'auth.login',
      userId: user.id,
      sessionId: hashSessionToken(token),
      ipAddress: '198.51.100.7',
    });
    const unsubscribeToken = context.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, user.id))
      .get()!.unsubscribeToken;

    const response = await context.clientFor(cookie).me.export.$get();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wonderful-books-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Ada',
      registrationIp: '198.51.100.7',
    });
    expect(data.library).toHaveLength(1);
    expect(data.bookmarks).toEqual([expect.objectContaining({ page: 12, note: 'Lovely chapter' })]);
    expect(data.emailPreferences).toMatchObject({ marketingEmails: false, trialReminders: true });
    expect(data.emails).toEqual([expect.objectContaining({ emailType: 'verification_code', status: 'sent' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.auditLog).toEqual([expect.objectContaining({ action: 'auth.login', ipAddress: '198.51.100.7' })]);
    for (const key of ['readingProgress', 'selections', 'loans', 'reviews', 'devices', 'invoices', 'payments'])
      expect(data[key], key).toEqual([]);

    for (const secret of [
      user.passwordHash!,
      'argon2',
      'code-hash-0001',
      'verify-token-0002',
      'reset-hash-0003',
      unsubscribeToken,
      token,
      hashSessionToken(token),
      '987654',
      'Not yours',
      'Someone Else',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    for (const key of ['passwordHash', 'verificationCode', 'passwordResetToken', 'emailVerificationToken'])
      expect(data.profile).not.toHaveProperty(key);
  });

  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    expect((await client.me.export.$get()).status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  const remove = (client: TTestClient, json: TDeleteAccountRequest) => client.me.$delete({ json });

  it('refuses a wrong password or a missing confirmation and keeps the account', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD });
    const { cookie } = signIn(context.db, user.id);
    const reader = context.clientFor(cookie);
    const wrong = await remove(reader, { password: 'wrong password', confirmation: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: [{ field: 'password', message: 'Password is incorrect' }] });
    // raw request: a confirmation other than the literal 'DELETE' the route's type requires
    const unconfirmed = await send(
      context.app,
      '/api/me',
      { password: PASSWORD, confirmation: 'delete' },
      {
        method: 'DELETE',
        cookie,
      },
    );
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({
      errors: [{ field: 'confirmation', message: 'Type DELETE to confirm' }],
    });
    expect(context.db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect((await reader.me.$get()).status).toBe(200);
  });

  it('deletes the account and its data, ends every session, clears the cookie and keeps the audit log', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db, { password: PASSWORD, username: 'leaving' });
    const { cookie } = signIn(context.db, user.id);
    const other = signIn(context.db, user.id);
    const book = createBook(context.db);
    context.db.insert(bookmarks).values({ userId: user.id, bookId: book.id, page: 1 }).run();
    await sendVerificationCodeEmail(context, { user, code: '135790' });
    recordAudit(context, { action: 'auth.login', userId: user.id });

    const response = await remove(context.clientFor(cookie), { password: PASSWORD, confirmation: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
    expect(response.headers.get('set-cookie')).toMatch(/^wb_session=;.*Max-Age=0/);

    expect(context.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect(context.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect(context.db.select().from(bookmarks).where(eq(bookmarks.userId, user.id)).all()).toEqual([]);
    expect(context.db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).all()).toEqual([]);
    expect(context.db.select().from(emailLogs).where(eq(emailLogs.email, user.email)).all()).toEqual([]);
    for (const session of [cookie, other.cookie]) {
      expect((await context.clientFor(session).auth.user.$get()).status).toBe(401);
    }

    const audit = context.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id)).all();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['auth.account_deleted', 'auth.login']);
    expect(JSON.stringify(audit)).not.toContain(user.email);

    for (const emailOrUsername of [user.email, 'leaving']) {
      const login = await context.client.auth.login.$post({ json: { emailOrUsername, password: PASSWORD } });
      expect(login.status).toBe(401);
    }
  });

  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    const response = await remove(client, { password: PASSWORD, confirmation: 'DELETE' });
    expect(response.status).toBe(401);
  });
});
