import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { createTestContext, successBody } from '../../test-utils';
import {
  createSession,
  findSessionUser,
  hashSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './session.service';

function insertUser(
  db: ReturnType<typeof createTestContext>['db'],
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  return db
    .insert(users)
    .values({ email: `reader-${crypto.randomUUID()}@example.com`, firstName: 'Ada', role: 'user', ...overrides })
    .returning()
    .get();
}

describe('sessions', () => {
  it('stores only the hash of the token', () => {
    const { db } = createTestContext();
    const user = insertUser(db);
    const { token } = createSession({ db, userId: user.id, now: new Date() });
    const rows = db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].sid).toBe(hashSessionToken(token));
    expect(rows[0].sid).not.toContain(token);
  });

  it('expires after the idle period and never outlives the absolute limit', () => {
    const { db } = createTestContext();
    const user = insertUser(db);
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = createSession({ db, userId: user.id, now: start });
    expect(findSessionUser({ db, token, now: new Date(start.getTime() + SESSION_IDLE_MS - 1000) })).not.toBeNull();
    // Used regularly, it still ends at the absolute expiry.
    let now = start.getTime();
    while (now < start.getTime() + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS / 2) {
      now += SESSION_IDLE_MS / 2;
      expect(findSessionUser({ db, token, now: new Date(now) })).not.toBeNull();
    }
    expect(findSessionUser({ db, token, now: new Date(start.getTime() + SESSION_ABSOLUTE_MS + 1) })).toBeNull();
    const idle = createSession({ db, userId: user.id, now: start });
    expect(findSessionUser({ db, token: idle.token, now: new Date(start.getTime() + SESSION_IDLE_MS + 1) })).toBeNull();
  });

  it('refuses sessions of deactivated users', () => {
    const { db } = createTestContext();
    const user = insertUser(db);
    const { token } = createSession({ db, userId: user.id, now: new Date() });
    db.update(users).set({ isActive: false }).where(eq(users.id, user.id)).run();
    expect(findSessionUser({ db, token, now: new Date() })).toBeNull();
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 problem+json when signed out or with a bogus cookie', async () => {
    const { client } = createTestContext();
    for (const cookie of [undefined, 'wb_session=nope', `wb_session=${'a'.repeat(43)}`]) {
      const response = await client.auth.user.$get({}, { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('returns the public fields of the signed-in user and nothing secret', async () => {
    const { clientFor, db } = createTestContext();
    const user = insertUser(db, {
      role: 'admin',
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      passwordHash: 'secret-hash',
    });
    const { token } = createSession({ db, userId: user.id, now: new Date() });
    const response = await clientFor(`wb_session=${token}`).auth.user.$get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await successBody(response);
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'admin',
      subscriptionTier: 'premium',
      firstName: 'Ada',
    });
    expect(JSON.stringify(body)).not.toContain('secret-hash');
    expect(body).not.toHaveProperty('passwordHash');
  });
});

describe('session cookie renewal', () => {
  it('sends the cookie again with a fresh Max-Age when a request slides the idle expiry', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { clientFor, db } = createTestContext({ now: () => now });
    const user = insertUser(db);
    const { token } = createSession({ db, userId: user.id, now });
    const reader = clientFor(`wb_session=${token}`);
    const quiet = await reader.auth.user.$get();
    expect(quiet.headers.get('set-cookie')).toBeNull();

    now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
    const slid = await reader.auth.user.$get();
    expect(slid.status).toBe(200);
    const cookie = slid.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`wb_session=${token}`);
    expect(cookie).toContain(`Max-Age=${SESSION_IDLE_MS / 1000}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('on a database file, slides the expiry without the request waiting for the disk, and leaves FULL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-session-touch-'));
    const db = openDatabase(path.join(dir, 'app.db'));
    try {
      migrateDatabase(db);
      let now = new Date('2026-01-01T00:00:00Z');
      const user = insertUser(db);
      const { token } = createSession({ db, userId: user.id, now });
      // What runs on the connection, in order: the pragmas set around the touch, and the touch itself (a trigger).
      const steps: string[] = [];
      db.$client.function('wb_touch_probe', () => {
        steps.push('touch');
        return 0;
      });
      db.$client.exec(
        'CREATE TEMP TRIGGER probe_session_touch AFTER UPDATE OF expire ON sessions BEGIN SELECT wb_touch_probe(); END',
      );
      const exec = db.$client.exec.bind(db.$client);
      vi.spyOn(db.$client, 'exec').mockImplementation((source: string) => {
        steps.push(source);
        return exec(source);
      });
      now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
      const found = findSessionUser({ db, token, now });
      expect(found?.extended).toBe(true);
      expect(steps).toEqual(['PRAGMA synchronous = 1', 'touch', 'PRAGMA synchronous = 2']);
      expect(db.$client.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.select().from(sessions).get()?.expire.getTime()).toBe(now.getTime() + SESSION_IDLE_MS);
    } finally {
      vi.restoreAllMocks();
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
