/**
 * Each user's server device id and key thumbprint for this browser, copied from IndexedDB's browserDevices rows
 * (device-store.ts writes and removes the copies) into localStorage, which a page reads synchronously and without
 * loading IndexedDB's code: a book's open asks for its licence with it at once, before IndexedDB has opened, and
 * checks it against IndexedDB before using the answer (docs/decisions/025-reader-first-page.md). Nothing secret: the
 * server knows both, and the key itself stays in IndexedDB.
 */
import { browserLocalStorage } from './local-storage';

/** localStorage keys of the copies, one per user. */
export const BROWSER_DEVICE_HINT_PREFIX = 'wb.browser-device.';

export interface TBrowserDeviceHint {
  deviceId: string;
  thumbprint: string;
}

export function writeBrowserDeviceHint(userId: string, hint: TBrowserDeviceHint): void {
  try {
    const value: TBrowserDeviceHint = { deviceId: hint.deviceId, thumbprint: hint.thumbprint };
    browserLocalStorage()?.setItem(`${BROWSER_DEVICE_HINT_PREFIX}${userId}`, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the open its head start.
  }
}

/** The user's device id and key thumbprint as last stored, read synchronously; null when unknown. */
export function readBrowserDeviceHint(userId: string): TBrowserDeviceHint | null {
  try {
    const value = JSON.parse(
      browserLocalStorage()?.getItem(`${BROWSER_DEVICE_HINT_PREFIX}${userId}`) ?? 'null',
    ) as unknown;
    const hint = value as Partial<TBrowserDeviceHint> | null;
    return typeof hint?.deviceId === 'string' && typeof hint.thumbprint === 'string'
      ? { deviceId: hint.deviceId, thumbprint: hint.thumbprint }
      : null;
  } catch {
    return null;
  }
}

export function removeBrowserDeviceHint(userId: string): void {
  try {
    browserLocalStorage()?.removeItem(`${BROWSER_DEVICE_HINT_PREFIX}${userId}`);
  } catch {
    // Nothing to remove where storage is blocked.
  }
}

/** Removes every user's copy (the database they copy is being deleted). */
export function removeAllBrowserDeviceHints(): void {
  try {
    const storage = browserLocalStorage();
    for (const key of Object.keys(storage ?? {}))
      if (key.startsWith(BROWSER_DEVICE_HINT_PREFIX)) storage?.removeItem(key);
  } catch {
    // Storage blocked: there are no copies either.
  }
}
