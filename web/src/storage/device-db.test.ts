import { afterEach, describe, expect, it } from 'vitest';
import { deleteDb, getDb } from './db';
import { DEVICE_DB_NAME } from './device-db';
import {
  forgetBrowserDevice,
  listBrowserDevices,
  readBrowserDevice,
  readDeviceKey,
  saveBrowserDevice,
  saveDeviceKeyIfAbsent,
  type TStoredDeviceKey,
} from './device-store';
import { readCachedJwks } from './jwks-cache';
import { APP_DB_NAME } from './raw-idb';
import { readTrustedTimeMark, recordServerTime } from './trusted-time';

afterEach(async () => {
  localStorage.clear();
  await deleteDb();
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '').sort();
}

async function makeKey(thumbprint: string): Promise<TStoredDeviceKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  return {
    id: 'browser',
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
    thumbprint,
    createdAt: 1,
  };
}

/** A browser of the previous version: its key, devices, clock and signing keys in the app's (Dexie's) tables. */
async function storeInAppDbAsBefore(key: TStoredDeviceKey): Promise<void> {
  const db = getDb();
  await db.table('deviceKeys').add(key);
  await db.table('browserDevices').bulkAdd([
    { userId: 'user-1', deviceId: 'device-1', thumbprint: key.thumbprint, offlineRegistered: true },
    { userId: 'user-2', deviceId: 'device-2', thumbprint: key.thumbprint, offlineRegistered: false },
  ]);
  await db.table('trustedTime').put({ id: 'clock', highWaterMs: 5_000, recordedAtLocalMs: 4_000 });
  await db.table('meta').put({ key: 'licence-jwks', value: { jwks: { keys: [{ kid: 'k1' }] }, fetchedAt: 3 } });
}

describe('the device database', () => {
  it('on a new browser, stores the key and devices without creating the app database', async () => {
    const key = await makeKey('thumb-new');
    expect(await readDeviceKey()).toBeUndefined();
    expect(await saveDeviceKeyIfAbsent(key)).toBe(key);
    await saveBrowserDevice({
      userId: 'user-1',
      deviceId: 'device-1',
      thumbprint: 'thumb-new',
      offlineRegistered: false,
    });
    await recordServerTime(10_000, 9_000);
    expect(await databaseNames()).toEqual([DEVICE_DB_NAME]);
    expect((await readDeviceKey())?.thumbprint).toBe('thumb-new');
    expect((await readDeviceKey())?.privateKey.extractable).toBe(false);
    expect(await readBrowserDevice('user-1')).toMatchObject({ deviceId: 'device-1' });
    expect(JSON.parse(localStorage.getItem('wb.browser-device.user-1') ?? 'null')).toEqual({
      deviceId: 'device-1',
      thumbprint: 'thumb-new',
    });
    expect(await readTrustedTimeMark()).toEqual({ id: 'clock', highWaterMs: 10_000, recordedAtLocalMs: 9_000 });
  });

  it('keeps the first key stored when two are offered at once (two tabs)', async () => {
    const [first, second] = [await makeKey('thumb-a'), await makeKey('thumb-b')];
    const kept = await Promise.all([saveDeviceKeyIfAbsent(first), saveDeviceKeyIfAbsent(second)]);
    expect(kept.map((key) => key.thumbprint)).toEqual(['thumb-a', 'thumb-a']);
    expect((await readDeviceKey())?.thumbprint).toBe('thumb-a');
  });

  it('copies what the app database held once, before anything is read, and never offers a new key over it', async () => {
    const old = await makeKey('thumb-old');
    await storeInAppDbAsBefore(old);
    const candidate = await makeKey('thumb-candidate');
    expect((await saveDeviceKeyIfAbsent(candidate)).thumbprint).toBe('thumb-old');
    const stored = await readDeviceKey();
    expect(stored?.thumbprint).toBe('thumb-old');
    expect(stored?.privateKey.extractable).toBe(false);
    expect((await listBrowserDevices()).map((device) => device.deviceId).sort()).toEqual(['device-1', 'device-2']);
    expect(await readTrustedTimeMark()).toEqual({ id: 'clock', highWaterMs: 5_000, recordedAtLocalMs: 4_000 });
    expect(await readCachedJwks()).toEqual({ jwks: { keys: [{ kid: 'k1' }] }, fetchedAt: 3 });
    expect((await databaseNames()).sort()).toEqual([APP_DB_NAME, DEVICE_DB_NAME].sort());
  });

  it('does not copy again a device forgotten after the copy', async () => {
    await storeInAppDbAsBefore(await makeKey('thumb-old'));
    expect(await readBrowserDevice('user-1')).toBeDefined();
    await forgetBrowserDevice('user-1');
    expect(localStorage.getItem('wb.browser-device.user-1')).toBeNull();
    // As after a reload: the device database is opened again and its copy mark says the copy is done.
    await reopenDeviceDb();
    expect(await readBrowserDevice('user-1')).toBeUndefined();
    expect(await readBrowserDevice('user-2')).toMatchObject({ deviceId: 'device-2' });
  });
});

/** Closes this page's connection to the device database (the next access opens it again, as a new page would). */
async function reopenDeviceDb(): Promise<void> {
  const request = indexedDB.open(DEVICE_DB_NAME, 2);
  await new Promise<void>((resolve, reject) => {
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => resolve();
    request.onblocked = () => reject(new Error('blocked'));
  });
}
