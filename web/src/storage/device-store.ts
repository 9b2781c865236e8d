/**
 * This browser's device key pair and its server device ids (stores deviceKeys and browserDevices of device-db.ts,
 * raw IndexedDB: the reader page's first open makes and stores them without loading Dexie). The key pair is written
 * once per browser profile; the first writer wins (a get and an add in one transaction), so two tabs creating a key
 * at the same moment still end with one key.
 * Each user's device id and key thumbprint are copied to localStorage too (device-hint.ts).
 */
import {
  BROWSER_DEVICES_STORE,
  DEVICE_KEYS_STORE,
  readDeviceRow,
  type TStoredBrowserDevice,
  type TStoredDeviceKey,
  withDeviceDb,
} from './device-db';
import { removeBrowserDeviceHint, writeBrowserDeviceHint } from './device-hint';
import { requestResult } from './raw-idb';

export type { TStoredBrowserDevice, TStoredDeviceKey } from './device-db';

export function readDeviceKey(): Promise<TStoredDeviceKey | undefined> {
  return readDeviceRow<TStoredDeviceKey>(DEVICE_KEYS_STORE, 'browser');
}

/** Stores the candidate unless a key already exists; returns the key that is stored now (once committed). */
export function saveDeviceKeyIfAbsent(candidate: TStoredDeviceKey): Promise<TStoredDeviceKey> {
  return withDeviceDb([DEVICE_KEYS_STORE], 'readwrite', async (transaction) => {
    const keys = transaction.objectStore(DEVICE_KEYS_STORE);
    const existing = await requestResult<TStoredDeviceKey | undefined>(keys.get('browser'));
    if (existing) return existing;
    await requestResult(keys.add(candidate));
    return candidate;
  });
}

export async function readBrowserDevice(userId: string): Promise<TStoredBrowserDevice | undefined> {
  const device = await readDeviceRow<TStoredBrowserDevice>(BROWSER_DEVICES_STORE, userId);
  // Browsers registered before the hint existed get it on their next read.
  if (device) writeBrowserDeviceHint(userId, device);
  return device;
}

/** Every user's device row of this browser. */
export function listBrowserDevices(): Promise<TStoredBrowserDevice[]> {
  return withDeviceDb([BROWSER_DEVICES_STORE], 'readonly', (transaction) =>
    requestResult<TStoredBrowserDevice[]>(transaction.objectStore(BROWSER_DEVICES_STORE).getAll()),
  );
}

export async function saveBrowserDevice(device: TStoredBrowserDevice): Promise<void> {
  await withDeviceDb([BROWSER_DEVICES_STORE], 'readwrite', async (transaction) => {
    await requestResult(transaction.objectStore(BROWSER_DEVICES_STORE).put(device));
  });
  writeBrowserDeviceHint(device.userId, device);
}

export async function forgetBrowserDevice(userId: string): Promise<void> {
  removeBrowserDeviceHint(userId);
  await withDeviceDb([BROWSER_DEVICES_STORE], 'readwrite', async (transaction) => {
    await requestResult(transaction.objectStore(BROWSER_DEVICES_STORE).delete(userId));
  });
}
