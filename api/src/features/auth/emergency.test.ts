import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@shared/messages';
import { auditLogs } from '../../db/schema';
import { ConfigError } from '../../env';
import { createLogger } from '../../logger';
import { createTestContext } from '../../test-utils';
import { createUser, outbox, send, sessionCookie, setCookies, testEnv } from './auth-test-helpers';
import { demoEmergencyLogin } from './emergency.service';
import { hashPassword } from '../../lib/password';

const BREAK_GLASS_PASSWORD = 'break the glass please';

async function enabledContext() {
  const env = testEnv({
    EMERGENCY_LOGIN_ENABLED: 'true',
    EMERGENCY_LOGIN_EMAIL: 'Ops@Example.com',
    EMERGENCY_LOGIN_PASSWORD_HASH: await hashPassword(BREAK_GLASS_PASSWORD),
  });
  const context = createTestContext({ env });
  const admin = await createUser(context.db, {
    email: 'ops@example.com',
    firstName: 'Olive',
    role: 'super_admin',
    subscriptionTier: 'premium',
  });
  const otherSuperAdmin = await createUser(context.db, { email: 'chief@example.com', role: 'super_admin' });
  return { ...context, admin, otherSuperAdmin };
}

const emergencyAudits = (db: ReturnType<typeof createTestContext>['db']) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.emergency_login')).all();

describe('emergency login (docs/product/decisions.md#4)', () => {
  it('is absent by default: 404 problem, and the config says disabled', async () => {
    const { app, client, db } = createTestContext();
    await createUser(db, { email: 'ops@example.com', role: 'super_admin' });
    for (const body of [{ email: 'ops@example.com', password: 'anything at all' }, {}]) {
      // raw request: the empty body, which the route's type forbids, must get the same 404
      const response = await send(app, '/api/auth/admin-emergency', body);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.emergencyDisabled });
    }
    expect(await (await client.auth['emergency-config'].$get()).json()).toEqual({ enabled: false, demo: null });
  });

  it('refuses a half-configured setup at start-up', () => {
    expect(() => testEnv({ EMERGENCY_LOGIN_ENABLED: 'true', EMERGENCY_LOGIN_EMAIL: 'ops@example.com' })).toThrow(
      ConfigError,
    );
    expect(() => testEnv({ EMERGENCY_LOGIN_PASSWORD_HASH: 'plain-text' })).toThrow(/argon2id/);
  });

  it('signs the configured super admin in, audits it as critical and e-mails every super admin', async () => {
    const { client, clientFor, db, admin, otherSuperAdmin } = await enabledContext();
    expect(await (await client.auth['emergency-config'].$get()).json()).toEqual({ enabled: true, demo: null });

    const response = await clientFor({ ip: '198.51.100.5' }).auth['admin-emergency'].$post({
      json: { email: 'ops@example.com', password: BREAK_GLASS_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Welcome, Olive. Emergency access granted.',
      user: { firstName: 'Olive' },
    });
    const me = await clientFor(sessionCookie(response)).auth.user.$get();
    expect(await me.json()).toMatchObject({ id: admin.id, role: 'super_admin', subscriptionTier: 'premium' });

    expect(emergencyAudits(db)).toMatchObject([
      { userId: admin.id, severity: 'critical', status: 'success', ipAddress: '198.51.100.5' },
    ]);
    expect(outbox(db, admin.email, 'emergency_login_alert')).toHaveLength(1);
    expect(outbox(db, otherSuperAdmin.email, 'emergency_login_alert')).toHaveLength(1);
  });

  it('refuses wrong credentials with 401, audited as critical', async () => {
    const { client, db } = await enabledContext();
    for (const body of [
      { email: 'ops@example.com', password: 'not the password' },
      { email: 'someone@example.com', password: BREAK_GLASS_PASSWORD },
    ]) {
      const response = await client.auth['admin-emergency'].$post({ json: body });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.emergencyInvalid });
      expect(setCookies(response)).toHaveLength(0);
    }
    expect(emergencyAudits(db).map((row) => [row.severity, row.status])).toEqual([
      ['critical', 'failure'],
      ['critical', 'failure'],
    ]);
  });

  it('refuses when the configured account is not a super admin', async () => {
    const { client, db, admin } = await enabledContext();
    const { users } = await import('../../db/schema');
    db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id)).run();
    const response = await client.auth['admin-emergency'].$post({
      json: {
        email: 'ops@example.com',
        password: BREAK_GLASS_PASSWORD,
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.emergencyNotAllowed });
  });

  it('is rate-limited hard per IP (429 + Retry-After), and the refusals are audited', async () => {
    const { clientFor, db } = await enabledContext();
    const ip = '192.0.2.66';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await clientFor({ ip }).auth['admin-emergency'].$post({
            json: { email: 'ops@example.com', password: 'guess number x' },
          })
        ).status,
      ).toBe(401);
    }
    const limited = await clientFor({ ip }).auth['admin-emergency'].$post({
      json: { email: 'ops@example.com', password: BREAK_GLASS_PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ detail: AUTH_MESSAGES.emergencyTooMany });
    expect(emergencyAudits(db)).toHaveLength(6);
    expect(emergencyAudits(db).every((row) => row.severity === 'critical')).toBe(true);
  });
});

describe('demoEmergencyLogin', () => {
  const demoAccounts = [
    { email: 'admin@demo.wonderfulbooks.local', password: 'aaaa-bbbb-cccc-dddd-eeee', role: 'admin' },
    { email: 'super.admin@demo.wonderfulbooks.local', password: 'k7qm-x3pa-9rtd-wv2e-hn5c', role: 'super_admin' },
  ];
  const logger = createLogger('silent');

  it('enables it for the demo super admin with its generated password, shown as demo credentials', async () => {
    const config = await demoEmergencyLogin({ env: testEnv({ NODE_ENV: 'development' }), logger, demoAccounts });
    expect(config).toMatchObject({
      email: 'super.admin@demo.wonderfulbooks.local',
      demo: { email: 'super.admin@demo.wonderfulbooks.local', password: 'k7qm-x3pa-9rtd-wv2e-hn5c' },
    });
    expect(config?.passwordHash).toMatch(/^\$argon2id\$/);

    const context = createTestContext({ env: { ...testEnv(), emergencyLogin: config } });
    await createUser(context.db, {
      email: 'super.admin@demo.wonderfulbooks.local',
      role: 'super_admin',
      password: 'k7qm-x3pa-9rtd-wv2e-hn5c',
    });
    const local = context.clientFor({ ip: '127.0.0.1' });
    expect(await (await local.auth['emergency-config'].$get()).json()).toEqual({
      enabled: true,
      demo: config?.demo,
    });
    const response = await local.auth['admin-emergency'].$post({ json: config!.demo! });
    expect(response.status).toBe(200);
  });

  it('gives the demo credentials and the demo login to this machine only, judged from the socket', async () => {
    const config = await demoEmergencyLogin({ env: testEnv({ NODE_ENV: 'development' }), logger, demoAccounts });
    const context = createTestContext({ env: { ...testEnv({ TRUST_PROXY: '1' }), emergencyLogin: config } });
    await createUser(context.db, {
      email: 'super.admin@demo.wonderfulbooks.local',
      role: 'super_admin',
      password: 'k7qm-x3pa-9rtd-wv2e-hn5c',
    });
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const local = context.clientFor({ ip });
      expect(await (await local.auth['emergency-config'].$get()).json(), ip).toEqual({
        enabled: true,
        demo: config?.demo,
      });
    }
    // A visitor (even one claiming to be local through a forwarded header) sees an unconfigured server.
    const forwarded = { headers: { 'x-forwarded-for': '127.0.0.1' } };
    for (const ip of ['203.0.113.10', '10.0.0.2', '::ffff:192.0.2.1', '128.0.0.1']) {
      const remote = context.clientFor({ ip, ...forwarded });
      const answer = await remote.auth['emergency-config'].$get();
      expect(await answer.json(), ip).toEqual({ enabled: false, demo: null });
      const login = await remote.auth['admin-emergency'].$post({ json: config!.demo! });
      expect(login.status, ip).toBe(404);
      expect(setCookies(login)).toEqual([]);
    }
  });

  it('keeps an explicitly configured emergency login open to every address', async () => {
    const explicit = { email: 'ops@example.com', passwordHash: await hashPassword('x'.repeat(20)), demo: null };
    const context = createTestContext({ env: { ...testEnv(), emergencyLogin: explicit } });
    expect(await (await context.client.auth['emergency-config'].$get()).json()).toEqual({ enabled: true, demo: null });
  });

  it('never in production, and an explicit configuration wins', async () => {
    const production = testEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://books.example.com',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      ALLOW_OUTBOX_MAILER: 'true',
    });
    expect(await demoEmergencyLogin({ env: production, logger, demoAccounts })).toBeNull();
    const explicit = { email: 'ops@example.com', passwordHash: '$argon2id$x', demo: null };
    expect(await demoEmergencyLogin({ env: { ...testEnv(), emergencyLogin: explicit }, logger, demoAccounts })).toBe(
      explicit,
    );
  });
});
