/**
 * Devices (docs/product/offline-and-devices.md#devices; docs/ARCHITECTURE.md#protected-content-invariants). Every
 * browser that reads registers its public key here (ECDH P-256; RSA-OAEP for browsers keyed before decision 023), so
 * licences can carry the content key wrapped to it. Rows
 * are unique per reader and RFC 7638 key thumbprint, so registering the same key again returns the same device. A
 * browser row is online-only (`offlineRegisteredAt` null) until it registers for offline reading with proof of key
 * possession (device_challenges: a nonce wrapped to the key, answered once; decision records 008 and 023), which is what
 * counts against the plan's device cap. Removing a device (or the idle-device job) deactivates it and revokes its
 * licences in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint } from 'jose';
import type { TBrowserDevice } from '@shared/reader';
import {
  ECDH_P256,
  wrapToDeviceKey,
  type TDeviceKeyWrap,
  type TDevicePublicJwk,
  type TKeyWrapPurpose,
} from '@shared/device-key-wrap';
import { DEVICE_KEY_BITS, DEVICE_NAME_MAX_CHARS } from '@shared/reader.schemas';
import type { Db } from '../../db/client';
import { immediateTransactionFlushedOffThread } from '../../db/off-thread-flush';
import { perConnection } from '../../db/per-connection';
import { devices } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';

export type TDeviceRow = typeof devices.$inferSelect;

const statements = perConnection((db) => ({
  deviceOfUser: db
    .select()
    .from(devices)
    .where(and(eq(devices.id, sql.placeholder('deviceId')), eq(devices.userId, sql.placeholder('userId'))))
    .prepare(),
  deviceByThumbprint: db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, sql.placeholder('userId')), eq(devices.keyThumbprint, sql.placeholder('thumbprint'))))
    .prepare(),
}));

const invalidKey = (message: string) =>
  new AppError('validation_failed', 400, `publicKey: ${message}`, [{ field: 'publicKey', message }]);

/**
 * The zod schema checked the shape; this makes sure WebCrypto accepts it as the device key of its type: an ECDH P-256
 * point on the curve, or a 3072-bit RSA-OAEP (SHA-256) public key. Licences are wrapped to nothing else.
 */
export async function importDevicePublicKey(jwk: TDevicePublicJwk): Promise<CryptoKey> {
  if (jwk.kty === 'EC') {
    try {
      // node:crypto (under WebCrypto) refuses a point that is not on the curve.
      return await crypto.subtle.importKey('jwk', { ...jwk, ext: true }, ECDH_P256, true, []);
    } catch {
      throw invalidKey('This is not a point on the P-256 curve');
    }
  }
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('jwk', { ...jwk, ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, true, [
      'encrypt',
    ]);
  } catch {
    throw invalidKey('This is not a usable RSA-OAEP-256 public key');
  }
  const algorithm = key.algorithm as RsaHashedKeyAlgorithm;
  if (key.type !== 'public' || algorithm.modulusLength !== DEVICE_KEY_BITS) {
    throw invalidKey(`The key must be a ${DEVICE_KEY_BITS}-bit RSA public key`);
  }
  return key;
}

/** RFC 7638: sha256 over the key type's required members in lexicographic order, base64url. */
export function deviceKeyThumbprint(jwk: TDevicePublicJwk): Promise<string> {
  return calculateJwkThumbprint(
    jwk.kty === 'EC' ? { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: jwk.kty, n: jwk.n, e: jwk.e },
    'sha256',
  );
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Firefox on Windows" from a User-Agent, for a device the reader did not name. */
export function deviceNameFromUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return (browser ?? system ?? 'Web browser').slice(0, DEVICE_NAME_MAX_CHARS);
}

export function toBrowserDevice(row: TDeviceRow): TBrowserDevice {
  return { deviceId: row.id, keyThumbprint: row.keyThumbprint, offlineRegistered: row.offlineRegisteredAt !== null };
}

/**
 * Registers (or finds again) this browser's key for the reader. A key seen before returns its device;
 * a device that had been deactivated comes back as an online-only browser (offline registration, with
 * its proof of possession and cap, must be done again).
 */
export async function registerBrowserDevice(options: {
  db: Db;
  userId: string;
  publicKey: TDevicePublicJwk;
  name?: string;
  userAgent: string | null;
  now: Date;
}): Promise<{ device: TBrowserDevice; created: boolean }> {
  const { db, userId, publicKey, now } = options;
  await importDevicePublicKey(publicKey);
  const thumbprint = await deviceKeyThumbprint(publicKey);
  const userAgent = options.userAgent?.slice(0, 512) ?? null;
  // On a first open's critical path (the licence waits for the device id): the disk wait leaves the event loop.
  return immediateTransactionFlushedOffThread(db, () => {
    const existing = statements(db).deviceByThumbprint.get({ userId, thumbprint });
    if (existing) {
      const reactivated = !existing.isActive;
      const row = db
        .update(devices)
        .set({
          lastActiveAt: now,
          userAgent: userAgent ?? existing.userAgent,
          ...(options.name ? { name: options.name } : {}),
          ...(reactivated ? { isActive: true, deactivatedAt: null, offlineRegisteredAt: null } : {}),
        })
        .where(eq(devices.id, existing.id))
        .returning()
        .get();
      return { device: toBrowserDevice(row), created: false };
    }
    const row = db
      .insert(devices)
      .values({
        userId,
        name: options.name ?? deviceNameFromUserAgent(userAgent),
        publicKey: JSON.stringify(publicKey),
        keyThumbprint: thumbprint,
        userAgent,
        lastActiveAt: now,
      })
      .returning()
      .get();
    return { device: toBrowserDevice(row), created: true };
  });
}

/** The reader's own active device, or 404 (another reader's device is indistinguishable from none). */
export function findActiveDevice(options: { db: Db; userId: string; deviceId: string }): TDeviceRow {
  const row = statements(options.db).deviceOfUser.get({ deviceId: options.deviceId, userId: options.userId });
  if (!row?.isActive) throw notFound('Device');
  return row;
}

/**
 * The device's stored public key (the JSON validated at registration). Its `kty` says which wrapping the device gets:
 * rows written before decision 023 hold RSA-OAEP keys and keep them.
 */
export function devicePublicJwk(row: Pick<TDeviceRow, 'publicKey'>): TDevicePublicJwk {
  return JSON.parse(row.publicKey) as TDevicePublicJwk;
}

/**
 * A 32-byte secret wrapped to the device's key with the scheme of its key type (shared/device-key-wrap.ts): how content
 * keys are wrapped for licences and how registration challenges are sent, so both prove the same key.
 */
export function wrapForDevice(
  device: Pick<TDeviceRow, 'publicKey' | 'keyThumbprint'>,
  secret: Uint8Array,
  purpose: TKeyWrapPurpose,
): Promise<TDeviceKeyWrap> {
  return wrapToDeviceKey(devicePublicJwk(device), secret, { deviceThumbprint: device.keyThumbprint, purpose });
}
