/**
 * Server-side sessions (docs/ARCHITECTURE.md#security). The browser holds an opaque random token in an HttpOnly cookie;
 * the `sessions` table stores only its sha256, with an idle expiry that slides on use and an absolute
 * expiry that never moves. Rows are written at sign-in and deleted at sign-out, password reset and expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import type { Db } from '../../db/client';
import { writeWithoutDiskWait } from '../../db/off-thread-flush';
import { sessions, users } from '../../db/schema';

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding the idle expiry at most this often keeps authenticated reads from writing on every request. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSession(options: {
  db: Db;
  userId: string;
  now: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
}): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const nowMs = options.now.getTime();
  const expiresAt = new Date(nowMs + SESSION_IDLE_MS);
  options.db
    .insert(sessions)
    .values({
      sid: hashSessionToken(token),
      userId: options.userId,
      expire: expiresAt,
      absoluteExpire: new Date(nowMs + SESSION_ABSOLUTE_MS),
      ipAddress: options.ipAddress ?? null,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
    })
    .run();
  return { token, expiresAt };
}

export interface TFoundSession {
  user: SessionUser;
  sid: string;
  /** The idle expiry after this lookup. */
  expiresAt: Date;
  /** True when this lookup slid the idle expiry, so the cookie's Max-Age can be renewed to match. */
  extended: boolean;
}

/**
 * The session lookup runs on every authenticated request. It is prepared once per connection
 * (building and compiling this 45-column join each time cost ~30x the lookup itself), and its rows
 * are kept in the database read cache, which any write to the database empties, so a changed role,
 * a deactivation or a deleted session is seen by the very next request. Expiry is checked in code
 * against the caller's clock, so a cached row never outlives its session.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare();
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
/** The tables the session lookup reads (checked against its queries by api/src/read-cache-tables.test.ts). */
export const SESSION_LOOKUP_TABLES = ['sessions', 'users'] as const satisfies readonly TTrackedTable[];
const sessionRows = createReadCache(5_000, { tables: SESSION_LOOKUP_TABLES });

function lookUpSession(db: Db, sid: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const prepared = lookup;
  return sessionRows.read(db, sid, () => prepared.get({ sid }) ?? null);
}

/** The active user behind a session token, or null when the token is unknown, expired or the user is disabled. */
export function findSessionUser(options: { db: Db; token: string; now: Date }): TFoundSession | null {
  const { db, token, now } = options;
  const sid = hashSessionToken(token);
  const row = lookUpSession(db, sid);
  const nowMs = now.getTime();
  if (!row?.user.isActive || row.session.expire.getTime() <= nowMs || row.session.absoluteExpire.getTime() <= nowMs) {
    return null;
  }

  const nextExpire = Math.min(nowMs + SESSION_IDLE_MS, row.session.absoluteExpire.getTime());
  if (nextExpire - row.session.expire.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    // Often on the first request of a reading session (the reader page): it does not wait for the disk. Lost in a
    // power cut, the session would only end up to SESSION_TOUCH_INTERVAL_MS early.
    writeWithoutDiskWait(db, () =>
      db
        .update(sessions)
        .set({ expire: new Date(nextExpire) })
        .where(eq(sessions.sid, sid))
        .run(),
    );
    return { user: row.user, sid, expiresAt: new Date(nextExpire), extended: true };
  }
  return { user: row.user, sid, expiresAt: row.session.expire, extended: false };
}

export function deleteSession(options: { db: Db; token: string }): void {
  options.db
    .delete(sessions)
    .where(eq(sessions.sid, hashSessionToken(options.token)))
    .run();
}

export function deleteUserSessions(options: { db: Db; userId: string }): void {
  options.db.delete(sessions).where(eq(sessions.userId, options.userId)).run();
}

/** Ends one session by its stored id (the token's hash), as the session middleware exposes it. */
export function deleteSessionBySid(options: { db: Db; sid: string }): void {
  options.db.delete(sessions).where(eq(sessions.sid, options.sid)).run();
}
