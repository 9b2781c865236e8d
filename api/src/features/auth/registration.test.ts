import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, MESSAGES, REGISTRATION_ERROR_MARKERS } from '@shared/messages';
import {
  auditLogs,
  emailPreferences,
  freeTrialAbusePrevention,
  signupAttempts,
  systemConfig,
  users,
} from '../../db/schema';
import type { TRegisterRequest } from '@shared/auth.schemas';
import { createTestContext, problemBody, successBody } from '../../test-utils';
import {
  codeFromOutbox,
  createClock,
  outbox,
  registration,
  send,
  sessionCookie,
  setCookies,
  testEnv,
} from './auth-test-helpers';

import * as password from '../../lib/password';

// Spy on hashing so a test can prove an existing address costs the same argon2 work as a new one.
vi.mock('../../lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/password')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

const DAY = 86_400_000;

function turnVerificationOff(db: ReturnType<typeof createTestContext>['db']) {
  db.insert(systemConfig)
    .values({ key: 'email_verification_required', value: 'false', dataType: 'boolean', category: 'auth' })
    .run();
}

describe('POST /api/auth/register', () => {
  it('creates a trial account that must verify its e-mail, and e-mails a 6-digit code', async () => {
    const clock = createClock();
    const { clientFor, db } = createTestContext({ now: clock.now });
    const input = registration({
      email: 'Ada.Lovelace@Example.com',
      phoneNumber: '+1 415 555 2671',
      countryCode: 'GB',
    });
    const response = await clientFor({ ip: '198.51.100.7' }).auth.register.$post({ json: input });
    expect(response.status).toBe(201);
    const body = await successBody(response);
    expect(body).toEqual({ requiresVerification: true, userId: expect.any(String), email: 'ada.lovelace@example.com' });
    // No session before the address is proven.
    expect(setCookies(response)).toHaveLength(0);

    const user = db.select().from(users).where(eq(users.id, body.userId)).get()!;
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.com',
      username: input.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+14155552671',
      // From the number, not from the picker.
      countryCode: 'US',
      role: 'user',
      subscriptionTier: 'trial',
      emailVerified: false,
      freeTrialUsed: true,
      registrationIp: '198.51.100.7',
      deviceFingerprint: input.deviceFingerprint,
      codeAttempts: 0,
    });
    expect(user.trialStartedAt?.getTime()).toBe(clock.now().getTime());
    expect(user.trialEndsAt?.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    expect(user.codeExpiresAt?.getTime()).toBe(clock.now().getTime() + 10 * 60_000);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    const code = codeFromOutbox(db, 'ada.lovelace@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash of the code is stored.
    expect(user.verificationCode).not.toContain(code);
    expect(user.verificationCode).toMatch(/^[0-9a-f]{64}$/);

    expect(db.select().from(freeTrialAbusePrevention).all()).toMatchObject([
      { email: 'ada.lovelace@example.com', registrationIp: '198.51.100.7', userId: user.id },
    ]);
    expect(db.select().from(signupAttempts).all()).toMatchObject([
      { successful: true, registrationIp: '198.51.100.7' },
    ]);
    expect(db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).get()).toBeDefined();
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.register')).all()).toMatchObject([
      { userId: user.id, status: 'success', ipAddress: '198.51.100.7' },
    ]);
  });

  it('when verification is off: ready at once, signed in, welcome e-mail', async () => {
    const { client, clientFor, db } = createTestContext();
    turnVerificationOff(db);
    const input = registration();
    const response = await client.auth.register.$post({ json: input });
    expect(response.status).toBe(201);
    const body = await successBody(response);
    expect(body.requiresVerification).toBe(false);
    expect(db.select().from(users).where(eq(users.id, body.userId)).get()?.emailVerified).toBe(true);
    expect(outbox(db, input.email, 'welcome')).toHaveLength(1);
    expect(outbox(db, input.email, 'verification_code')).toHaveLength(0);

    // 'Start Reading Now' works: the cookie is a live session.
    const me = await clientFor(sessionCookie(response)).auth.user.$get();
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: body.userId, subscriptionTier: 'trial' });
  });

  it('answers every validation message of docs/product/validation-messages.md#registration on its field', async () => {
    const { app, client } = createTestContext();
    const cases: [Partial<TRegisterRequest>, string, string][] = [
      [{ firstName: '' }, 'firstName', MESSAGES.firstNameRequired],
      [{ lastName: '  ' }, 'lastName', MESSAGES.lastNameRequired],
      [{ phoneNumber: '' }, 'phoneNumber', MESSAGES.phoneRequired],
      [{ phoneNumber: '12345' }, 'phoneNumber', MESSAGES.phoneInvalid],
      [{ username: 'ab' }, 'username', MESSAGES.usernameMin],
      [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
      [{ password: 'short', confirmPassword: 'short' }, 'password', MESSAGES.passwordMin],
      [{ confirmPassword: 'something else' }, 'confirmPassword', MESSAGES.passwordsDoNotMatch],
    ];
    for (const [override, field, message] of cases) {
      const response = await client.auth.register.$post({ json: { ...registration(), ...override } });
      expect(response.status, field).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await problemBody(response);
      expect(problem.errors).toContainEqual({ field, message });
    }
    // raw request: an empty body, which the register route's type forbids
    const missing = await send(app, '/api/auth/register', {});
    expect(missing.status).toBe(400);
    const fields = (await problemBody(missing)).errors?.map((error) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'phoneNumber', 'username', 'email', 'password']),
    );
  });

  it('answers an existing e-mail exactly like a new one, and e-mails its owner instead of a code', async () => {
    const { client, db } = createTestContext();
    const first = registration();
    expect((await client.auth.register.$post({ json: first })).status).toBe(201);
    const owner = db.select().from(users).where(eq(users.email, first.email)).get()!;

    const fresh = await client.auth.register.$post({ json: registration() });
    const again = await client.auth.register.$post({ json: registration({ email: first.email.toUpperCase() }) });
    expect(again.status).toBe(fresh.status);
    expect(again.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
    const [freshBody, againBody] = [await successBody(fresh), await successBody(again)];
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(againBody).toEqual({ requiresVerification: true, userId: expect.any(String), email: first.email });
    // The id names no account: verify and resend answer for it as for any unknown id.
    expect(againBody.userId).not.toBe(owner.id);
    expect(db.select().from(users).where(eq(users.id, againBody.userId)).get()).toBeUndefined();
    const verify = await client.auth['verify-otp'].$post({ json: { userId: againBody.userId, code: '123456' } });
    expect(verify.status).toBe(400);
    expect((await problemBody(verify)).detail).toBe(AUTH_MESSAGES.invalidCode);

    // The owner hears about it, with a way in and no code; nothing changed on the account.
    const [mail] = outbox(db, first.email, 'already_registered');
    expect(mail.subject).toContain('already have');
    expect(mail.bodyText).toContain('/auth/login');
    expect(mail.bodyText).toContain('/auth/forgot-password');
    expect(mail.bodyText).not.toMatch(/\b\d{6}\b/);
    expect(outbox(db, first.email, 'verification_code')).toHaveLength(1);
    expect(db.select().from(users).where(eq(users.email, first.email)).all()).toEqual([owner]);
  });

  it('hashes the password for an existing e-mail too, so timing does not tell', async () => {
    const { client, db } = createTestContext();
    const first = registration();
    await client.auth.register.$post({ json: first });
    vi.mocked(password.hashPassword).mockClear();
    await client.auth.register.$post({ json: registration({ email: first.email }) });
    expect(password.hashPassword).toHaveBeenCalledTimes(1);
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('refuses a taken username (any case) with 409 naming the field', async () => {
    const { client } = createTestContext();
    const first = registration();
    expect((await client.auth.register.$post({ json: first })).status).toBe(201);
    const sameUsername = await client.auth.register.$post({
      json: registration({ username: first.username.toUpperCase() }),
    });
    expect(sameUsername.status).toBe(409);
    expect(await sameUsername.json()).toMatchObject({
      errors: [{ field: 'username', message: AUTH_MESSAGES.usernameTaken }],
    });
  });

  it('makes exactly one account from ten concurrent identical sign-ups', async () => {
    const { client, db } = createTestContext();
    const input = registration();
    const responses = await Promise.all(Array.from({ length: 10 }, () => client.auth.register.$post({ json: input })));
    const statuses = responses.map((response) => response.status);
    // The same username makes the later ones 409 (a username is public); never a second account.
    for (const status of statuses) expect([201, 409, 429]).toContain(status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(db.select().from(users).where(eq(users.email, input.email)).all()).toHaveLength(1);
    expect(outbox(db, input.email, 'verification_code')).toHaveLength(1);
  });

  it('makes addresses listed in SUPER_ADMIN_EMAILS super admins, audited', async () => {
    const { client, db } = createTestContext({ env: testEnv({ SUPER_ADMIN_EMAILS: 'boss@example.com' }) });
    const response = await client.auth.register.$post({ json: registration({ email: 'Boss@Example.com' }) });
    const { userId } = await successBody(response);
    expect(db.select().from(users).where(eq(users.id, userId)).get()?.role).toBe('super_admin');
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'role.bootstrap_promote')).all()).toHaveLength(1);
  });
});

describe('registration abuse (docs/product/accounts.md#registration-abuse)', () => {
  async function expectRefusal(response: { status: number; json(): Promise<unknown> }, status: number, marker: string) {
    expect(response.status).toBe(status);
    const problem = await problemBody(response);
    expect(problem.detail).toContain(marker);
    return problem;
  }

  type TClientFor = ReturnType<typeof createTestContext>['clientFor'];
  type TDb = ReturnType<typeof createTestContext>['db'];
  /** Registers and answers the new account's row: every case below makes an account, trial or not. */
  async function signUp(clientFor: TClientFor, db: TDb, ip: string, input: TRegisterRequest) {
    const response = await clientFor({ ip }).auth.register.$post({ json: input });
    expect(response.status, input.email).toBe(201);
    return db.select().from(users).where(eq(users.email, input.email.toLowerCase())).get()!;
  }
  const hasTrial = (user: typeof users.$inferSelect) =>
    user.subscriptionTier === 'trial' && user.trialEndsAt !== null && user.trialDeclinedAt === null;
  const declined = (user: typeof users.$inferSelect) =>
    user.subscriptionTier === 'free' &&
    user.subscriptionStatus === 'inactive' &&
    user.trialEndsAt === null &&
    user.trialDeclinedAt !== null;

  it('gives every reader of a family behind one address a trial (same IP, own e-mails and devices)', async () => {
    const { clientFor, db } = createTestContext();
    for (let i = 0; i < 6; i += 1) {
      expect(hasTrial(await signUp(clientFor, db, '203.0.113.80', registration()))).toBe(true);
    }
  });

  it('gives two strangers with identical phones (same fingerprint) a trial each', async () => {
    const { clientFor, db } = createTestContext();
    const fingerprint = 'iphone15-390x844-Europe/London';
    const first = await signUp(clientFor, db, '198.51.100.1', registration({ deviceFingerprint: fingerprint }));
    const second = await signUp(clientFor, db, '198.51.100.2', registration({ deviceFingerprint: fingerprint }));
    expect([hasTrial(first), hasTrial(second)]).toEqual([true, true]);
  });

  it('gives one person with sub-addresses on any domain and no fingerprint one trial, then accounts without', async () => {
    const { clientFor, db } = createTestContext();
    const first = await signUp(
      clientFor,
      db,
      '198.51.100.1',
      registration({ email: 'x+1@example.org', deviceFingerprint: undefined }),
    );
    expect(hasTrial(first)).toBe(true);
    for (const [i, email] of ['x+2@example.org', 'X+3@Example.org', 'x@example.org'].entries()) {
      const user = await signUp(
        clientFor,
        db,
        `198.51.100.${i + 2}`,
        registration({ email, deviceFingerprint: undefined }),
      );
      expect(declined(user), email).toBe(true);
    }
    // Provider aliases and Gmail's dots are one mailbox too.
    expect(
      hasTrial(await signUp(clientFor, db, '198.51.100.9', registration({ email: 'jane.doe+books@gmail.com' }))),
    ).toBe(true);
    expect(
      declined(await signUp(clientFor, db, '198.51.100.10', registration({ email: 'JaneDoe@googlemail.com' }))),
    ).toBe(true);
    expect(
      db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'auth.register'))
        .all()
        .filter((row) => row.details?.trial === 'declined'),
    ).toHaveLength(4);
  });

  it('tells a reader without a trial why, once signed in, and lets them choose a plan', async () => {
    const { clientFor, db } = createTestContext();
    turnVerificationOff(db);
    await signUp(clientFor, db, '198.51.100.1', registration({ email: 'sam+a@example.net' }));
    const response = await clientFor({ ip: '198.51.100.2' }).auth.register.$post({
      json: registration({ email: 'sam+b@example.net' }),
    });
    expect(response.status).toBe(201);
    const me = await clientFor(sessionCookie(response)).auth.user.$get();
    expect(await me.json()).toMatchObject({ subscriptionTier: 'free', trialDeclined: true });
    expect(AUTH_MESSAGES.trialDeclined).toMatch(/choose a plan/i);
    expect(AUTH_MESSAGES.trialDeclined).toMatch(/contact support/i);
  });

  it('declines a trial for the same phone number together with the same device or address', async () => {
    const { clientFor, db } = createTestContext();
    const phoneNumber = '0113 496 0123';
    expect(
      hasTrial(await signUp(clientFor, db, '198.51.100.1', registration({ phoneNumber, deviceFingerprint: 'fpA' }))),
    ).toBe(true);
    // Same number from elsewhere on another device: a number typed is no proof, so it is not enough alone.
    expect(
      hasTrial(await signUp(clientFor, db, '198.51.100.2', registration({ phoneNumber, deviceFingerprint: 'fpB' }))),
    ).toBe(true);
    // Same number and same device: the same person.
    expect(
      declined(await signUp(clientFor, db, '198.51.100.3', registration({ phoneNumber, deviceFingerprint: 'fpA' }))),
    ).toBe(true);
  });

  it('declines trials, but still makes accounts, past a volume from one source that no household reaches', async () => {
    const clock = createClock();
    const { clientFor, db } = createTestContext({
      now: clock.now,
      env: testEnv({ TRIAL_MAX_PER_IP: '4', TRIAL_MAX_PER_FINGERPRINT: '3', SIGNUP_MAX_ATTEMPTS_PER_IP: '100' }),
    });
    for (let i = 0; i < 4; i += 1)
      expect(hasTrial(await signUp(clientFor, db, '192.0.2.9', registration()))).toBe(true);
    expect(declined(await signUp(clientFor, db, '192.0.2.9', registration()))).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      expect(
        hasTrial(await signUp(clientFor, db, `192.0.2.${20 + i}`, registration({ deviceFingerprint: 'bot' }))),
      ).toBe(true);
    }
    expect(declined(await signUp(clientFor, db, '192.0.2.30', registration({ deviceFingerprint: 'bot' })))).toBe(true);
    // The volume windows are 30 days.
    clock.advance(31 * DAY);
    expect(hasTrial(await signUp(clientFor, db, '192.0.2.9', registration({ deviceFingerprint: 'bot' })))).toBe(true);
  });

  it("answers 'Too many' past the attempt limit, then 'temporarily blocked' with Retry-After", async () => {
    const clock = createClock();
    const { clientFor, db } = createTestContext({
      now: clock.now,
      env: testEnv({ SIGNUP_MAX_ATTEMPTS_PER_IP: '3', TRIAL_MAX_PER_IP: '100', SIGNUP_BLOCK_MINUTES: '60' }),
    });
    const ip = '192.0.2.50';
    for (let i = 0; i < 3; i += 1)
      expect((await clientFor({ ip }).auth.register.$post({ json: registration() })).status).toBe(201);

    const tooMany = await clientFor({ ip }).auth.register.$post({ json: registration() });
    const problem = await expectRefusal(tooMany, 429, REGISTRATION_ERROR_MARKERS.tooMany);
    expect(problem.detail).toBe('Too many registration attempts. Please try again later.');
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRefusal(await clientFor({ ip }).auth.register.$post({ json: registration() }), 429, 'Too many');

    // The sixth attempt (twice the limit) earns a block.
    const blocked = await clientFor({ ip }).auth.register.$post({ json: registration() });
    const blockedProblem = await expectRefusal(blocked, 429, REGISTRATION_ERROR_MARKERS.blocked);
    expect(blockedProblem.detail).toBe('Account creation temporarily blocked. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBe(3600);
    expect(
      db
        .select()
        .from(signupAttempts)
        .all()
        .filter((row) => row.blockUntil),
    ).toHaveLength(1);

    // Still blocked after the attempt window, free again once the block ends.
    clock.advance(59 * 60_000);
    await expectRefusal(
      await clientFor({ ip }).auth.register.$post({ json: registration() }),
      429,
      'temporarily blocked',
    );
    clock.advance(2 * 60_000 + 60 * 60_000);
    expect((await clientFor({ ip }).auth.register.$post({ json: registration() })).status).toBe(201);
  });

  it('limits attempts per device fingerprint too', async () => {
    const { clientFor } = createTestContext({ env: testEnv({ SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT: '2' }) });
    const taken = registration();
    expect((await clientFor({ ip: '192.0.2.1' }).auth.register.$post({ json: taken })).status).toBe(201);
    expect(
      (
        await clientFor({ ip: '192.0.2.2' }).auth.register.$post({
          json: { ...registration({ deviceFingerprint: taken.deviceFingerprint }), email: taken.email },
        })
      ).status,
    ).toBe(201);
    const third = await clientFor({ ip: '192.0.2.3' }).auth.register.$post({
      json: registration({ deviceFingerprint: taken.deviceFingerprint }),
    });
    await expectRefusal(third, 429, 'Too many');
  });
});

describe('POST /api/auth/verify-otp', () => {
  async function registered(overrides = {}) {
    const clock = createClock();
    const context = createTestContext({ now: clock.now, ...overrides });
    const input = registration();
    const response = await context.client.auth.register.$post({ json: input });
    const { userId } = await successBody(response);
    return { ...context, clock, input, userId, code: codeFromOutbox(context.db, input.email) };
  }

  it('verifies the account with the e-mailed code, signs the reader in with a new audited session and sends the welcome e-mail', async () => {
    const { client, clientFor, db, userId, code, input } = await registered();
    const response = await client.auth['verify-otp'].$post({ json: { userId, code } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: AUTH_MESSAGES.emailVerified, signedIn: true });
    // No second password entry: the answer carries the session.
    const me = await clientFor(sessionCookie(response)).auth.user.$get();
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: userId, email: input.email });
    const signIn = db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.login'))
      .all()
      .find((row) => row.userId === userId);
    expect(signIn).toMatchObject({ status: 'success', details: { method: 'verification_code' } });
    expect(signIn?.sessionId).toBeTruthy();
    const user = db.select().from(users).where(eq(users.id, userId)).get()!;
    expect(user).toMatchObject({ emailVerified: true, verificationCode: null, codeAttempts: 0 });
    expect(user.lastLoginAt).not.toBeNull();
    expect(outbox(db, input.email, 'welcome')).toHaveLength(1);
    // Sign-in with the password works too.
    const login = await client.auth.login.$post({ json: { emailOrUsername: input.email, password: input.password } });
    expect(login.status).toBe(200);
    // Verifying again is harmless, and signs nobody in: the code is gone, so it proves nothing now.
    const again = await client.auth['verify-otp'].$post({ json: { userId, code } });
    expect(await again.json()).toEqual({ success: true, message: AUTH_MESSAGES.alreadyVerified, signedIn: false });
    expect(setCookies(again)).toHaveLength(0);
  });

  it('a wrong code signs nobody in', async () => {
    const { client, userId, code } = await registered();
    const wrong = await client.auth['verify-otp'].$post({
      json: { userId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(setCookies(wrong)).toHaveLength(0);
  });

  it('keeps the country the reader chose for a number several countries share (GB + 07911 123456 stays GB)', async () => {
    const { db, client } = createTestContext();
    const input = { ...registration(), phoneNumber: '+447911123456', countryCode: 'GB' };
    const { userId } = await successBody(client.auth.register.$post({ json: input }));
    expect(db.select().from(users).where(eq(users.id, userId)).get()).toMatchObject({
      phoneNumber: '+447911123456',
      countryCode: 'GB',
    });
    const guernsey = { ...registration(), phoneNumber: '+447911123456', countryCode: 'GG' };
    const second = await successBody(client.auth.register.$post({ json: guernsey }));
    expect(db.select().from(users).where(eq(users.id, second.userId)).get()?.countryCode).toBe('GG');
    const french = { ...registration(), phoneNumber: '+33612345678', countryCode: 'GB' };
    const third = await successBody(client.auth.register.$post({ json: french }));
    expect(db.select().from(users).where(eq(users.id, third.userId)).get()?.countryCode).toBe('FR');
  });

  it("answers the 'Missing Information' and 'Invalid Code' texts of docs/product/validation-messages.md#verification-code", async () => {
    const { app, client } = createTestContext();
    // raw request: no userId, which the verify-otp route's type forbids
    const missing = await send(app, '/api/auth/verify-otp', { code: '123456' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: [{ field: 'userId', message: MESSAGES.missingInformation }] });
    const short = await client.auth['verify-otp'].$post({ json: { userId: 'someone', code: '123' } });
    expect(await short.json()).toMatchObject({ errors: [{ field: 'code', message: MESSAGES.invalidCode }] });
    // raw request: no userId, which the resend-otp route's type forbids
    const resendMissing = await send(app, '/api/auth/resend-otp', {});
    expect(await resendMissing.json()).toMatchObject({
      errors: [{ field: 'userId', message: MESSAGES.missingInformation }],
    });
  });

  it('destroys the code after five wrong tries', async () => {
    const { client, db, userId, code } = await registered();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await client.auth['verify-otp'].$post({ json: { userId, code: wrong } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.invalidCode, errors: [{ field: 'code' }] });
    }
    const fifth = await client.auth['verify-otp'].$post({ json: { userId, code: wrong } });
    expect(await fifth.json()).toMatchObject({ detail: 'Too many incorrect attempts. Please request a new code.' });
    // Even the right code is useless now.
    const right = await client.auth['verify-otp'].$post({ json: { userId, code } });
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ detail: 'Too many incorrect attempts. Please request a new code.' });
    expect(db.select().from(users).where(eq(users.id, userId)).get()?.emailVerified).toBe(false);
  });

  it('refuses an expired code with a clear message', async () => {
    const { client, userId, code, clock } = await registered();
    clock.advance(10 * 60_000 + 1);
    const response = await client.auth['verify-otp'].$post({ json: { userId, code } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      detail: AUTH_MESSAGES.codeExpired,
      errors: [{ field: 'code', message: AUTH_MESSAGES.codeExpired }],
    });
  });

  it('refuses an unknown user like a wrong code', async () => {
    const { client } = createTestContext();
    const response = await client.auth['verify-otp'].$post({ json: { userId: crypto.randomUUID(), code: '123456' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.invalidCode });
  });
});

describe('POST /api/auth/resend-otp', () => {
  it('sends a new code at most once a minute; the old code stops working', async () => {
    const clock = createClock();
    const { client, db } = createTestContext({ now: clock.now });
    const input = registration();
    const { userId } = await successBody(await client.auth.register.$post({ json: input }));
    const firstCode = codeFromOutbox(db, input.email);

    // Registration sent the first code a moment ago.
    const tooSoon = await client.auth['resend-otp'].$post({ json: { userId } });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tooSoon.json()).toMatchObject({ detail: AUTH_MESSAGES.resendTooSoon });

    clock.advance(61_000);
    const resent = await client.auth['resend-otp'].$post({ json: { userId } });
    expect(resent.status).toBe(200);
    expect(outbox(db, input.email, 'verification_code')).toHaveLength(2);
    const secondCode = codeFromOutbox(db, input.email);
    expect((await client.auth['resend-otp'].$post({ json: { userId } })).status).toBe(429);

    if (secondCode !== firstCode) {
      expect((await client.auth['verify-otp'].$post({ json: { userId, code: firstCode } })).status).toBe(400);
    }
    expect((await client.auth['verify-otp'].$post({ json: { userId, code: secondCode } })).status).toBe(200);
  });

  it('gives the same answer for unknown, unverified and verified users', async () => {
    const clock = createClock();
    const { client, db } = createTestContext({ now: clock.now });
    const input = registration();
    const { userId } = await successBody(await client.auth.register.$post({ json: input }));
    clock.advance(61_000);
    const verifiedUser = db.insert(users).values({ email: 'done@example.com', emailVerified: true }).returning().get();

    const answers = [];
    for (const id of [userId, crypto.randomUUID(), verifiedUser.id]) {
      const response = await client.auth['resend-otp'].$post({ json: { userId: id } });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].status).toBe(200);
    expect(JSON.parse(answers[0].body)).toEqual({ success: true, message: AUTH_MESSAGES.codeResent });
    expect(outbox(db, 'done@example.com')).toHaveLength(0);
  });
});
