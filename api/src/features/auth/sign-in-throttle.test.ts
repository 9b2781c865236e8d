import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@shared/messages';
import { auditLogs, knownSignInSources, loginLockouts } from '../../db/schema';
import type { TLoginRequest } from '@shared/auth.schemas';
import { createTestContext, deliveredMail, problemBody, successBody, type TTestClientOptions } from '../../test-utils';
import { createClock, createUser, outbox, sessionCookie } from './auth-test-helpers';
import { pruneSignInThrottle } from './sign-in-throttle.service';

const MINUTE = 60_000;
const OWNER_IP = '198.51.100.10';

async function setUp() {
  const clock = createClock();
  const context = createTestContext({ now: clock.now });
  const user = await createUser(context.db);
  const login = (json: TLoginRequest, options: TTestClientOptions = {}) =>
    context.clientFor(options).auth.login.$post({ json });
  const right = { emailOrUsername: user.email, password: user.password };
  const wrong = { emailOrUsername: user.email, password: 'wrong password' };
  /** Five failures from five strangers' addresses: the account is locked for unknown sources. */
  const attack = async (round = 0) => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login(wrong, { ip: `192.0.2.${round * 5 + i + 1}` })).status).toBe(401);
    }
  };
  return { ...context, clock, user, login, right, wrong, attack };
}

const auditActions = (db: ReturnType<typeof createTestContext>['db']) =>
  db
    .select()
    .from(auditLogs)
    .where(like(auditLogs.action, 'auth.lockout.%'))
    .all()
    .map((row) => ({ action: row.action, scope: row.details?.scope }));

/** The token of the unlock link in a delivered e-mail's text. */
function unlockToken(text: string): string {
  return decodeURIComponent(text.match(/\/auth\/unlock\?token=([^\s"&<]+)/)?.[1] ?? '');
}

describe('sign-in lockout lets the owner in', () => {
  it('a device that signed in before passes a lock set by failures from elsewhere, for as long as the attack goes on', async () => {
    const { login, right, attack, clock, db } = await setUp();
    const first = await login(right, { ip: OWNER_IP });
    expect(first.status).toBe(200);
    const device = sessionCookie(first, 'wb_device');
    expect(
      db
        .select()
        .from(knownSignInSources)
        .all()
        .map((row) => row.kind),
    ).toEqual(['device', 'ip']);
    // The table holds hashes, never the cookie or the address.
    for (const row of db.select().from(knownSignInSources).all()) {
      expect(row.valueHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.valueHash).not.toContain(OWNER_IP);
    }

    // An attacker relocks the account every 15 minutes for hours.
    for (let round = 0; round < 4; round += 1) {
      await attack(round);
      // A stranger with the right password is refused (it may be a stolen password) ...
      const stranger = await login(right, { ip: '203.0.113.99' });
      expect(stranger.status).toBe(429);
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await problemBody(stranger)).detail).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
      // ... the owner's device, now on a different network, is not.
      expect((await login(right, { ip: '203.0.113.50', cookie: device })).status).toBe(200);
      clock.advance(15 * MINUTE + 1000);
    }
  });

  it('an address the account signed in from before passes the lock too, without the cookie', async () => {
    const { login, right, attack } = await setUp();
    expect((await login(right, { ip: OWNER_IP })).status).toBe(200);
    await attack();
    expect((await login(right, { ip: OWNER_IP })).status).toBe(200);
    // Passing the lock does not lift it for everyone else.
    expect((await login(right, { ip: '203.0.113.99' })).status).toBe(429);
  });

  it('an unknown device cookie counts for nothing', async () => {
    const { login, right, attack } = await setUp();
    await attack();
    const forged = `wb_device=${'A'.repeat(43)}`;
    expect((await login(right, { ip: '203.0.113.99', cookie: forged })).status).toBe(429);
  });

  it('e-mails the owner a single-use, expiring unlock link when the account locks; the link lifts the lock', async () => {
    const { login, right, attack, db, user, client, clock } = await setUp();
    await attack();
    const mails = outbox(db, user.email, 'account_locked');
    expect(mails).toHaveLength(1);
    // Staff see where the link goes, never the token: only the owner's delivered copy carries it.
    expect(mails[0].bodyText).toContain('/auth/unlock?token=[redacted]');
    const token = unlockToken(deliveredMail(db, user.email).at(-1)!.text);
    expect(token).toHaveLength(43);
    // Only a hash is stored.
    const lock = db.select().from(loginLockouts).where(eq(loginLockouts.sourceKey, '*')).get()!;
    expect(lock.unlockTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(lock.unlockTokenHash).not.toContain(token);
    expect((await login(right, { ip: '203.0.113.99' })).status).toBe(429);

    const unlocked = await client.auth.unlock.$post({ json: { token } });
    expect(unlocked.status).toBe(200);
    expect(await successBody(unlocked)).toEqual({ success: true, message: AUTH_MESSAGES.accountUnlocked });
    expect((await login(right, { ip: '203.0.113.99' })).status).toBe(200);

    // Single use.
    const again = await client.auth.unlock.$post({ json: { token } });
    expect(again.status).toBe(400);
    expect((await problemBody(again)).errors).toEqual([{ field: 'token', message: AUTH_MESSAGES.unlockLinkInvalid }]);

    // Expiring: a second lock's link is dead after an hour.
    await attack(1);
    const secondToken = unlockToken(deliveredMail(db, user.email).at(-1)!.text);
    clock.advance(61 * MINUTE);
    expect((await client.auth.unlock.$post({ json: { token: secondToken } })).status).toBe(400);

    expect(auditActions(db)).toEqual([
      { action: 'auth.lockout.locked', scope: 'account' },
      { action: 'auth.lockout.unlocked', scope: undefined },
      { action: 'auth.lockout.locked', scope: 'account' },
    ]);
  });

  it('backs a known source off with delays that double, while the owner on a known device is unaffected', async () => {
    const { login, right, wrong, clock, db } = await setUp();
    const device = sessionCookie(await login(right, { ip: OWNER_IP }), 'wb_device');
    // Someone else behind the owner's shared address (an office, a carrier's NAT): known, so only the
    // back-off of that address holds them.
    const guesser = { ip: OWNER_IP };
    for (let i = 0; i < 5; i += 1) expect((await login(wrong, guesser)).status).toBe(401);
    const first = await login(wrong, guesser);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBe(60);

    clock.advance(MINUTE);
    expect((await login(wrong, guesser)).status).toBe(401);
    const second = await login(wrong, guesser);
    expect(Number(second.headers.get('retry-after'))).toBe(120);
    clock.advance(2 * MINUTE);
    expect((await login(wrong, guesser)).status).toBe(401);
    expect(Number((await login(wrong, guesser)).headers.get('retry-after'))).toBe(240);

    // The owner's device is its own source, even on the same address.
    expect((await login(right, { ip: OWNER_IP, cookie: device })).status).toBe(200);
    expect(auditActions(db).filter((row) => row.scope === 'source')).toHaveLength(3);
  });
});

describe('pruneSignInThrottle', () => {
  it('forgets ended locks and old failures, keeps what still holds someone back', async () => {
    const { attack, clock, db } = await setUp();
    await attack();
    // Five source pairs and the account's row.
    expect(db.select().from(loginLockouts).all()).toHaveLength(6);
    expect(pruneSignInThrottle({ db, now: clock.now })).toBe(0);
    clock.advance(23 * 60 * MINUTE);
    expect(pruneSignInThrottle({ db, now: clock.now })).toBe(0);
    clock.advance(2 * 60 * MINUTE);
    expect(pruneSignInThrottle({ db, now: clock.now })).toBe(6);
  });
});

describe('GET/DELETE /api/admin/auth/locks', () => {
  it('shows admins the locks in force and lets them clear one, audited', async () => {
    const { login, right, attack, db, user, clientFor } = await setUp();
    await attack();
    const admin = await createUser(db, { role: 'admin' });
    const adminCookie = sessionCookie(
      await login({ emailOrUsername: admin.email, password: admin.password }, { ip: '198.51.100.200' }),
    );
    const adminClient = clientFor({ cookie: adminCookie, ip: '198.51.100.200' });

    const list = await adminClient.admin.auth.locks.$get();
    expect(list.status).toBe(200);
    const { items } = await successBody(list);
    expect(items).toEqual([
      {
        id: expect.any(String),
        userId: user.id,
        email: user.email,
        scope: 'account',
        sourceIp: null,
        failures: 5,
        lockedUntil: expect.any(String),
      },
    ]);
    // No token or hash reaches the admin.
    expect(JSON.stringify(items)).not.toMatch(/[0-9a-f]{64}/);

    const cleared = await adminClient.admin.auth.locks[':id'].$delete({ param: { id: items[0].id } });
    expect(cleared.status).toBe(204);
    expect((await login(right, { ip: '203.0.113.99' })).status).toBe(200);
    const gone = await adminClient.admin.auth.locks[':id'].$delete({ param: { id: items[0].id } });
    expect(gone.status).toBe(404);
    expect((await problemBody(gone)).detail).toBe(AUTH_MESSAGES.signInLockNotFound);

    const audit = db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.lockout.cleared')).all();
    expect(audit).toMatchObject([{ userId: admin.id, details: { scope: 'account', accountUserId: user.id } }]);

    const reader = sessionCookie(await login(right, { ip: OWNER_IP }));
    expect((await clientFor(reader).admin.auth.locks.$get()).status).toBe(403);
  });
});
