import { decodeJwt } from 'jose';
import { PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  containsBytes,
  cleanUpOfflineTest,
  createTestOfflineEngine,
  serveOffline,
  type TOfflineServer,
  type TOfflineServerOptions,
} from '@web/features/offline/engine/offline-test-support';
import type { TOfflineEngine } from '@web/features/offline/engine';
import { getDb } from '@web/storage/db';
import { saveDeviceKeyIfAbsent } from '@web/storage/device-store';
import { allStoredRows } from '@web/storage/storage-test-support';
import { mayHoldDownloads } from '@web/storage/download-hint';
import { openProtectedBook, READER_ERROR_MESSAGES, ReaderError, type TOpenedBook } from './open-protected-book';
import {
  deviceThumbprintOf,
  encryptBook,
  encryptCompactBook,
  makeLicenseSigner,
  makePlainBook,
  type TEncryptedBook,
  type TLicenseSigner,
} from './protected-test-support';

const MARKER = 'OFFLINE-SECRET-PLAINTEXT';
const CHUNK = 4096;
const USER = 'user-1';
const HOUR_MS = 3_600_000;
let plaintext: Uint8Array<ArrayBuffer>;
let book: TEncryptedBook;
let signer: TLicenseSigner;

beforeAll(async () => {
  plaintext = makePlainBook(4 * CHUNK + 77, MARKER);
  book = await encryptBook(plaintext, { bookId: 'book-1', version: 3, chunkSize: CHUNK, slug: 'atomic-habits' });
  signer = await makeLicenseSigner();
});

let engine: TOfflineEngine;

beforeEach(() => {
  engine = createTestOfflineEngine();
});

afterEach(cleanUpOfflineTest);

function serve(options: Partial<TOfflineServerOptions> = {}): TOfflineServer {
  return serveOffline({ book, signer, userId: USER, ...options });
}

/** Registers this browser, downloads the book, and leaves fetch answered by the same server. */
async function downloadBook(options: Partial<TOfflineServerOptions> = {}): Promise<TOfflineServer> {
  const server = serve(options);
  await engine.registerThisDeviceForOffline({ userId: USER });
  const state = await createTestOfflineEngine().downloads.start('book-1', { userId: USER });
  expect(state.status).toBe('complete');
  return server;
}

function goOffline(): ReturnType<typeof vi.fn> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', failing);
  return failing;
}

function open(bookRef = 'book-1'): Promise<TOpenedBook> {
  return openProtectedBook({ bookRef, userId: USER, loadRangeTransportClass: async () => PDFDataRangeTransport });
}

async function openError(bookRef = 'book-1'): Promise<ReaderError> {
  const error = await open(bookRef).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReaderError);
  return error as ReaderError;
}

function readRange(opened: TOpenedBook, begin: number, end: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    opened.documentParams.range.addRangeListener((at: number, bytes: Uint8Array) => {
      if (at === begin) resolve(bytes);
    });
    opened.documentParams.range.requestDataRange(begin, end);
  });
}

describe('opening a downloaded book', () => {
  it('opens from IndexedDB with no network: stored licence, cached signing keys, stored chunks', async () => {
    await downloadBook();
    const failingFetch = goOffline();
    const opened = await open();
    expect(opened.mode).toBe('offline');
    expect(opened.manifest).toMatchObject({ bookId: 'book-1', version: 3 });
    expect(opened.policy).toMatchObject({ print: false });
    expect(opened.documentParams.range.initialData).toEqual(plaintext.slice(0, CHUNK));
    expect(await readRange(opened, CHUNK, plaintext.byteLength)).toEqual(plaintext.slice(CHUNK));
    expect(failingFetch).not.toHaveBeenCalled();
    opened.close();
  });

  it('opens offline, after a renewal, in a browser that keeps the RSA-OAEP key it made before decision 023', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    );
    const { n, e } = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const publicJwk = { kty: 'RSA', n, e, alg: 'RSA-OAEP-256' };
    const thumbprint = await deviceThumbprintOf(publicJwk);
    await saveDeviceKeyIfAbsent({ id: 'browser', ...pair, publicJwk, thumbprint, createdAt: Date.now() });

    const server = await downloadBook({ offlineMs: 3 * 24 * HOUR_MS });
    expect(server.state.registeredKey).toEqual(publicJwk);
    const renewal = await engine.runLicenseMaintenance({ userId: USER });
    expect(renewal.renewed).toHaveLength(1);
    const stored = await getDb().licences.toArray();
    expect(stored).toHaveLength(1);
    expect(decodeJwt(stored[0].jws)).toMatchObject({ keyWrapAlg: 'RSA-OAEP-256', renewalCount: 1 });

    const failingFetch = goOffline();
    const opened = await open();
    expect(opened.mode).toBe('offline');
    expect(await readRange(opened, 0, plaintext.byteLength)).toEqual(plaintext);
    expect(failingFetch).not.toHaveBeenCalled();
    opened.close();
  });

  it('opens a download of a compact-manifest version with no network and reads exactly the file', async () => {
    const compact = await encryptCompactBook(plaintext, {
      bookId: 'book-1',
      version: 3,
      chunkSize: CHUNK,
      slug: 'atomic-habits',
    });
    await downloadBook({ book: compact });
    const failingFetch = goOffline();
    const opened = await open();
    expect(opened.mode).toBe('offline');
    expect(opened.manifest).toMatchObject({ segmentIvs: 'counter', chunkCount: 5 });
    expect(opened.documentParams.range.initialData).toEqual(plaintext.slice(0, CHUNK));
    expect(await readRange(opened, CHUNK, plaintext.byteLength)).toEqual(plaintext.slice(CHUNK));
    expect(failingFetch).not.toHaveBeenCalled();
    opened.close();
  });

  it('reads the segments the version records for opening it from IndexedDB before pdf.js asks', async () => {
    const tenChunks = await encryptCompactBook(makePlainBook(9 * CHUNK + 50, MARKER), {
      bookId: 'book-1',
      version: 3,
      chunkSize: CHUNK,
      slug: 'atomic-habits',
    });
    const manifest = { ...tenChunks.manifest, pageCount: 40, openingSegments: { document: [0, 5, 9], firstPage: [7] } };
    await downloadBook({ book: { ...tenChunks, manifest } });
    goOffline();
    // Chunks are read with raw IndexedDB (storage/app-db-reads.ts), one get per chunk.
    const read: number[] = [];
    const get = IDBObjectStore.prototype.get;
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      key: IDBValidKey | IDBKeyRange,
    ) {
      if (this.name === 'chunks' && Array.isArray(key)) read.push(key[2] as number);
      return get.call(this, key);
    });
    const opened = await open();
    expect(opened.mode).toBe('offline');
    expect(opened.manifest.openingSegments).toEqual({ document: [0, 5, 9], firstPage: [7] });
    // Segment 0, the end of the file (8 and 9), and the recorded ones, before any range was asked.
    expect([...new Set(read)].sort((a, b) => a - b)).toEqual([0, 5, 7, 8, 9]);
    opened.close();
  });

  it('opens by slug too', async () => {
    await downloadBook();
    goOffline();
    const opened = await open('atomic-habits');
    expect(opened.manifest.bookId).toBe('book-1');
    opened.close();
  });

  it('falls back to the download when the browser says online but the server cannot be reached', async () => {
    await downloadBook();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const opened = await open();
    expect(opened.mode).toBe('offline');
    expect(await readRange(opened, 2 * CHUNK, 3 * CHUNK)).toEqual(plaintext.slice(2 * CHUNK, 3 * CHUNK));
    opened.close();
  });

  it('online, reads a downloaded book from IndexedDB instead of fetching its chunks', async () => {
    const server = await downloadBook();
    server.chunkFetches.length = 0;
    const opened = await open();
    expect(opened.mode).toBe('online');
    expect(await readRange(opened, CHUNK, plaintext.byteLength)).toEqual(plaintext.slice(CHUNK));
    expect(server.chunkFetches).toEqual([]);
    opened.close();
  });

  it('marks the browser as holding downloads, so an online open waits for IndexedDB instead of fetching (docs/decisions/025-reader-first-page.md)', async () => {
    const server = await downloadBook();
    expect(mayHoldDownloads()).toBe(true);
    // A browser that lost the mark (or downloaded before it existed) fetches the first segments once, then knows.
    localStorage.removeItem('wb.downloads');
    server.chunkFetches.length = 0;
    const first = await open();
    expect(await readRange(first, CHUNK, plaintext.byteLength)).toEqual(plaintext.slice(CHUNK));
    first.close();
    // The lookup that writes the mark again runs after the open.
    await vi.waitFor(() => expect(mayHoldDownloads()).toBe(true));
    server.chunkFetches.length = 0;
    const second = await open();
    expect(await readRange(second, CHUNK, plaintext.byteLength)).toEqual(plaintext.slice(CHUNK));
    expect(server.chunkFetches).toEqual([]);
    second.close();
  });

  it('refuses an expired offline licence with offline_expired', async () => {
    await downloadBook({ offlineMs: HOUR_MS });
    goOffline();
    const later = Date.now() + 2 * HOUR_MS;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await openError()).toMatchObject({
      code: 'offline_expired',
      message: 'Your offline access to this book has expired. Go online to renew it.',
    });
  });

  it('refuses with clock_rollback when the device clock was moved back more than an hour', async () => {
    await downloadBook();
    goOffline();
    const earlier = Date.now() - 2 * HOUR_MS;
    vi.spyOn(Date, 'now').mockReturnValue(earlier);
    expect(await openError()).toMatchObject({ code: 'clock_rollback', message: READER_ERROR_MESSAGES.clockRollback });
  });

  it('says the download was removed when licence upkeep found the licence revoked', async () => {
    const server = await downloadBook();
    for (const record of server.licenses.values()) record.status = 'revoked';
    const report = await engine.runLicenseMaintenance({ userId: USER });
    expect(report.removed).toHaveLength(1);
    goOffline();
    expect(await openError()).toMatchObject({ code: 'offline_revoked', message: READER_ERROR_MESSAGES.offlineRevoked });
  });

  it('says a book never downloaded cannot be read offline', async () => {
    goOffline();
    expect(await openError('book-9')).toMatchObject({
      code: 'offline_unavailable',
      message: 'This book is not downloaded for offline reading. Go online to read it.',
    });
  });

  it('leaves no plaintext and no extractable private or secret key in any table', async () => {
    await downloadBook();
    goOffline();
    const opened = await open();
    await readRange(opened, 0, plaintext.byteLength);
    opened.close();

    const secrets = [
      new TextEncoder().encode('%PDF'),
      new TextEncoder().encode(MARKER),
      book.rawKey,
      plaintext.slice(CHUNK + 100, CHUNK + 164),
    ];
    const findings: string[] = [];
    const visit = (value: unknown, where: string, seen: Set<unknown>) => {
      if (value === null || value === undefined || seen.has(value)) return;
      if (typeof value === 'string') {
        if (value.includes('%PDF') || value.includes(MARKER)) findings.push(`${where}: plaintext text`);
        return;
      }
      if (typeof value !== 'object') return;
      seen.add(value);
      if (value instanceof CryptoKey) {
        if (value.type !== 'public' && value.extractable) findings.push(`${where}: extractable ${value.type} key`);
        return;
      }
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        const bytes =
          value instanceof ArrayBuffer
            ? new Uint8Array(value)
            : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
        for (const secret of secrets) if (containsBytes(bytes, secret)) findings.push(`${where}: secret bytes`);
        return;
      }
      for (const [key, child] of Object.entries(value)) visit(child, `${where}.${key}`, seen);
    };
    let rows = 0;
    for (const { where, row } of await allStoredRows()) {
      rows += 1;
      visit(row, where, new Set());
    }
    expect(rows).toBeGreaterThan(book.chunks.length);
    expect(await getDb().chunks.count()).toBe(book.chunks.length);
    expect(findings).toEqual([]);
  });
});
