import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  encryptBook,
  makeLicenseSigner,
  makePlainBook,
  type TEncryptedBook,
  type TLicenseSigner,
} from '@web/protected-content/protected-test-support';
import { getDb } from '@web/storage/db';
import { readBrowserDevice, readDeviceKey } from '@web/storage/device-store';
import { findDownloadedBook, readRemovalNotice, savePartialDownload, storeChunk } from '@web/storage/offline-books';
import { readTrustedTimeMark } from '@web/storage/trusted-time';
import { listOfflineBooks } from './download-manager';
import { LICENSE_STATUS_MAX_IDS } from '@shared/licenses.schemas';
import {
  cleanUpOfflineTest,
  createTestOfflineEngine,
  serveOffline,
  DAY_MS,
  type TOfflineServer,
  type TOfflineServerOptions,
} from './offline-test-support';
import type { TOfflineEngine } from './index';
import { LICENCE_STATUS_BATCH } from './license-maintenance';
import { readRememberedPosition } from '@web/storage/reading-positions';
import { apiPath } from '@web/lib/api-test-support';

const USER = 'user-1';
let book: TEncryptedBook;
let signer: TLicenseSigner;

beforeAll(async () => {
  book = await encryptBook(makePlainBook(3 * 4096 + 10), { bookId: 'book-1', chunkSize: 4096 });
  signer = await makeLicenseSigner();
});

let engine: TOfflineEngine;

beforeEach(() => {
  engine = createTestOfflineEngine();
});

afterEach(cleanUpOfflineTest);

async function downloaded(options: Partial<TOfflineServerOptions> = {}): Promise<TOfflineServer> {
  const server = serveOffline({ book, signer, userId: USER, ...options });
  await engine.registerThisDeviceForOffline({ userId: USER });
  expect((await createTestOfflineEngine().downloads.start('book-1', { userId: USER })).status).toBe('complete');
  return server;
}

describe('runLicenceMaintenance', () => {
  it('keeps active licences with time left, asks about them with the device, and records the server time', async () => {
    const server = await downloaded();
    const ahead = Date.now() + 10 * 60_000;
    server.state.serverNow = () => ahead;
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report).toMatchObject({ checked: 1, removed: [], renewed: [], wiped: false });
    expect(server.requests).toContain(`POST ${apiPath('/licenses/status')}`);
    expect((await readTrustedTimeMark())?.highWaterMs).toBeGreaterThanOrEqual(ahead);
    expect(await findDownloadedBook(USER, 'book-1')).toBeDefined();
  });

  it("brings this device the reader's latest position in each downloaded book (docs/product/offline-and-devices.md#reading-position-on-this-device)", async () => {
    const server = await downloaded();
    server.state.progress = {
      bookId: 'book-1',
      currentPage: 52,
      totalPages: 120,
      progressPercentage: 43.3,
      furthestPage: 52,
      lastReadAt: null,
      completedAt: null,
      hlc: '001795689860626-000000-other-device',
      deviceId: 'other-device',
      deviceName: 'Phone',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await engine.runLicenseMaintenance({ userId: USER });
    expect((await readRememberedPosition(USER, 'book-1'))?.currentPage).toBe(52);
  });

  it('deletes the material of a revoked licence and remembers why', async () => {
    const server = await downloaded();
    for (const record of server.licenses.values()) record.status = 'revoked';
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report.removed).toHaveLength(1);
    expect(await getDb().chunks.count()).toBe(0);
    expect(await getDb().licences.count()).toBe(0);
    expect(await getDb().manifests.count()).toBe(0);
    expect(await readRemovalNotice(USER, 'book-1')).toMatchObject({ reason: 'revoked' });
  });

  it('deletes the material of a returned loan', async () => {
    const server = await downloaded();
    for (const record of server.licenses.values()) record.status = 'returned';
    await engine.runLicenseMaintenance({ userId: USER });
    expect(await listOfflineBooks(USER)).toEqual([]);
    expect(await readRemovalNotice(USER, 'book-1')).toMatchObject({ reason: 'returned' });
  });

  it('renews a licence expiring within 7 days and stores the renewal count', async () => {
    const server = await downloaded({ offlineMs: 3 * DAY_MS });
    const before = (await listOfflineBooks(USER))[0];
    expect(before.status).toBe('expiring');
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report.renewed).toEqual([before.licenseId]);
    expect(server.requests).toContain(`POST ${apiPath(`/licenses/${before.licenseId}/renew`)}`);
    const after = (await listOfflineBooks(USER))[0];
    expect(after.renewalCount).toBe(1);
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt) - 1000);
  });

  it('wipes every download, unfinished ones too, and the registration when the device was removed', async () => {
    const server = await downloaded();
    await savePartialDownload({
      bookId: 'book-2',
      version: 1,
      userId: USER,
      title: 'Other',
      slug: 'other',
      chunkCount: 2,
      totalBytes: 20,
      chunkSizes: [10, 10],
      startedAt: Date.now(),
    });
    await storeChunk({ bookId: 'book-2', version: 1, index: 0, data: new ArrayBuffer(10), sha256: 'x' });
    server.state.deviceStatus = 'removed';
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report.wiped).toBe(true);
    expect(await getDb().chunks.count()).toBe(0);
    expect(await getDb().licences.count()).toBe(0);
    expect(await getDb().manifests.count()).toBe(0);
    expect(await readBrowserDevice(USER)).toBeUndefined();
    expect(await readRemovalNotice(USER, 'book-1')).toMatchObject({ reason: 'device_removed' });
    // The browser's key stays: it is this browser's, not the account's.
    expect(await readDeviceKey()).toBeDefined();
  });

  it('with no books stored, still learns that the registration was removed', async () => {
    const server = serveOffline({ book, signer, userId: USER });
    await engine.registerThisDeviceForOffline({ userId: USER });
    server.state.deviceStatus = 'removed';
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report.wiped).toBe(true);
    expect(server.requests.at(-1)).toBe(`GET ${apiPath(`/devices/${server.deviceId}/status`)}`);
    expect(await readBrowserDevice(USER)).toBeUndefined();
  });

  it('does nothing offline', async () => {
    await downloaded();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await engine.runLicenseMaintenance({ userId: USER })).toMatchObject({ skipped: 'offline' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('startLicenceMaintenance', () => {
  it("asks about at most the server's limit of licences per request", () => {
    expect(LICENCE_STATUS_BATCH).toBe(LICENSE_STATUS_MAX_IDS);
  });

  it('asks the server nothing while this browser holds no licence and no registration', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const stop = engine.startLicenseMaintenance();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("checks at start and again on 'online' for the signed-in user", async () => {
    const server = await downloaded();
    const statusCalls = () =>
      server.requests.filter((request) => request === `POST ${apiPath('/licenses/status')}`).length;
    server.requests.length = 0;
    const current = vi.fn(async () => new Response(JSON.stringify({ id: USER }), { status: 200 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === apiPath('/auth/user') ? current() : server.fetch(input, init),
      ),
    );
    const stop = engine.startLicenseMaintenance();
    await vi.waitFor(() => expect(statusCalls()).toBe(1));
    expect(current).toHaveBeenCalled();

    for (const record of server.licenses.values()) record.status = 'revoked';
    await new Promise((resolve) => setTimeout(resolve, 20));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(statusCalls()).toBe(2));
    await vi.waitFor(async () => expect(await getDb().licences.count()).toBe(0));
    stop();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statusCalls()).toBe(2);
  });
});
