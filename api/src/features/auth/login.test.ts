import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { AUTH_MESSAGES, MESSAGES } from '@shared/messages';
import { auditLogs, sessions, users } from '../../db/schema';
import type { TLoginRequest } from '@shared/auth.schemas';
import { createTestContext, problemBody, successBody, type TTestClientOptions } from '../../test-utils';
import { createClock, createUser, registration, sessionCookie, setCookies, testEnv } from './auth-test-helpers';
import * as password from '../../lib/password';
import { SESSION_IDLE_MS } from './session.service';

// Spy on the dummy hash so the test can prove unknown accounts do the same argon2 work.
vi.mock('../../lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/password')>();
  return {
    ...actual,
    getDummyPasswordHash: vi.fn(actual.getDummyPasswordHash),
    verifyPassword: vi.fn(actual.verifyPassword),
  };
});

afterEach(() => {
  vi.mocked(password.getDummyPasswordHash).mockClear();
  vi.mocked(password.verifyPassword).mockClear();
});

const login = (
  clientFor: ReturnType<typeof createTestContext>['clientFor'],
  json: TLoginRequest,
  options: TTestClientOptions = {},
) => clientFor(options).auth.login.$post({ json });

describe('POST /api/auth/login', () => {
  it('signs in by e-mail or by username (any case) and answers { user }', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db, { email: 'grace@example.com', username: 'Grace_H', role: 'admin' });
    for (const identifier of ['grace@example.com', ' GRACE@example.com ', 'Grace_H', 'grace_h']) {
      const response = await login(clientFor, { emailOrUsername: identifier, password: user.password });
      expect(response.status, identifier).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await successBody(response);
      expect(body.user).toMatchObject({ id: user.id, email: 'grace@example.com', role: 'admin' });
      expect(body.user).not.toHaveProperty('passwordHash');
    }
    expect(db.select().from(users).where(eq(users.id, user.id)).get()?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie whose Max-Age is the idle expiry (no Secure on plain-http dev)', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db);
    const response = await login(clientFor, { emailOrUsername: user.email, password: user.password });
    const [cookie] = setCookies(response);
    expect(cookie.name).toBe('wb_session');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.get('max-age')).toBe(String(SESSION_IDLE_MS / 1000));
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
  });

  it('uses a Secure __Host- cookie in production', async () => {
    const { clientFor, db } = createTestContext({
      env: testEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://books.example.com',
        ALLOW_SIMULATED_PAYMENTS: 'true',
        ALLOW_OUTBOX_MAILER: 'true',
      }),
    });
    const user = await createUser(db);
    const response = await login(clientFor, { emailOrUsername: user.email, password: user.password });
    expect(response.status).toBe(200);
    const [cookie] = setCookies(response);
    expect(cookie.name).toBe('__Host-wb_session');
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    const me = await clientFor(sessionCookie(response, '__Host-wb_session')).auth.user.$get();
    expect(me.status).toBe(200);
  });

  it('uses a Secure __Host- cookie whenever PUBLIC_URL is https, in development too', async () => {
    const { clientFor, db } = createTestContext({
      env: testEnv({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.example.com' }),
    });
    const user = await createUser(db);
    const response = await login(clientFor, { emailOrUsername: user.email, password: user.password });
    const [cookie] = setCookies(response);
    expect(cookie.name).toBe('__Host-wb_session');
    expect(cookie.attributes.has('secure')).toBe(true);
    const signedIn = clientFor(sessionCookie(response, '__Host-wb_session'));
    const me = await signedIn.auth.user.$get();
    expect(me.status).toBe(200);
    const loggedOut = await signedIn.auth.logout.$post();
    const [cleared] = setCookies(loggedOut);
    expect(cleared.name).toBe('__Host-wb_session');
    expect(cleared.attributes.has('secure')).toBe(true);
  });

  it('rotates the session: a new token at every sign-in, and the one sent along is deleted', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db);
    const first = sessionCookie(await login(clientFor, { emailOrUsername: user.email, password: user.password }));
    expect((await clientFor(first).auth.user.$get()).status).toBe(200);

    const second = sessionCookie(
      await login(clientFor, { emailOrUsername: user.email, password: user.password }, { cookie: first }),
    );
    expect(second).not.toBe(first);
    expect((await clientFor(first).auth.user.$get()).status).toBe(401);
    expect((await clientFor(second).auth.user.$get()).status).toBe(200);
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it('answers the same 401 for an unknown account and a wrong password, and runs the dummy verify', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db);
    const wrong = await login(clientFor, { emailOrUsername: user.email, password: 'not the password' });
    expect(password.getDummyPasswordHash).not.toHaveBeenCalled();
    const unknown = await login(clientFor, { emailOrUsername: 'nobody@example.com', password: 'not the password' });
    expect(password.getDummyPasswordHash).toHaveBeenCalledTimes(1);
    // An argon2 verification ran for the unknown account too.
    expect(password.verifyPassword).toHaveBeenCalledTimes(2);

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [wrongBody, unknownBody] = [await wrong.json(), await unknown.json()];
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody).toMatchObject({ detail: 'Invalid email/username or password' });
    expect(setCookies(wrong)).toHaveLength(0);

    const failures = db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.login')).all();
    expect(failures.map((row) => [row.status, row.userId, (row.details as { reason: string }).reason])).toEqual(
      expect.arrayContaining([
        ['failure', user.id, 'wrong_password'],
        ['failure', null, 'unknown_account'],
      ]),
    );
  });

  it('answers the required-field messages of docs/product/validation-messages.md#sign-in', async () => {
    const { clientFor } = createTestContext();
    const response = await login(clientFor, { emailOrUsername: '', password: '' });
    expect(response.status).toBe(400);
    const { errors } = await problemBody(response);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'emailOrUsername', message: MESSAGES.emailOrUsernameRequired },
        { field: 'password', message: MESSAGES.passwordRequired },
      ]),
    );
  });

  it('tells an unverified account (with the right password) to verify, with userId and email', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db, { emailVerified: false });
    const response = await login(clientFor, { emailOrUsername: user.username!, password: user.password });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'email_not_verified',
      detail: AUTH_MESSAGES.emailNotVerified,
      userId: user.id,
      email: user.email,
    });
    expect(setCookies(response)).toHaveLength(0);
    // The wrong password still gets the generic answer: nothing learnt without the password.
    expect((await login(clientFor, { emailOrUsername: user.username!, password: 'wrong password' })).status).toBe(401);
  });

  it('refuses a deactivated account after a correct password', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db, { isActive: false });
    const response = await login(clientFor, { emailOrUsername: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.accountDisabled });
  });

  it('upgrades a hash made with older, weaker parameters at sign-in', async () => {
    const { clientFor, db } = createTestContext();
    const weak = await hash('correct horse battery', { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const user = await createUser(db, { passwordHash: weak });
    db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id)).run();
    const response = await login(clientFor, { emailOrUsername: user.email, password: 'correct horse battery' });
    expect(response.status).toBe(200);
    const stored = db.select().from(users).where(eq(users.id, user.id)).get()!.passwordHash!;
    expect(stored).not.toBe(weak);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(password.needsRehash(stored)).toBe(false);
    // The new hash still accepts the password.
    expect((await login(clientFor, { emailOrUsername: user.email, password: 'correct horse battery' })).status).toBe(
      200,
    );
  });
});

describe('sign-in rate limits', () => {
  it('locks an account for 15 minutes after 5 failures (429 + Retry-After), then lets its owner in', async () => {
    const clock = createClock();
    const { clientFor, db } = createTestContext({ now: clock.now });
    const user = await createUser(db);
    for (let i = 0; i < 5; i += 1) {
      // Different addresses: the account limit, not the IP limit, is what trips.
      expect(
        (
          await login(
            clientFor,
            { emailOrUsername: user.email, password: 'wrong password' },
            { ip: `192.0.2.${i + 1}` },
          )
        ).status,
      ).toBe(401);
    }
    const locked = await login(
      clientFor,
      { emailOrUsername: user.email, password: user.password },
      { ip: '198.51.100.99' },
    );
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toMatchObject({ status: 429, detail: AUTH_MESSAGES.tooManyLoginAttempts });
    // By username too: the lock belongs to the account.
    expect(
      (await login(clientFor, { emailOrUsername: user.username!, password: user.password }, { ip: '198.51.100.99' }))
        .status,
    ).toBe(429);

    clock.advance(15 * 60_000 + 1000);
    expect(
      (await login(clientFor, { emailOrUsername: user.email, password: user.password }, { ip: '198.51.100.99' }))
        .status,
    ).toBe(200);
    // Success cleared the failures: one more mistake does not lock again.
    expect((await login(clientFor, { emailOrUsername: user.email, password: 'wrong password' })).status).toBe(401);
    expect((await login(clientFor, { emailOrUsername: user.email, password: user.password })).status).toBe(200);
  });

  it('locks unknown identifiers the same way, so the lock reveals nothing', async () => {
    const { clientFor } = createTestContext();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await login(
            clientFor,
            { emailOrUsername: 'ghost@example.com', password: 'whatever1' },
            { ip: `192.0.2.${i + 1}` },
          )
        ).status,
      ).toBe(401);
    }
    expect(
      (await login(clientFor, { emailOrUsername: 'ghost@example.com', password: 'whatever1' }, { ip: '192.0.2.77' }))
        .status,
    ).toBe(429);
  });

  it('limits one IP to 20 attempts per 15 minutes across accounts', async () => {
    const clock = createClock();
    const { clientFor } = createTestContext({ now: clock.now });
    const ip = '203.0.113.200';
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await login(clientFor, { emailOrUsername: `user${i}@example.com`, password: 'whatever1' }, { ip })).status,
      ).toBe(401);
    }
    const limited = await login(clientFor, { emailOrUsername: 'another@example.com', password: 'whatever1' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(15 * 60));
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    // Another address is unaffected.
    expect(
      (
        await login(
          clientFor,
          { emailOrUsername: 'another@example.com', password: 'whatever1' },
          { ip: '203.0.113.201' },
        )
      ).status,
    ).toBe(401);
    clock.advance(15 * 60_000);
    expect(
      (await login(clientFor, { emailOrUsername: 'another@example.com', password: 'whatever1' }, { ip })).status,
    ).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session, clears the cookie and answers 204', async () => {
    const { clientFor, db } = createTestContext();
    const user = await createUser(db);
    const cookie = sessionCookie(await login(clientFor, { emailOrUsername: user.email, password: user.password }));
    const response = await clientFor(cookie).auth.logout.$post();
    expect(response.status).toBe(204);
    const [cleared] = setCookies(response);
    expect(cleared.name).toBe('wb_session');
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age')).toBe('0');
    expect((await clientFor(cookie).auth.user.$get()).status).toBe(401);
    expect(db.select().from(sessions).all()).toHaveLength(0);
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.logout')).all()).toMatchObject([
      { userId: user.id },
    ]);
  });

  it('answers 204 when nobody is signed in', async () => {
    const { client } = createTestContext();
    expect((await client.auth.logout.$post()).status).toBe(204);
  });
});

describe('the whole journey', () => {
  it('register → code from the outbox → verify → sign in → /auth/user → sign out', async () => {
    const { client, clientFor, db } = createTestContext();
    const input = registration();
    const { userId } = await successBody(await client.auth.register.$post({ json: input }));
    const { codeFromOutbox } = await import('./auth-test-helpers');
    expect(
      (await client.auth['verify-otp'].$post({ json: { userId, code: codeFromOutbox(db, input.email) } })).status,
    ).toBe(200);
    const cookie = sessionCookie(await login(clientFor, { emailOrUsername: input.username, password: input.password }));
    expect(await (await clientFor(cookie).auth.user.$get()).json()).toMatchObject({
      id: userId,
      role: 'user',
      emailVerified: true,
    });
    expect((await clientFor(cookie).auth.logout.$post()).status).toBe(204);
    expect((await clientFor(cookie).auth.user.$get()).status).toBe(401);
  });
});
