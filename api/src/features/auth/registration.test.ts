import { describe, expect, it } from 'vitest';
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
import { createTestContext } from '../../test-utils';
import {
  codeFromOutbox,
  createClock,
  get,
  outbox,
  registration,
  send,
  sessionCookie,
  setCookies,
  testEnv,
} from './auth-test-helpers';

const DAY = 86_400_000;

function turnVerificationOff(db: ReturnType<typeof createTestContext>['db']) {
  db.insert(systemConfig)
    .values({ key: 'email_verification_required', value: 'false', dataType: 'boolean', category: 'auth' })
    .run();
}

describe('POST /api/auth/register', () => {
  it('creates a trial account that must verify its e-mail, and e-mails a 6-digit code', async () => {
    const clock = createClock();
    const { app, db } = createTestContext({ now: clock.now });
    const input = registration({
      email: 'Ada.Lovelace@Example.com',
      phoneNumber: '+1 415 555 2671',
      countryCode: 'GB',
    });
    const response = await send(app, '/api/auth/register', input, { ip: '198.51.100.7' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { requiresVerification: boolean; userId: string; email: string };
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
    const { app, db } = createTestContext();
    turnVerificationOff(db);
    const input = registration();
    const response = await send(app, '/api/auth/register', input);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { requiresVerification: boolean; userId: string };
    expect(body.requiresVerification).toBe(false);
    expect(db.select().from(users).where(eq(users.id, body.userId)).get()?.emailVerified).toBe(true);
    expect(outbox(db, input.email, 'welcome')).toHaveLength(1);
    expect(outbox(db, input.email, 'verification_code')).toHaveLength(0);

    // 'Start Reading Now' works: the cookie is a live session.
    const me = await get(app, '/api/auth/user', { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: body.userId, subscriptionTier: 'trial' });
  });

  it('answers every SPEC §5 validation message on its field', async () => {
    const { app } = createTestContext();
    const cases: [Record<string, unknown>, string, string][] = [
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
      const response = await send(app, '/api/auth/register', { ...registration(), ...override });
      expect(response.status, field).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(problem.errors).toContainEqual({ field, message });
    }
    const missing = await send(app, '/api/auth/register', {});
    expect(missing.status).toBe(400);
    const fields = ((await missing.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'phoneNumber', 'username', 'email', 'password']),
    );
  });

  it('refuses a taken e-mail or username with 409 naming the field', async () => {
    const { app } = createTestContext({ env: testEnv({ TRIAL_MAX_PER_IP: '50', TRIAL_MAX_PER_FINGERPRINT: '50' }) });
    const first = registration();
    expect((await send(app, '/api/auth/register', first)).status).toBe(201);

    const sameEmail = await send(app, '/api/auth/register', registration({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toMatchObject({
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    });

    const sameUsername = await send(
      app,
      '/api/auth/register',
      registration({ username: first.username.toUpperCase() }),
    );
    expect(sameUsername.status).toBe(409);
    expect(await sameUsername.json()).toMatchObject({
      errors: [{ field: 'username', message: AUTH_MESSAGES.usernameTaken }],
    });
  });

  it('makes exactly one account from ten concurrent identical sign-ups', async () => {
    const { app, db } = createTestContext();
    const input = registration();
    const responses = await Promise.all(Array.from({ length: 10 }, () => send(app, '/api/auth/register', input)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const status of statuses.filter((value) => value !== 201)) expect([409, 429]).toContain(status);
    expect(db.select().from(users).where(eq(users.email, input.email)).all()).toHaveLength(1);
  });

  it('makes addresses listed in SUPER_ADMIN_EMAILS super admins, audited', async () => {
    const { app, db } = createTestContext({ env: testEnv({ SUPER_ADMIN_EMAILS: 'boss@example.com' }) });
    const response = await send(app, '/api/auth/register', registration({ email: 'Boss@Example.com' }));
    const { userId } = (await response.json()) as { userId: string };
    expect(db.select().from(users).where(eq(users.id, userId)).get()?.role).toBe('super_admin');
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'role.bootstrap_promote')).all()).toHaveLength(1);
  });
});

describe('registration abuse (SPEC §3, §8)', () => {
  async function expectRefusal(response: Response, status: number, marker: string) {
    expect(response.status).toBe(status);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toContain(marker);
    return problem;
  }

  it('allows one free trial per normalised e-mail (Gmail dots and +tags, provider +tags)', async () => {
    const { app, db } = createTestContext();
    expect(
      (
        await send(app, '/api/auth/register', registration({ email: 'jane.doe+books@gmail.com' }), {
          ip: '198.51.100.1',
        })
      ).status,
    ).toBe(201);
    const again = await send(app, '/api/auth/register', registration({ email: 'JaneDoe@googlemail.com' }), {
      ip: '198.51.100.2',
    });
    const problem = await expectRefusal(again, 403, REGISTRATION_ERROR_MARKERS.trialUsed);
    expect(problem.detail).toBe(AUTH_MESSAGES.trialAlreadyUsed);

    expect(
      (await send(app, '/api/auth/register', registration({ email: 'sam@outlook.com' }), { ip: '198.51.100.3' }))
        .status,
    ).toBe(201);
    await expectRefusal(
      await send(app, '/api/auth/register', registration({ email: 'sam+promo@outlook.com' }), { ip: '198.51.100.4' }),
      403,
      'already used',
    );
    expect(
      db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'auth.register'))
        .all()
        .filter((row) => row.status === 'failure'),
    ).toHaveLength(2);
  });

  it('allows one trial per device fingerprint and three per IP inside the window', async () => {
    const clock = createClock();
    const { app } = createTestContext({ now: clock.now });
    expect(
      (await send(app, '/api/auth/register', registration({ deviceFingerprint: 'abc123' }), { ip: '198.51.100.1' }))
        .status,
    ).toBe(201);
    await expectRefusal(
      await send(app, '/api/auth/register', registration({ deviceFingerprint: 'abc123' }), { ip: '198.51.100.2' }),
      403,
      'already used',
    );

    for (let i = 0; i < 2; i += 1) {
      expect((await send(app, '/api/auth/register', registration(), { ip: '198.51.100.1' })).status).toBe(201);
    }
    await expectRefusal(
      await send(app, '/api/auth/register', registration(), { ip: '198.51.100.1' }),
      403,
      'already used',
    );

    // The IP and fingerprint windows are 30 days.
    clock.advance(31 * DAY);
    expect((await send(app, '/api/auth/register', registration(), { ip: '198.51.100.1' })).status).toBe(201);
    expect(
      (await send(app, '/api/auth/register', registration({ deviceFingerprint: 'abc123' }), { ip: '198.51.100.9' }))
        .status,
    ).toBe(201);
  });

  it("answers 'Too many' past the attempt limit, then 'temporarily blocked' with Retry-After", async () => {
    const clock = createClock();
    const { app, db } = createTestContext({
      now: clock.now,
      env: testEnv({ SIGNUP_MAX_ATTEMPTS_PER_IP: '3', TRIAL_MAX_PER_IP: '100', SIGNUP_BLOCK_MINUTES: '60' }),
    });
    const ip = '192.0.2.50';
    for (let i = 0; i < 3; i += 1)
      expect((await send(app, '/api/auth/register', registration(), { ip })).status).toBe(201);

    const tooMany = await send(app, '/api/auth/register', registration(), { ip });
    const problem = await expectRefusal(tooMany, 429, REGISTRATION_ERROR_MARKERS.tooMany);
    expect(problem.detail).toBe('Too many registration attempts. Please try again later.');
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRefusal(await send(app, '/api/auth/register', registration(), { ip }), 429, 'Too many');

    // The sixth attempt (twice the limit) earns a block.
    const blocked = await send(app, '/api/auth/register', registration(), { ip });
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
    await expectRefusal(await send(app, '/api/auth/register', registration(), { ip }), 429, 'temporarily blocked');
    clock.advance(2 * 60_000 + 60 * 60_000);
    expect((await send(app, '/api/auth/register', registration(), { ip })).status).toBe(201);
  });

  it('limits attempts per device fingerprint too', async () => {
    const { app } = createTestContext({ env: testEnv({ SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT: '2' }) });
    const taken = registration();
    expect((await send(app, '/api/auth/register', taken, { ip: '192.0.2.1' })).status).toBe(201);
    expect(
      (
        await send(
          app,
          '/api/auth/register',
          { ...registration({ deviceFingerprint: taken.deviceFingerprint }), email: taken.email },
          { ip: '192.0.2.2' },
        )
      ).status,
    ).toBe(409);
    const third = await send(app, '/api/auth/register', registration({ deviceFingerprint: taken.deviceFingerprint }), {
      ip: '192.0.2.3',
    });
    await expectRefusal(third, 429, 'Too many');
  });
});

describe('POST /api/auth/verify-otp', () => {
  async function registered(overrides = {}) {
    const clock = createClock();
    const context = createTestContext({ now: clock.now, ...overrides });
    const input = registration();
    const response = await send(context.app, '/api/auth/register', input);
    const { userId } = (await response.json()) as { userId: string };
    return { ...context, clock, input, userId, code: codeFromOutbox(context.db, input.email) };
  }

  it('verifies the account with the e-mailed code and sends the welcome e-mail', async () => {
    const { app, db, userId, code, input } = await registered();
    const response = await send(app, '/api/auth/verify-otp', { userId, code });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: AUTH_MESSAGES.emailVerified });
    const user = db.select().from(users).where(eq(users.id, userId)).get()!;
    expect(user).toMatchObject({ emailVerified: true, verificationCode: null, codeAttempts: 0 });
    expect(outbox(db, input.email, 'welcome')).toHaveLength(1);
    // Now sign-in works.
    const login = await send(app, '/api/auth/login', { emailOrUsername: input.email, password: input.password });
    expect(login.status).toBe(200);
    // Verifying again is harmless.
    expect(await (await send(app, '/api/auth/verify-otp', { userId, code })).json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.alreadyVerified,
    });
  });

  it("answers SPEC §5's 'Missing Information' and 'Invalid Code' texts", async () => {
    const { app } = createTestContext();
    const missing = await send(app, '/api/auth/verify-otp', { code: '123456' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: [{ field: 'userId', message: MESSAGES.missingInformation }] });
    const short = await send(app, '/api/auth/verify-otp', { userId: 'someone', code: '123' });
    expect(await short.json()).toMatchObject({ errors: [{ field: 'code', message: MESSAGES.invalidCode }] });
    const resendMissing = await send(app, '/api/auth/resend-otp', {});
    expect(await resendMissing.json()).toMatchObject({
      errors: [{ field: 'userId', message: MESSAGES.missingInformation }],
    });
  });

  it('destroys the code after five wrong tries', async () => {
    const { app, db, userId, code } = await registered();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await send(app, '/api/auth/verify-otp', { userId, code: wrong });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.invalidCode, errors: [{ field: 'code' }] });
    }
    const fifth = await send(app, '/api/auth/verify-otp', { userId, code: wrong });
    expect(await fifth.json()).toMatchObject({ detail: 'Too many incorrect attempts. Please request a new code.' });
    // Even the right code is useless now.
    const right = await send(app, '/api/auth/verify-otp', { userId, code });
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ detail: 'Too many incorrect attempts. Please request a new code.' });
    expect(db.select().from(users).where(eq(users.id, userId)).get()?.emailVerified).toBe(false);
  });

  it('refuses an expired code with a clear message', async () => {
    const { app, userId, code, clock } = await registered();
    clock.advance(10 * 60_000 + 1);
    const response = await send(app, '/api/auth/verify-otp', { userId, code });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      detail: AUTH_MESSAGES.codeExpired,
      errors: [{ field: 'code', message: AUTH_MESSAGES.codeExpired }],
    });
  });

  it('refuses an unknown user like a wrong code', async () => {
    const { app } = createTestContext();
    const response = await send(app, '/api/auth/verify-otp', { userId: crypto.randomUUID(), code: '123456' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.invalidCode });
  });
});

describe('POST /api/auth/resend-otp', () => {
  it('sends a new code at most once a minute; the old code stops working', async () => {
    const clock = createClock();
    const { app, db } = createTestContext({ now: clock.now });
    const input = registration();
    const { userId } = (await (await send(app, '/api/auth/register', input)).json()) as { userId: string };
    const firstCode = codeFromOutbox(db, input.email);

    // Registration sent the first code a moment ago.
    const tooSoon = await send(app, '/api/auth/resend-otp', { userId });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tooSoon.json()).toMatchObject({ detail: AUTH_MESSAGES.resendTooSoon });

    clock.advance(61_000);
    const resent = await send(app, '/api/auth/resend-otp', { userId });
    expect(resent.status).toBe(200);
    expect(outbox(db, input.email, 'verification_code')).toHaveLength(2);
    const secondCode = codeFromOutbox(db, input.email);
    expect((await send(app, '/api/auth/resend-otp', { userId })).status).toBe(429);

    if (secondCode !== firstCode) {
      expect((await send(app, '/api/auth/verify-otp', { userId, code: firstCode })).status).toBe(400);
    }
    expect((await send(app, '/api/auth/verify-otp', { userId, code: secondCode })).status).toBe(200);
  });

  it('gives the same answer for unknown, unverified and verified users', async () => {
    const clock = createClock();
    const { app, db } = createTestContext({ now: clock.now });
    const input = registration();
    const { userId } = (await (await send(app, '/api/auth/register', input)).json()) as { userId: string };
    clock.advance(61_000);
    const verifiedUser = db.insert(users).values({ email: 'done@example.com', emailVerified: true }).returning().get();

    const answers = [];
    for (const id of [userId, crypto.randomUUID(), verifiedUser.id]) {
      const response = await send(app, '/api/auth/resend-otp', { userId: id });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].status).toBe(200);
    expect(JSON.parse(answers[0].body)).toEqual({ success: true, message: AUTH_MESSAGES.codeResent });
    expect(outbox(db, 'done@example.com')).toHaveLength(0);
  });
});
