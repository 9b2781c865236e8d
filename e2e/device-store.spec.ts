/**
 * This browser's device key and device ids live in their own small database, written with raw IndexedDB, so a book's
 * first open stores them without loading Dexie (docs/ARCHITECTURE.md#browser-storage). A browser of the previous
 * version kept them in the app's (Dexie's) database: its first open after the update copies them and keeps reading
 * with the same key and device, registering nothing new (an orphan device would count against the reader's limit).
 */
import type { Page } from '@playwright/test';
import { demoAccount, expect, expectPageRendered, signInThroughApi, test } from './fixtures';

const BOOK_SLUG = 'self-help';
const APP_DB = 'wonderful-books';
const DEVICE_DB = 'wonderful-books-device';

function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name ?? ''));
}

/** Moves the device rows back where the previous version kept them (the app database's tables) and deletes the device database. */
function storeDeviceAsBefore(page: Page): Promise<{ keys: number; devices: number }> {
  return page.evaluate(
    async ({ appDb, deviceDb }) => {
      const open = (name: string) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const getAll = (db: IDBDatabase, store: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const device = await open(deviceDb);
      const keys = await getAll(device, 'deviceKeys');
      const devices = await getAll(device, 'browserDevices');
      device.close();
      const app = await open(appDb);
      const transaction = app.transaction(['deviceKeys', 'browserDevices'], 'readwrite');
      for (const key of keys) transaction.objectStore('deviceKeys').put(key);
      for (const row of devices) transaction.objectStore('browserDevices').put(row);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      app.close();
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(deviceDb);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
      return { keys: keys.length, devices: devices.length };
    },
    { appDb: APP_DB, deviceDb: DEVICE_DB },
  );
}

function storedThumbprint(page: Page): Promise<string | null> {
  return page.evaluate(async (deviceDb) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(deviceDb);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const key = await new Promise<{ thumbprint?: string } | undefined>((resolve) => {
      const request = db.transaction('deviceKeys', 'readonly').objectStore('deviceKeys').get('browser');
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return key?.thumbprint ?? null;
  }, DEVICE_DB);
}

test.describe('the device database', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a browser that kept its device in the app database keeps its key and device after the update', async ({
    page,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    const registrations: string[] = [];
    const licenceDevices: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/api/devices/browser')) registrations.push(request.url());
      if (request.url().endsWith('/api/licenses'))
        licenceDevices.push((request.postDataJSON() as { deviceId: string }).deviceId);
    });

    // A first open makes the key and registers this browser, in the device database.
    await page.goto(`/reader/${BOOK_SLUG}`);
    await expectPageRendered(page, 1);
    expect(registrations.length).toBeGreaterThan(0);
    const thumbprint = await storedThumbprint(page);
    expect(thumbprint).toBeTruthy();
    const deviceId = licenceDevices.at(-1);

    // The app's own database exists once the app has used it (the offline page lists downloads).
    await page.goto('/offline');
    await expect.poll(() => databaseNames(page), { timeout: 30_000 }).toContain(APP_DB);
    expect(await storeDeviceAsBefore(page)).toEqual({ keys: 1, devices: 1 });

    // The next open copies them: the same key and device, and nothing registered again.
    registrations.length = 0;
    licenceDevices.length = 0;
    await page.goto(`/reader/${BOOK_SLUG}`);
    await expectPageRendered(page, 1);
    expect(registrations).toEqual([]);
    expect(licenceDevices.length).toBeGreaterThan(0);
    expect(new Set(licenceDevices)).toEqual(new Set([deviceId]));
    expect(await storedThumbprint(page)).toBe(thumbprint);
  });
});
