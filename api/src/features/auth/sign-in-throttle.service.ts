/**
 * Sign-in throttling that stops attackers, not owners (docs/product/accounts.md#sign-in-lockout).
 *
 * - Per account: failures from every source count together; past the limit the account is locked for
 *   sources it has never signed in from, and its owner gets an e-mail with a single-use unlock link.
 * - Per account + source pair: each pair backs off on its own, with a delay that doubles per failure,
 *   so even a known source (a shared address, a stolen device cookie) cannot guess quickly.
 * - Known sources (a device cookie or an address of an earlier successful sign-in) pass the account
 *   lock: failures from elsewhere never keep the owner out.
 *
 * Attempts are counted before the password check, inside one BEGIN IMMEDIATE transaction, so
 * concurrent guesses cannot all slip under a limit; a successful sign-in takes its count back.
 * Every lock and unlock is written to the audit log.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { TSignInLock } from '@shared/auth';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import { ACCOUNT_WIDE_SOURCE, knownSignInSources, loginLockouts, users } from '../../db/schema';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { SIGN_IN_THROTTLE } from './auth.limits';
import { generateResetToken, hashResetToken } from './one-time-code';

type TLockRow = typeof loginLockouts.$inferSelect;
type TDeps = Pick<AppDeps, 'db' | 'now'>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The throttle's key for what was typed (the account's e-mail when it exists). */
export const signInAccountKey = (subject: string) => sha256(`account:${subject}`);
const deviceHash = (deviceToken: string) => sha256(`device:${deviceToken}`);
/** Salted with the account, so one table row cannot be matched against another account's addresses. */
const ipHash = (userId: string, ipAddress: string) => sha256(`ip:${userId}:${ipAddress}`);

export interface TSignInSource {
  ipAddress: string | null;
  deviceToken: string | null;
}

/** Whether this device or address signed in to the account before. */
export function isKnownSource(db: Db, userId: string, source: TSignInSource): boolean {
  const matches = [];
  if (source.deviceToken) {
    matches.push(
      and(eq(knownSignInSources.kind, 'device'), eq(knownSignInSources.valueHash, deviceHash(source.deviceToken))),
    );
  }
  if (source.ipAddress) {
    matches.push(
      and(eq(knownSignInSources.kind, 'ip'), eq(knownSignInSources.valueHash, ipHash(userId, source.ipAddress))),
    );
  }
  if (matches.length === 0) return false;
  return Boolean(
    db
      .select({ id: knownSignInSources.id })
      .from(knownSignInSources)
      .where(and(eq(knownSignInSources.userId, userId), or(...matches)))
      .get(),
  );
}

/**
 * The pair a failure is charged to: a known device of this account when the request carries one
 * (so the owner's device never shares a back-off with a stranger on the same network), else the IP.
 * An unknown device cookie does not count: anyone can mint one per request.
 */
function pairSourceKey(db: Db, userId: string | null, source: TSignInSource): string {
  if (userId && source.deviceToken) {
    const hash = deviceHash(source.deviceToken);
    const known = db
      .select({ id: knownSignInSources.id })
      .from(knownSignInSources)
      .where(
        and(
          eq(knownSignInSources.userId, userId),
          eq(knownSignInSources.kind, 'device'),
          eq(knownSignInSources.valueHash, hash),
        ),
      )
      .get();
    if (known) return `device:${hash}`;
  }
  return `ip:${sha256(source.ipAddress ?? 'unknown')}`;
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const isLocked = (row: TLockRow | undefined, now: Date): row is TLockRow & { lockedUntil: Date } =>
  Boolean(row?.lockedUntil && row.lockedUntil.getTime() > now.getTime());

export type TSignInAttempt =
  | { allowed: false; retryAfterSeconds: number; reason: 'account_locked' | 'source_backoff' }
  | {
      allowed: true;
      accountKey: string;
      pairKey: string;
      /** The account was already locked and this known source passed it: success must not lift it. */
      passedAccountLock: boolean;
      /** This attempt reached a limit: if the password turns out wrong, the lock stands and is announced. */
      lockedAccountNow: boolean;
      pairLockedForMs: number | null;
    };

/** Checks the locks and counts this attempt as a failure until the password proves otherwise. */
export function beginSignInAttempt(
  options: TDeps & { subject: string; userId: string | null; ipAddress: string | null; deviceToken: string | null },
): TSignInAttempt {
  const { db, userId } = options;
  const at = options.now();
  const accountKey = signInAccountKey(options.subject);
  return immediateTransaction(db, (): TSignInAttempt => {
    const pairKey = pairSourceKey(db, userId, options);
    const rows = db
      .select()
      .from(loginLockouts)
      .where(
        and(eq(loginLockouts.accountKey, accountKey), inArray(loginLockouts.sourceKey, [ACCOUNT_WIDE_SOURCE, pairKey])),
      )
      .all();
    const account = rows.find((row) => row.sourceKey === ACCOUNT_WIDE_SOURCE);
    const pair = rows.find((row) => row.sourceKey === pairKey);
    if (isLocked(pair, at)) {
      return { allowed: false, retryAfterSeconds: secondsUntil(pair.lockedUntil, at), reason: 'source_backoff' };
    }
    const accountLocked = isLocked(account, at);
    const known = userId ? isKnownSource(db, userId, options) : false;
    if (accountLocked && !known) {
      return { allowed: false, retryAfterSeconds: secondsUntil(account.lockedUntil, at), reason: 'account_locked' };
    }

    const pairFailures =
      (pair && at.getTime() - pair.lastFailureAt.getTime() < SIGN_IN_THROTTLE.pairMemoryMs ? pair.failures : 0) + 1;
    const pairLockedForMs =
      pairFailures >= SIGN_IN_THROTTLE.pairFailures
        ? Math.min(
            SIGN_IN_THROTTLE.pairBaseDelayMs * 2 ** (pairFailures - SIGN_IN_THROTTLE.pairFailures),
            SIGN_IN_THROTTLE.pairMaxDelayMs,
          )
        : null;
    upsert(db, {
      accountKey,
      sourceKey: pairKey,
      userId,
      sourceIp: options.ipAddress,
      failures: pairFailures,
      lastFailureAt: at,
      lockedUntil: pairLockedForMs ? new Date(at.getTime() + pairLockedForMs) : null,
    });

    let lockedAccountNow = false;
    if (!accountLocked) {
      const recent = account && at.getTime() - account.lastFailureAt.getTime() < SIGN_IN_THROTTLE.accountWindowMs;
      const failures = (recent ? account.failures : 0) + 1;
      lockedAccountNow = failures >= SIGN_IN_THROTTLE.accountFailures;
      upsert(db, {
        accountKey,
        sourceKey: ACCOUNT_WIDE_SOURCE,
        userId,
        sourceIp: null,
        failures,
        lastFailureAt: at,
        lockedUntil: lockedAccountNow ? new Date(at.getTime() + SIGN_IN_THROTTLE.accountLockMs) : null,
      });
    }
    return { allowed: true, accountKey, pairKey, passedAccountLock: accountLocked, lockedAccountNow, pairLockedForMs };
  });
}

function upsert(
  db: Db,
  values: Pick<
    typeof loginLockouts.$inferInsert,
    'accountKey' | 'sourceKey' | 'userId' | 'sourceIp' | 'failures' | 'lastFailureAt' | 'lockedUntil'
  >,
) {
  const { accountKey, sourceKey, ...changes } = values;
  db.insert(loginLockouts)
    .values({ ...values, createdAt: values.lastFailureAt, updatedAt: values.lastFailureAt })
    .onConflictDoUpdate({
      target: [loginLockouts.accountKey, loginLockouts.sourceKey],
      set: { ...changes, updatedAt: values.lastFailureAt },
    })
    .run();
}

/**
 * After a wrong password: audits the locks this failure set and, when it locked a real account,
 * stores a fresh unlock token and returns it for the owner's e-mail.
 */
export function settleFailedSignIn(
  options: TDeps & TRequestMeta & { attempt: Extract<TSignInAttempt, { allowed: true }>; userId: string | null },
): { unlockToken: string | null } {
  const { db, now, attempt, userId, ipAddress, userAgent } = options;
  const at = now();
  const audit = (details: Record<string, unknown>) =>
    recordAudit(
      { db, now },
      {
        action: 'auth.lockout.locked',
        resource: 'user',
        resourceId: userId,
        userId,
        severity: 'warning',
        status: 'warning',
        details,
        ipAddress,
        userAgent,
      },
    );
  if (attempt.pairLockedForMs) audit({ scope: 'source', seconds: Math.round(attempt.pairLockedForMs / 1000) });
  if (!attempt.lockedAccountNow) return { unlockToken: null };
  audit({ scope: 'account', seconds: SIGN_IN_THROTTLE.accountLockMs / 1000 });
  if (!userId) return { unlockToken: null };
  const { token, tokenHash } = generateResetToken();
  db.update(loginLockouts)
    .set({
      unlockTokenHash: tokenHash,
      unlockTokenExpires: new Date(at.getTime() + SIGN_IN_THROTTLE.unlockLinkTtlMs),
      updatedAt: at,
    })
    .where(and(eq(loginLockouts.accountKey, attempt.accountKey), eq(loginLockouts.sourceKey, ACCOUNT_WIDE_SOURCE)))
    .run();
  return { unlockToken: token };
}

/**
 * After the right password: takes this attempt's count back (the pair's failures and, unless a known
 * source passed a standing lock, the account's) and remembers the device and address as known.
 */
export function settleSuccessfulSignIn(
  options: TDeps & {
    attempt: Extract<TSignInAttempt, { allowed: true }>;
    userId: string;
    ipAddress: string | null;
    deviceToken: string;
  },
): void {
  const { db, attempt, userId } = options;
  const at = options.now();
  const keys = attempt.passedAccountLock ? [attempt.pairKey] : [attempt.pairKey, ACCOUNT_WIDE_SOURCE];
  db.delete(loginLockouts)
    .where(and(eq(loginLockouts.accountKey, attempt.accountKey), inArray(loginLockouts.sourceKey, keys)))
    .run();
  const remember = (kind: 'device' | 'ip', valueHash: string) =>
    db
      .insert(knownSignInSources)
      .values({ userId, kind, valueHash, lastSignedInAt: at, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [knownSignInSources.userId, knownSignInSources.kind, knownSignInSources.valueHash],
        set: { lastSignedInAt: at, updatedAt: at },
      })
      .run();
  remember('device', deviceHash(options.deviceToken));
  if (options.ipAddress) remember('ip', ipHash(userId, options.ipAddress));
}

function clearAccount(db: Db, accountKey: string): number {
  return db.delete(loginLockouts).where(eq(loginLockouts.accountKey, accountKey)).run().changes;
}

/** The e-mailed unlock link: single-use, expiring; lifts every lock and back-off of the account. */
export function unlockWithToken(options: TDeps & TRequestMeta & { token: string }): boolean {
  const { db, now, ipAddress, userAgent } = options;
  const at = now();
  return immediateTransaction(db, () => {
    const row = db
      .select()
      .from(loginLockouts)
      .where(
        and(eq(loginLockouts.unlockTokenHash, hashResetToken(options.token)), gt(loginLockouts.unlockTokenExpires, at)),
      )
      .get();
    if (!row) return false;
    clearAccount(db, row.accountKey);
    recordAudit(
      { db, now },
      {
        action: 'auth.lockout.unlocked',
        resource: 'user',
        resourceId: row.userId,
        userId: row.userId,
        details: { via: 'email_link' },
        ipAddress,
        userAgent,
      },
    );
    return true;
  });
}

/** Locks in force now, newest first, for the admin screen. */
export function listSignInLocks(options: TDeps): TSignInLock[] {
  const { db } = options;
  const at = options.now();
  return db
    .select({ lock: loginLockouts, email: users.email })
    .from(loginLockouts)
    .leftJoin(users, eq(users.id, loginLockouts.userId))
    .where(gt(loginLockouts.lockedUntil, at))
    .orderBy(desc(loginLockouts.lastFailureAt))
    .all()
    .map(({ lock, email }) => ({
      id: lock.id,
      userId: lock.userId,
      email: email ?? null,
      scope: lock.sourceKey === ACCOUNT_WIDE_SOURCE ? 'account' : 'source',
      sourceIp: lock.sourceIp,
      failures: lock.failures,
      lockedUntil: (lock.lockedUntil as Date).toISOString(),
    }));
}

/**
 * An admin lifts one lock. Clearing the account-wide lock clears the whole account (its back-offs
 * too), as the unlock link does; clearing one source's back-off leaves the rest.
 */
export function clearSignInLock(options: TDeps & TRequestMeta & { id: string; adminId: string }): boolean {
  const { db, now, id, adminId, ipAddress, userAgent } = options;
  return immediateTransaction(db, () => {
    const row = db.select().from(loginLockouts).where(eq(loginLockouts.id, id)).get();
    if (!row) return false;
    const scope = row.sourceKey === ACCOUNT_WIDE_SOURCE ? 'account' : 'source';
    if (scope === 'account') clearAccount(db, row.accountKey);
    else db.delete(loginLockouts).where(eq(loginLockouts.id, id)).run();
    recordAudit(
      { db, now },
      {
        action: 'auth.lockout.cleared',
        resource: 'user',
        resourceId: row.userId,
        userId: adminId,
        severity: 'warning',
        details: { scope, lockId: id, accountUserId: row.userId },
        ipAddress,
        userAgent,
      },
    );
    return true;
  });
}

/** A password reset proves control of the address: the account's failures no longer hold anyone back. */
export function clearSignInThrottle(db: Db, subject: string): void {
  clearAccount(db, signInAccountKey(subject));
}

/**
 * Forgets failures nobody is held back by any more: rows whose lock has ended and whose last failure
 * is older than the longest memory (a pair's 24 hours). Run by the jobs runner.
 */
export function pruneSignInThrottle(options: TDeps): number {
  const at = options.now();
  const forgottenBefore = new Date(at.getTime() - SIGN_IN_THROTTLE.pairMemoryMs);
  return options.db
    .delete(loginLockouts)
    .where(
      and(
        lt(loginLockouts.lastFailureAt, forgottenBefore),
        or(isNull(loginLockouts.lockedUntil), lt(loginLockouts.lockedUntil, at)),
      ),
    )
    .run().changes;
}
