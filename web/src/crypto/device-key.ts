/**
 * This browser's device key (docs/ARCHITECTURE.md#protected-content-invariants; decision record 023): one ECDH P-256
 * key pair per browser profile, made by WebCrypto in milliseconds with a non-extractable private key and kept as
 * CryptoKey objects in IndexedDB (structured clone keeps them non-extractable), and the server's device id for it per
 * signed-in user. Licences carry the book's content key wrapped to the public key; only this private key unwraps it
 * (crypto/device-key-unwrap.ts), and the offline registration's proof of possession unwraps a nonce the same way.
 * A browser that made an RSA-OAEP 3072 key before decision 023 keeps it: the server wraps to either type.
 */
import { calculateJwkThumbprint, type JWK } from 'jose';
import { ECDH_P256, ecdhP256PublicJwk } from '@shared/device-key-wrap';
import type { TBrowserDevice } from '@shared/reader';
import { api, readJson } from '@web/lib/api';
import { licenseRefused } from '@web/lib/reader-error';
import type { TStoredBrowserDevice } from '@web/storage/device-store';
import {
  forgetBrowserDevice,
  readBrowserDevice,
  readDeviceKey,
  saveBrowserDevice,
  saveDeviceKeyIfAbsent,
} from '@web/storage/device-store';

/** What new browsers make: ECDH on P-256 (deriveBits only for engines that cannot derive HKDF from ECDH directly). */
export const DEVICE_KEY_ALGORITHM: EcKeyGenParams = ECDH_P256;
const DEVICE_KEY_USAGES: KeyUsage[] = ['deriveKey', 'deriveBits'];

export interface TDeviceKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as sent to the server: {kty: 'EC', crv, x, y}, or {kty: 'RSA', n, e, alg} for an older key. */
  publicJwk: JsonWebKey;
  /** RFC 7638 thumbprint (SHA-256, base64url) of publicJwk. */
  thumbprint: string;
}

let pendingKey: Promise<TDeviceKey> | null = null;

async function createDeviceKey(): Promise<TDeviceKey> {
  // extractable false applies to the private key; WebCrypto always leaves the public key exportable.
  const pair = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, DEVICE_KEY_USAGES);
  const publicJwk: JsonWebKey = ecdhP256PublicJwk(await crypto.subtle.exportKey('jwk', pair.publicKey));
  const thumbprint = await calculateJwkThumbprint(publicJwk as JWK, 'sha256');
  const stored = await saveDeviceKeyIfAbsent({
    id: 'browser',
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    publicJwk,
    thumbprint,
    createdAt: Date.now(),
  });
  return {
    privateKey: stored.privateKey,
    publicKey: stored.publicKey,
    publicJwk: stored.publicJwk,
    thumbprint: stored.thumbprint,
  };
}

async function loadOrCreateDeviceKey(): Promise<TDeviceKey> {
  const stored = await readDeviceKey();
  if (stored)
    return {
      privateKey: stored.privateKey,
      publicKey: stored.publicKey,
      publicJwk: stored.publicJwk,
      thumbprint: stored.thumbprint,
    };
  return createDeviceKey();
}

/** This browser's key pair, made on first use and the same one ever after. */
export function getOrCreateDeviceKey(): Promise<TDeviceKey> {
  pendingKey ??= loadOrCreateDeviceKey().catch((error: unknown) => {
    pendingKey = null;
    throw error;
  });
  return pendingKey;
}

/** Forgets the in-memory copies; call after deleting the stored key (a wipe) and in tests after resetting the database. */
export function resetDeviceKeyCache(): void {
  pendingKey = null;
  pendingDevices.clear();
}

/** A name for this browser such as "Firefox on Linux", used when the reader does not give one. */
export function describeThisBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const platform = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /CrOS/.test(userAgent)
        ? 'ChromeOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  return platform ? `${browser} on ${platform}` : browser;
}

const pendingDevices = new Map<string, Promise<TStoredBrowserDevice>>();

async function registerBrowserDevice(userId: string, name?: string): Promise<TStoredBrowserDevice> {
  const key = await getOrCreateDeviceKey();
  const cached = await readBrowserDevice(userId);
  if (cached && cached.thumbprint === key.thumbprint) return cached;
  const device = await readJson<TBrowserDevice>(
    api.devices.browser.$post({ json: { publicKey: { ...key.publicJwk }, name: name ?? describeThisBrowser() } }),
  );
  if (device.keyThumbprint !== key.thumbprint) {
    throw licenseRefused('claims', new Error('The server registered a different device key than this browser holds.'));
  }
  const stored: TStoredBrowserDevice = {
    userId,
    deviceId: device.deviceId,
    thumbprint: device.keyThumbprint,
    offlineRegistered: device.offlineRegistered,
  };
  await saveBrowserDevice(stored);
  return stored;
}

/**
 * The server's device for this browser and user, registering the public key on first use (the answer
 * is cached in IndexedDB, so later opens need no request). Concurrent calls share one registration.
 */
export function ensureBrowserDevice(userId: string, options: { name?: string } = {}): Promise<TStoredBrowserDevice> {
  let pending = pendingDevices.get(userId);
  if (!pending) {
    pending = registerBrowserDevice(userId, options.name).finally(() => pendingDevices.delete(userId));
    pendingDevices.set(userId, pending);
  }
  return pending;
}

/** Drops the cached device id (the server no longer knows it); the next ensureBrowserDevice registers again. */
export async function forgetRegisteredBrowserDevice(userId: string): Promise<void> {
  await forgetBrowserDevice(userId);
}
