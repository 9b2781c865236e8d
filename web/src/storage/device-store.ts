/**
 * This browser's device key pair and its server device ids (tables deviceKeys and browserDevices of
 * db.ts). The key pair is written once per browser profile; the first writer wins so two tabs creating
 * a key at the same moment still end with one key.
 * Each user's device id and key thumbprint are copied to localStorage too (device-hint.ts).
 */
import { getDb, type TStoredBrowserDevice, type TStoredDeviceKey } from './db';
import { removeBrowserDeviceHint, writeBrowserDeviceHint } from './device-hint';

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

export async function readBrowserDevice(userId: string): Promise<TStoredBrowserDevice | undefined> {
  const device = await getDb().browserDevices.get(userId);
  // Browsers registered before the hint existed get it on their next read.
  if (device) writeBrowserDeviceHint(userId, device);
  return device;
}

export async function saveBrowserDevice(device: TStoredBrowserDevice): Promise<void> {
  await getDb().browserDevices.put(device);
  writeBrowserDeviceHint(device.userId, device);
}

export async function forgetBrowserDevice(userId: string): Promise<void> {
  removeBrowserDeviceHint(userId);
  await getDb().browserDevices.delete(userId);
}
