/**
 * Offline devices (docs/API.md: devices; docs/ARCHITECTURE.md#offline-devices-and-licences): registering a browser for
 * offline reading with proof that it holds its device key, the plan's device cap, the Devices page (list, rename,
 * remove) and what a device learns about itself at its next contact.
 *
 * Proof of possession (decision records 008 and 023): the device key unwraps but cannot sign (ECDH P-256, or RSA-OAEP
 * for browsers keyed before 023), so the server wraps a random nonce to it with the scheme licences use for that key
 * type (shared/device-key-wrap.ts) and the browser answers with the nonce. Only a
 * sha256 of (device id, key thumbprint, nonce) is stored in device_challenges, so the table never
 * holds an answer, and a challenge answered for another device does not match. A challenge lives 5
 * minutes and is consumed by the first answer, right or wrong, in the transaction that registers.
 *
 * The cap is enforced atomically: counting the reader's registered devices and registering this one
 * happen in one BEGIN IMMEDIATE transaction, so concurrent registrations cannot overshoot it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { effectiveTier, isOfflineAllowed } from '@shared/entitlement';
import {
  DEVICE_CHALLENGE_BYTES,
  DEVICE_CHALLENGE_TTL_MS,
  DEVICE_MESSAGES,
  deviceCapMessage,
  deviceOverCapMessage,
  type TDevice,
  type TDeviceChallenge,
  type TDeviceList,
  type TDeviceStatus,
  type TDeviceStatusValue,
} from '@shared/devices';
import type { TSubscriptionTier } from '@shared/tiers';
import { immediateTransaction, type Db } from '../../db/client';
import { deviceChallenges, devices, licenses } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { loadUser, offlineDeviceCap } from '../selections/entitlement-state';
import { retireDevice } from './device-retirement';
import { findActiveDevice, wrapForDevice, type TDeviceRow } from './devices.service';

/** lastActiveAt is refreshed at most this often per device, so status polling does not write on every call. */
export const DEVICE_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** Registration order: the devices registered first hold the plan's places. */
const REGISTRATION_ORDER = [asc(devices.offlineRegisteredAt), asc(devices.createdAt), asc(devices.id)];

// ---------------------------------------------------------------------------------------------
// Plan and cap.

export interface TOfflineAllowance {
  tier: TSubscriptionTier;
  cap: number;
}

export function offlineAllowance(db: Db, userId: string, now: Date): TOfflineAllowance {
  const tier = effectiveTier(loadUser(db, userId), now);
  return { tier, cap: isOfflineAllowed(tier) ? offlineDeviceCap(db, tier) : 0 };
}

const offlineNeedsPlan = () => new AppError('offline_not_allowed', 402, DEVICE_MESSAGES.offlineNeedsPlan);
const capReached = ({ cap, tier }: TOfflineAllowance) =>
  new AppError('device_cap_reached', 409, deviceCapMessage(cap, tier));

/**
 * Whether the device holds one of the plan's places: the cap's first devices in registration order.
 * Only differs from "registered" after the plan shrank the cap (a downgrade); registration itself
 * never goes past the cap.
 */
export function holdsDevicePlace(db: Db, userId: string, deviceId: string, cap: number): boolean {
  if (cap <= 0) return false;
  const places = db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.isActive, true), isNotNull(devices.offlineRegisteredAt)))
    .orderBy(...REGISTRATION_ORDER)
    .limit(cap)
    .all();
  return places.some((place) => place.id === deviceId);
}

export const overCapError = ({ cap, tier }: TOfflineAllowance) =>
  new AppError('device_over_cap', 403, deviceOverCapMessage(cap, tier));

/** Devices counting against the cap: active and registered for offline reading. */
function countRegistered(db: Db, userId: string, exceptDeviceId?: string): number {
  const conditions = [eq(devices.userId, userId), eq(devices.isActive, true), isNotNull(devices.offlineRegisteredAt)];
  if (exceptDeviceId) conditions.push(sql`${devices.id} <> ${exceptDeviceId}`);
  return (
    db
      .select({ n: count() })
      .from(devices)
      .where(and(...conditions))
      .get()?.n ?? 0
  );
}

// ---------------------------------------------------------------------------------------------
// Challenge and registration.

/** What device_challenges stores: binds the nonce to the device and its key without keeping the nonce. */
function challengeDigest(device: Pick<TDeviceRow, 'id' | 'keyThumbprint'>, nonce: Uint8Array): Buffer {
  return createHash('sha256')
    .update(`wb-device-challenge|${device.id}|${device.keyThumbprint}|`)
    .update(nonce)
    .digest();
}

/**
 * POST /api/devices/challenge: a nonce wrapped to the device's key. Refuses early (the registration
 * checks again, atomically) when the plan has no offline reading (402) or the cap is already used (409).
 */
export async function createDeviceChallenge(options: {
  db: Db;
  userId: string;
  deviceId: string;
  now: Date;
}): Promise<TDeviceChallenge> {
  const { db, userId, deviceId, now } = options;
  const device = findActiveDevice({ db, userId, deviceId });
  const allowance = offlineAllowance(db, userId, now);
  if (allowance.cap === 0) throw offlineNeedsPlan();
  if (device.offlineRegisteredAt === null && countRegistered(db, userId) >= allowance.cap) throw capReached(allowance);

  const nonce = randomBytes(DEVICE_CHALLENGE_BYTES);
  const wrap = await wrapForDevice(device, nonce, 'device-challenge');
  const expiresAt = new Date(now.getTime() + DEVICE_CHALLENGE_TTL_MS);
  const row = db
    .insert(deviceChallenges)
    .values({ userId, challenge: challengeDigest(device, nonce).toString('base64url'), expiresAt, createdAt: now })
    .returning({ id: deviceChallenges.id })
    .get();
  nonce.fill(0);
  return {
    challengeId: row.id,
    encryptedChallenge: wrap.wrapped,
    keyWrapAlg: wrap.alg,
    ...(wrap.epk ? { epk: wrap.epk } : {}),
    expiresAt: expiresAt.toISOString(),
  };
}

const challengeError = (field: 'challengeId' | 'response', message: string) =>
  new AppError('challenge_failed', 400, `${field}: ${message}`, [{ field, message }]);

type TRegistrationOutcome =
  | { ok: true; created: boolean }
  | {
      ok: false;
      error:
        | 'challenge_invalid'
        | 'challenge_used'
        | 'challenge_expired'
        | 'proof_failed'
        | 'device_missing'
        | 'no_plan'
        | 'cap_reached';
      allowance?: TOfflineAllowance;
    };

function registrationError(outcome: Extract<TRegistrationOutcome, { ok: false }>): AppError {
  switch (outcome.error) {
    case 'challenge_invalid':
      return challengeError('challengeId', DEVICE_MESSAGES.challengeInvalid);
    case 'challenge_used':
      return challengeError('challengeId', DEVICE_MESSAGES.challengeUsed);
    case 'challenge_expired':
      return challengeError('challengeId', DEVICE_MESSAGES.challengeExpired);
    case 'proof_failed':
      return challengeError('response', DEVICE_MESSAGES.proofFailed);
    case 'device_missing':
      return notFound('Device');
    case 'no_plan':
      return offlineNeedsPlan();
    case 'cap_reached':
      return capReached(outcome.allowance!);
  }
}

/**
 * POST /api/devices: checks the answer to the challenge and registers the device for offline reading
 * (201), or answers 200 for a device already registered (renamed when a name is given). The challenge
 * is consumed by this attempt whatever its outcome. Count and registration share one BEGIN IMMEDIATE
 * transaction: 409 with the cap message when the plan's devices are all registered, 402 without offline
 * reading in the plan, 400 naming challengeId or response for a bad challenge or answer.
 */
export function registerOfflineDevice(options: {
  deps: Pick<AppDeps, 'db'>;
  userId: string;
  deviceId: string;
  challengeId: string;
  response: string;
  name?: string;
  now: Date;
  meta?: TRequestMeta;
  sessionId?: string | null;
}): { device: TDevice; created: boolean } {
  const { deps, userId, deviceId, now } = options;
  const { db } = deps;
  const answer = Buffer.from(options.response, 'base64url');
  const outcome = immediateTransaction(db, (): TRegistrationOutcome => {
    const challenge = db
      .select()
      .from(deviceChallenges)
      .where(and(eq(deviceChallenges.id, options.challengeId), eq(deviceChallenges.userId, userId)))
      .get();
    if (!challenge) return { ok: false, error: 'challenge_invalid' };
    if (challenge.usedAt !== null) return { ok: false, error: 'challenge_used' };
    // Single use: consumed by this attempt, committed even when the attempt is refused below.
    db.update(deviceChallenges)
      .set({ usedAt: now })
      .where(and(eq(deviceChallenges.id, challenge.id), isNull(deviceChallenges.usedAt)))
      .run();
    if (challenge.expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'challenge_expired' };

    const device = db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
      .get();
    if (!device?.isActive) return { ok: false, error: 'device_missing' };
    const expected = Buffer.from(challenge.challenge, 'base64url');
    const actual = challengeDigest(device, answer);
    if (
      answer.length !== DEVICE_CHALLENGE_BYTES ||
      expected.length !== actual.length ||
      !timingSafeEqual(expected, actual)
    ) {
      return { ok: false, error: 'proof_failed' };
    }

    const allowance = offlineAllowance(db, userId, now);
    if (allowance.cap === 0) return { ok: false, error: 'no_plan' };
    const rename = options.name ? { name: options.name } : {};
    if (device.offlineRegisteredAt !== null) {
      db.update(devices)
        .set({ ...rename, lastActiveAt: now })
        .where(eq(devices.id, device.id))
        .run();
      return { ok: true, created: false };
    }
    if (countRegistered(db, userId) >= allowance.cap) return { ok: false, error: 'cap_reached', allowance };
    db.update(devices)
      .set({ ...rename, offlineRegisteredAt: now, lastActiveAt: now })
      .where(eq(devices.id, device.id))
      .run();
    recordAudit(
      { db, now: () => now },
      {
        action: 'device.registered',
        resource: 'device',
        resourceId: device.id,
        userId,
        details: { keyThumbprint: device.keyThumbprint, tier: allowance.tier, cap: allowance.cap },
        ipAddress: options.meta?.ipAddress ?? null,
        userAgent: options.meta?.userAgent ?? null,
        sessionId: options.sessionId ?? null,
      },
    );
    return { ok: true, created: true };
  });
  if (!outcome.ok) throw registrationError(outcome);
  return { device: loadDevice(db, userId, deviceId, now), created: outcome.created };
}

// ---------------------------------------------------------------------------------------------
// The Devices page.

/** Devices with their live offline licences (not revoked, not expired at `now`) counted. */
function selectDevices(db: Db, where: SQL, now: Date): TDevice[] {
  const liveOffline = and(
    eq(licenses.deviceId, devices.id),
    eq(licenses.kind, 'offline'),
    eq(licenses.revoked, false),
    gt(licenses.offlineExpiresAt, now),
  );
  return db
    .select({
      id: devices.id,
      name: devices.name,
      offlineRegisteredAt: devices.offlineRegisteredAt,
      lastActiveAt: devices.lastActiveAt,
      createdAt: devices.createdAt,
      userAgent: devices.userAgent,
      booksOffline: sql<number>`count(${licenses.id})`,
      latestExpiry: sql<number | null>`max(${licenses.offlineExpiresAt})`,
    })
    .from(devices)
    .leftJoin(licenses, liveOffline)
    .where(where)
    .groupBy(devices.id)
    .orderBy(...REGISTRATION_ORDER)
    .all()
    .map((row) => ({
      id: row.id,
      name: row.name,
      isOfflineRegistered: row.offlineRegisteredAt !== null,
      registeredAt: iso(row.offlineRegisteredAt),
      lastActiveAt: iso(row.lastActiveAt),
      createdAt: row.createdAt.toISOString(),
      booksOffline: row.booksOffline,
      licenseExpiresAt: row.latestExpiry === null ? null : new Date(row.latestExpiry).toISOString(),
      userAgent: row.userAgent,
      overCap: false,
    }));
}

function loadDevice(db: Db, userId: string, deviceId: string, now: Date): TDevice {
  const [device] = selectDevices(
    db,
    and(eq(devices.id, deviceId), eq(devices.userId, userId), eq(devices.isActive, true))!,
    now,
  );
  if (!device) throw notFound('Device');
  if (!device.isOfflineRegistered) return device;
  return { ...device, overCap: !holdsDevicePlace(db, userId, device.id, offlineAllowance(db, userId, now).cap) };
}

/** GET /api/devices: the reader's active offline-registered devices, the plan's cap and how many count. */
export function listDevices(options: { db: Db; userId: string; now: Date }): TDeviceList {
  const { db, userId, now } = options;
  const { cap } = offlineAllowance(db, userId, now);
  // Listed in registration order, so the places are the first `cap` rows.
  const items = selectDevices(
    db,
    and(eq(devices.userId, userId), eq(devices.isActive, true), isNotNull(devices.offlineRegisteredAt))!,
    now,
  ).map((device, index) => ({ ...device, overCap: index >= cap }));
  return { items, cap, used: items.length };
}

/** PATCH /api/devices/:id: renames one of the reader's active devices (404 for anyone else's). */
export function renameDevice(options: { db: Db; userId: string; deviceId: string; name: string; now: Date }): TDevice {
  const { db, userId, deviceId, now } = options;
  const changed = db
    .update(devices)
    .set({ name: options.name })
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), eq(devices.isActive, true)))
    .run().changes;
  if (changed === 0) throw notFound('Device');
  return loadDevice(db, userId, deviceId, now);
}

/**
 * DELETE /api/devices/:id: the device stops counting against the cap and every licence it holds is
 * revoked, in one transaction; it learns this at its next contact (licence status revoked, device
 * status removed) and deletes its downloads. 404 for a device that is not the reader's own and active.
 */
export function removeDevice(options: {
  deps: Pick<AppDeps, 'db'>;
  userId: string;
  deviceId: string;
  now: Date;
  meta?: TRequestMeta;
  sessionId?: string | null;
}): void {
  const { deps, userId, deviceId, now } = options;
  const { db } = deps;
  const removed = immediateTransaction(db, () => {
    const device = db
      .select({ id: devices.id, keyThumbprint: devices.keyThumbprint })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), eq(devices.isActive, true)))
      .get();
    if (!device) return false;
    retireDevice(db, {
      deviceId: device.id,
      userId,
      now,
      action: 'device.removed',
      details: { keyThumbprint: device.keyThumbprint },
      actor: {
        ipAddress: options.meta?.ipAddress ?? null,
        userAgent: options.meta?.userAgent ?? null,
        sessionId: options.sessionId ?? null,
      },
    });
    return true;
  });
  if (!removed) throw notFound('Device');
}

/**
 * What the device is now (GET /api/devices/:id/status; also part of the licence status answer). A
 * device that is not the reader's own is answered `removed`, so the answer never tells whether
 * someone else's device exists. Never writes.
 */
export function deviceStatus(options: { db: Db; userId: string; deviceId: string; now: Date }): TDeviceStatus {
  const { db, userId, deviceId, now } = options;
  const row = db
    .select({ isActive: devices.isActive, offlineRegisteredAt: devices.offlineRegisteredAt })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .get();
  const status: TDeviceStatusValue = !row?.isActive
    ? 'removed'
    : row.offlineRegisteredAt !== null
      ? 'registered'
      : 'browser';
  return { deviceId, status, serverTime: now.toISOString() };
}

/**
 * Records that the reader's devices were in contact (licence issue, renewal, status). Written at most
 * once per DEVICE_TOUCH_INTERVAL_MS per device: one indexed UPDATE that usually changes nothing.
 */
export function touchDevices(options: { db: Db; userId: string; deviceIds: readonly string[]; now: Date }): void {
  const { db, userId, now } = options;
  if (options.deviceIds.length === 0) return;
  const staleBefore = new Date(now.getTime() - DEVICE_TOUCH_INTERVAL_MS);
  db.update(devices)
    .set({ lastActiveAt: now })
    .where(
      and(
        inArray(devices.id, [...new Set(options.deviceIds)]),
        eq(devices.userId, userId),
        eq(devices.isActive, true),
        or(isNull(devices.lastActiveAt), lt(devices.lastActiveAt, staleBefore)),
      ),
    )
    .run();
}

// ---------------------------------------------------------------------------------------------
// Scheduled upkeep.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Used and expired challenges are kept a day for investigation, then deleted. */
const CHALLENGE_RETENTION_MS = DAY_MS;

/**
 * The 'expire-idle-devices' job: offline-registered devices not in contact for `inactiveDays` (by
 * lastActiveAt, or their registration when never seen since) are deactivated and their licences
 * revoked, one device per transaction; old challenges are deleted. Returns the devices expired.
 */
export function expireIdleDevices(options: {
  deps: Pick<AppDeps, 'db' | 'logger'>;
  inactiveDays: number;
  now: Date;
}): number {
  const { deps, now } = options;
  const { db } = deps;
  const cutoff = new Date(now.getTime() - options.inactiveDays * DAY_MS);
  const isIdle = and(
    eq(devices.isActive, true),
    isNotNull(devices.offlineRegisteredAt),
    lt(sql`coalesce(${devices.lastActiveAt}, ${devices.offlineRegisteredAt})`, cutoff.getTime()),
  )!;
  const idle = db.select({ id: devices.id }).from(devices).where(isIdle).all();
  let expired = 0;
  for (const { id } of idle) {
    try {
      const done = immediateTransaction(db, () => {
        // Re-checked under the write lock: the device may have been in contact since the scan.
        const device = db
          .select({ id: devices.id, userId: devices.userId, lastActiveAt: devices.lastActiveAt })
          .from(devices)
          .where(and(eq(devices.id, id), isIdle))
          .get();
        if (!device) return false;
        retireDevice(db, {
          deviceId: device.id,
          userId: device.userId,
          now,
          action: 'device.expired',
          details: { inactiveDays: options.inactiveDays, lastActiveAt: iso(device.lastActiveAt) },
        });
        return true;
      });
      if (done) expired += 1;
    } catch (error) {
      deps.logger.error({ err: error, deviceId: id }, 'expiring an idle device failed');
    }
  }
  db.delete(deviceChallenges)
    .where(lt(deviceChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_RETENTION_MS)))
    .run();
  return expired;
}
