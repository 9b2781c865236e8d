import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LICENSE_MESSAGES } from '@shared/reader';
import {
  encryptBook,
  encryptCompactBook,
  makeLicenseSigner,
  makePlainBook,
  problem,
  type TEncryptedBook,
  type TLicenseSigner,
} from '@web/protected-content/protected-test-support';
import { getDb } from '@web/storage/db';
import { findDownloadedBook, readPartialDownload } from '@web/storage/offline-books';
import { listOfflineBooks, listPartialDownloadsOf, storageSummary, type TDownloadManager } from './download-manager';
import { DOWNLOAD_MESSAGES, type TDownloadState } from './download-types';
import { DOWNLOADS_CHANNEL_NAME } from './downloads-channel';
import {
  cleanUpOfflineTest,
  createTestOfflineEngine,
  serveOffline,
  type TOfflineServer,
  type TOfflineServerOptions,
} from './offline-test-support';
import type { TOfflineEngine } from './index';
import { readRememberedPosition } from '@web/storage/reading-positions';
import { apiPath } from '@web/lib/api-test-support';

const CHUNK = 4096;
const USER = 'user-1';
let plaintext: Uint8Array<ArrayBuffer>;
let book: TEncryptedBook;
let signer: TLicenseSigner;
let totalBytes: number;

beforeAll(async () => {
  plaintext = makePlainBook(5 * CHUNK + 321, 'PLAINTEXT-MARKER-OF-THE-DOWNLOAD');
  book = await encryptBook(plaintext, {
    bookId: 'book-1',
    version: 2,
    chunkSize: CHUNK,
    title: 'Deep Work',
    slug: 'deep-work',
  });
  signer = await makeLicenseSigner();
  totalBytes = book.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
});

let engine: TOfflineEngine;

beforeEach(() => {
  engine = createTestOfflineEngine();
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'storage');
  await cleanUpOfflineTest();
});

function serve(options: Partial<TOfflineServerOptions> = {}): TOfflineServer {
  return serveOffline({ book, signer, userId: USER, ...options });
}

async function registeredServer(options: Partial<TOfflineServerOptions> = {}): Promise<TOfflineServer> {
  const server = serve(options);
  await engine.registerThisDeviceForOffline({ userId: USER });
  return server;
}

function stubStorage(estimate: { usage: number; quota: number }) {
  const persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: vi.fn(async () => estimate), persist, persisted: vi.fn(async () => false) },
  });
  return persist;
}

function recordStates(manager: TDownloadManager, bookId = 'book-1'): TDownloadState[] {
  const seen: TDownloadState[] = [];
  manager.subscribe((changed, state) => {
    if (changed === bookId && state) seen.push(state);
  });
  return seen;
}

async function storedChunkRows() {
  return getDb().chunks.toArray();
}

describe('downloadManager.start', () => {
  it('stores every chunk as verified ciphertext, reports progress to 100% and stores the licence last', async () => {
    const persist = stubStorage({ usage: 0, quota: 1_000_000_000 });
    const server = await registeredServer();
    const manager = createTestOfflineEngine().downloads;
    const states = recordStates(manager);

    const final = await manager.start('book-1', { userId: USER });

    expect(final).toEqual({ status: 'complete', receivedBytes: totalBytes, totalBytes, error: null });
    expect(manager.getState('book-1')).toEqual(final);
    const progress = states.filter((state) => state.status === 'downloading').map((state) => state.receivedBytes);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(states.at(-1)?.receivedBytes).toBe(totalBytes);
    expect(persist).toHaveBeenCalled();

    const rows = await storedChunkRows();
    expect(rows).toHaveLength(book.chunks.length);
    for (const row of rows) {
      expect(new Uint8Array(row.data)).toEqual(new Uint8Array(book.chunks[row.index]));
      expect(row.sha256).toBe(book.manifest.chunks[row.index].sha256);
    }
    expect([...server.chunkFetches].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // Adjacent chunks come in runs, one run per lane: three requests for six chunks.
    expect(server.requests.filter((request) => request.includes('/chunks'))).toEqual(
      [0, 2, 4].map((from) => `GET ${apiPath(`/books/book-1/chunks?v=2&from=${from}&count=2`)}`),
    );
    expect(server.requests).toContain(`POST ${apiPath('/licenses')}`);
    const downloaded = await findDownloadedBook(USER, 'book-1');
    expect(downloaded?.license).toMatchObject({ kind: 'offline', bookVersion: 2, userId: USER });
    expect(await findDownloadedBook(USER, 'deep-work')).toBeDefined();
    expect(await readPartialDownload('book-1')).toBeUndefined();

    const [listed] = await listOfflineBooks(USER);
    expect(listed).toMatchObject({
      bookId: 'book-1',
      title: 'Deep Work',
      slug: 'deep-work',
      version: 2,
      sizeBytes: totalBytes,
      status: 'active',
      renewalCount: 0,
      renewalError: null,
    });
    expect(Date.parse(listed.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
    expect(await storageSummary()).toEqual({ usage: 0, quota: 1_000_000_000, persisted: false });
  });

  it("keeps the reader's saved position with the download (docs/product/offline-and-devices.md#reading-position-on-this-device)", async () => {
    stubStorage({ usage: 0, quota: 1_000_000_000 });
    const server = await registeredServer();
    server.state.progress = {
      bookId: 'book-1',
      currentPage: 26,
      totalPages: 120,
      progressPercentage: 21.7,
      furthestPage: 26,
      lastReadAt: null,
      completedAt: null,
      hlc: '001795689860626-000000-other-device',
      deviceId: 'other-device',
      deviceName: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect((await readRememberedPosition(USER, 'book-1'))?.currentPage).toBe(26);
  });

  it("surfaces the server's message when this device is not registered for offline reading, and stores nothing", async () => {
    const server = serve();
    const manager = createTestOfflineEngine().downloads;
    const final = await manager.start('book-1', { userId: USER });
    expect(final).toMatchObject({ status: 'error', error: LICENSE_MESSAGES.deviceNotOffline });
    expect(server.chunkFetches).toEqual([]);
    expect(await getDb().chunks.count()).toBe(0);
    expect(await findDownloadedBook(USER, 'book-1')).toBeUndefined();
    expect(await listOfflineBooks(USER)).toEqual([]);
  });

  it("surfaces the server's refusal to open the loan", async () => {
    const message = 'Offline reading is part of the Basic and Premium plans.';
    serve({ override: ({ url }) => (url === apiPath('/loans') ? problem(402, message, 'not_entitled') : undefined) });
    expect(await createTestOfflineEngine().downloads.start('book-1', { userId: USER })).toMatchObject({
      status: 'error',
      error: message,
    });
  });

  it('refuses before fetching anything when the book does not fit the storage estimate', async () => {
    stubStorage({ usage: 990, quota: 1000 });
    const server = await registeredServer();
    const final = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(final.status).toBe('error');
    expect(final.error).toMatch(
      /^This book needs .* of storage but only 1 KB is free on this device\. Free some space and try again\.$/,
    );
    expect(server.chunkFetches).toEqual([]);
    expect(server.requests).not.toContain(`POST ${apiPath('/licenses')}`);
    expect(await readPartialDownload('book-1')).toBeUndefined();
  });

  it("points to the Devices page when the server refuses this browser a licence past the plan's cap", async () => {
    const detail =
      'Your Basic plan allows 2 offline devices and this one is past that. Remove another device on the Devices page to read offline here.';
    const server = await registeredServer({
      override: ({ url, method }) =>
        method === 'POST' && url === apiPath('/licenses') ? problem(403, detail, 'device_over_cap') : undefined,
    });
    const final = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(final).toMatchObject({ status: 'error', error: detail, fixOnDevicesPage: true });
    expect(server.chunkFetches).toEqual([]);
  });

  it('deletes the partial chunks and says so when the disk fills up midway', async () => {
    await registeredServer();
    const chunks = getDb().chunks;
    const realPut = chunks.put.bind(chunks);
    let puts = 0;
    vi.spyOn(chunks, 'put').mockImplementation(((...args: Parameters<typeof realPut>) => {
      puts += 1;
      if (puts > 2) return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      return realPut(...args);
    }) as typeof chunks.put);
    const final = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(final).toMatchObject({
      status: 'error',
      error: 'Not enough storage space on this device to download this book. Free some space and try again.',
    });
    expect(await getDb().chunks.count()).toBe(0);
    expect(await readPartialDownload('book-1')).toBeUndefined();
    expect(await findDownloadedBook(USER, 'book-1')).toBeUndefined();
  });

  it('refuses a chunk whose sha256 does not match and never stores it', async () => {
    await registeredServer({
      chunk: (index) => {
        if (index !== 3) return undefined;
        const bytes = new Uint8Array(book.chunks[3].slice(0));
        bytes[10] ^= 0xff;
        return new Response(bytes);
      },
    });
    const final = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(final).toMatchObject({ status: 'error', error: DOWNLOAD_MESSAGES.corrupted });
    const rows = await storedChunkRows();
    expect(rows.map((row) => row.index)).not.toContain(3);
    for (const row of rows) expect(new Uint8Array(row.data)).toEqual(new Uint8Array(book.chunks[row.index]));
    expect(await findDownloadedBook(USER, 'book-1')).toBeUndefined();
    expect(await listOfflineBooks(USER)).toEqual([]);
  });

  it('downloads a book with a compact manifest: each segment checked by its GCM tag, none listed, swaps refused', async () => {
    const compact = await encryptCompactBook(plaintext, {
      bookId: 'book-1',
      version: 2,
      chunkSize: CHUNK,
      title: 'Deep Work',
      slug: 'deep-work',
    });
    await registeredServer({ book: compact });
    const final = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(final).toEqual({ status: 'complete', receivedBytes: totalBytes, totalBytes, error: null });
    const rows = await storedChunkRows();
    expect(rows).toHaveLength(compact.chunks.length);
    for (const row of rows) {
      expect(new Uint8Array(row.data)).toEqual(new Uint8Array(compact.chunks[row.index]));
      expect(row.sha256).toBeUndefined();
    }
    const downloaded = await findDownloadedBook(USER, 'book-1');
    expect(downloaded?.manifest).toMatchObject({ segmentIvs: 'counter', chunkCount: 6 });
    expect(downloaded?.manifest.chunks).toBeUndefined();
    await cleanUpOfflineTest();

    // Segment 1's bytes served where segment 3 belongs (same size): the tag does not verify at index 3.
    engine = createTestOfflineEngine();
    await registeredServer({
      book: compact,
      chunk: (index) => (index === 3 ? new Response(compact.chunks[1].slice(0)) : undefined),
    });
    const refused = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
    expect(refused).toMatchObject({ status: 'error', error: DOWNLOAD_MESSAGES.corrupted });
    expect((await storedChunkRows()).map((row) => row.index)).not.toContain(3);
    expect(await findDownloadedBook(USER, 'book-1')).toBeUndefined();
  });

  it('cancel stops the download, deletes what it stored and leaves nothing counted as downloaded', async () => {
    let manager!: TDownloadManager;
    await registeredServer({
      chunk: (index) => {
        if (index === 2) void manager.cancel('book-1');
        return undefined;
      },
    });
    manager = createTestOfflineEngine().downloads;
    const final = await manager.start('book-1', { userId: USER });
    expect(final).toEqual({ status: 'idle', receivedBytes: 0, totalBytes: 0, error: null });
    expect(await getDb().chunks.count()).toBe(0);
    expect(await getDb().manifests.count()).toBe(0);
    expect(await getDb().licences.count()).toBe(0);
    expect(await readPartialDownload('book-1')).toBeUndefined();
    expect(await listOfflineBooks(USER)).toEqual([]);
  });

  it('pauses on a lost connection, keeps the verified chunks, and a later start fetches only the missing ones', async () => {
    // The connection drops after the first chunk request (a run of adjacent chunks) has gone through.
    let dropAfter = 1;
    const server = await registeredServer({
      override: ({ url }) => {
        if (!url.includes('/chunks')) return undefined;
        if (dropAfter <= 0) throw new TypeError('Failed to fetch');
        dropAfter -= 1;
        return undefined;
      },
    });
    const first = createTestOfflineEngine().downloads;
    const paused = await first.start('book-1', { userId: USER });
    expect(paused).toMatchObject({ status: 'paused', error: DOWNLOAD_MESSAGES.paused, totalBytes });
    const kept = (await storedChunkRows()).map((row) => row.index);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(await findDownloadedBook(USER, 'book-1')).toBeUndefined();
    expect(await listPartialDownloadsOf(USER)).toEqual([
      expect.objectContaining({ bookId: 'book-1', totalBytes, receivedBytes: paused.receivedBytes }),
    ]);

    // A reload: a new manager reads the partial download from IndexedDB, then resumes it.
    const second = createTestOfflineEngine().downloads;
    second.getState('book-1');
    await vi.waitFor(() =>
      expect(second.getState('book-1')).toMatchObject({ status: 'paused', receivedBytes: paused.receivedBytes }),
    );
    dropAfter = Number.POSITIVE_INFINITY;
    server.chunkFetches.length = 0;
    const final = await second.start('book-1', { userId: USER });
    expect(final.status).toBe('complete');
    expect(server.chunkFetches.sort()).toEqual([0, 1, 2, 3, 4, 5].filter((index) => !kept.includes(index)));
    expect(await findDownloadedBook(USER, 'book-1')).toBeDefined();
  });

  it('does not download again a version that is already stored', async () => {
    const server = await registeredServer();
    const manager = createTestOfflineEngine().downloads;
    await manager.start('book-1', { userId: USER });
    server.chunkFetches.length = 0;
    expect(await manager.start('book-1', { userId: USER })).toMatchObject({
      status: 'complete',
      receivedBytes: totalBytes,
    });
    expect(server.chunkFetches).toEqual([]);
    expect(server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`)).toHaveLength(1);
  });

  it('refuses to start while offline', async () => {
    await registeredServer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await createTestOfflineEngine().downloads.start('book-1', { userId: USER })).toMatchObject({
      status: 'error',
      error: DOWNLOAD_MESSAGES.offline,
    });
  });
});

describe('downloadManager.remove and renew', () => {
  it('remove deletes the licence, manifest and chunks', async () => {
    await registeredServer();
    const manager = createTestOfflineEngine().downloads;
    await manager.start('book-1', { userId: USER });
    await manager.remove('book-1', { userId: USER });
    expect(manager.getState('book-1').status).toBe('idle');
    expect(await getDb().chunks.count()).toBe(0);
    expect(await getDb().licences.count()).toBe(0);
    expect(await listOfflineBooks(USER)).toEqual([]);
  });

  it('renew stores the new licence with the renewal count from the server', async () => {
    const server = await registeredServer();
    const manager = createTestOfflineEngine().downloads;
    await manager.start('book-1', { userId: USER });
    const before = (await listOfflineBooks(USER))[0];
    server.state.serverNow = () => Date.now() + 60_000;
    const { expiresAt } = await manager.renew('book-1', { userId: USER });
    const after = (await listOfflineBooks(USER))[0];
    expect(after).toMatchObject({ licenseId: before.licenseId, renewalCount: 1, expiresAt });
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt));
  });

  it("renew passes on the server's refusal and remembers it for /offline", async () => {
    const server = await registeredServer();
    const manager = createTestOfflineEngine().downloads;
    await manager.start('book-1', { userId: USER });
    server.state.refuseRenewal = { status: 409, code: 'renewal_limit_reached', detail: LICENSE_MESSAGES.renewalLimit };
    await expect(manager.renew('book-1', { userId: USER })).rejects.toThrow(LICENSE_MESSAGES.renewalLimit);
    expect((await listOfflineBooks(USER))[0]).toMatchObject({
      renewalError: LICENSE_MESSAGES.renewalLimit,
      renewalCount: 0,
    });
  });
});

describe('tabs', () => {
  it('shares download states with the other tabs and follows theirs', async () => {
    await registeredServer();
    const otherTab = new BroadcastChannel(DOWNLOADS_CHANNEL_NAME);
    const heard: unknown[] = [];
    otherTab.addEventListener('message', (event) => heard.push(event.data));
    const manager = createTestOfflineEngine().downloads;
    await manager.start('book-1', { userId: USER });
    await vi.waitFor(() =>
      expect(heard).toContainEqual({
        type: 'state',
        bookId: 'book-1',
        state: expect.objectContaining({ status: 'complete' }),
      }),
    );
    expect(heard).toContainEqual({ type: 'stored-changed' });

    otherTab.postMessage({
      type: 'state',
      bookId: 'book-2',
      state: { status: 'downloading', receivedBytes: 10, totalBytes: 100, error: null },
    });
    await vi.waitFor(() =>
      expect(manager.getState('book-2')).toEqual({
        status: 'downloading',
        receivedBytes: 10,
        totalBytes: 100,
        error: null,
      }),
    );
    const snapshot = manager.statusSnapshot();
    expect(snapshot.statuses).toMatchObject({ 'book-1': 'complete', 'book-2': 'downloading' });
    otherTab.close();
  });
});
