/**
 * This browser's device key pair and its server device ids (tables deviceKeys and browserDevices of
 * db.ts). The key pair is written once per browser profile; the first writer wins so two tabs creating
 * a key at the same moment still end with one key.
 *
 * Each user's device id and key thumbprint are copied to localStorage too (`readBrowserDeviceHint`): a book's open
 * asks for its licence with it at once, without waiting for IndexedDB to open (which takes tens to hundreds of
 * milliseconds on a fresh page), and checks it against IndexedDB before using the answer
 * (docs/decisions/025-reader-first-page.md). Nothing secret: the server knows both, and the key stays in IndexedDB.
 */
import { BROWSER_DEVICE_HINT_PREFIX, getDb, type TStoredBrowserDevice, type TStoredDeviceKey } from './db';

export async function readDeviceKey(): Promise<TStoredDeviceKey | undefined> {
  return getDb().deviceKeys.get('browser');
}

/** Stores the candidate unless a key already exists; returns the key that is stored now. */
export async function saveDeviceKeyIfAbsent(candidate: TStoredDeviceKey): Promise<TStoredDeviceKey> {
  const db = getDb();
  return db.transaction('rw', db.deviceKeys, async () => {
    const existing = await db.deviceKeys.get('browser');
    if (existing) return existing;
    await db.deviceKeys.add(candidate);
    return candidate;
  });
}

export interface TBrowserDeviceHint {
  deviceId: string;
  thumbprint: string;
}

function hintStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function writeBrowserDeviceHint(device: TStoredBrowserDevice): void {
  try {
    const hint: TBrowserDeviceHint = { deviceId: device.deviceId, thumbprint: device.thumbprint };
    hintStorage()?.setItem(`${BROWSER_DEVICE_HINT_PREFIX}${device.userId}`, JSON.stringify(hint));
  } catch {
    // A full or blocked storage only costs the open its head start.
  }
}

/** The user's device id and key thumbprint as last stored, read synchronously; null when unknown. */
export function readBrowserDeviceHint(userId: string): TBrowserDeviceHint | null {
  try {
    const value = JSON.parse(hintStorage()?.getItem(`${BROWSER_DEVICE_HINT_PREFIX}${userId}`) ?? 'null') as unknown;
    const hint = value as Partial<TBrowserDeviceHint> | null;
    return typeof hint?.deviceId === 'string' && typeof hint.thumbprint === 'string'
      ? { deviceId: hint.deviceId, thumbprint: hint.thumbprint }
      : null;
  } catch {
    return null;
  }
}

export async function readBrowserDevice(userId: string): Promise<TStoredBrowserDevice | undefined> {
  const device = await getDb().browserDevices.get(userId);
  // Browsers registered before the hint existed get it on their next read.
  if (device) writeBrowserDeviceHint(device);
  return device;
}

export async function saveBrowserDevice(device: TStoredBrowserDevice): Promise<void> {
  await getDb().browserDevices.put(device);
  writeBrowserDeviceHint(device);
}

export async function forgetBrowserDevice(userId: string): Promise<void> {
  try {
    hintStorage()?.removeItem(`${BROWSER_DEVICE_HINT_PREFIX}${userId}`);
  } catch {
    // Nothing to forget where storage is blocked.
  }
  await getDb().browserDevices.delete(userId);
}
