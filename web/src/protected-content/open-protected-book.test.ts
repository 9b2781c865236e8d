import { PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { READER_MESSAGES } from '@shared/reader';
import { resetDeviceKeyCache, getOrCreateDeviceKey } from '@web/crypto/device-key';
import { getDb, deleteDb } from '@web/storage/db';
import { readBrowserDevice, readDeviceKey, saveBrowserDevice } from '@web/storage/device-store';
import { readCachedJwks } from '@web/storage/jwks-cache';
import { allStoredRows } from '@web/storage/storage-test-support';
import { readBrowserDeviceHint } from '@web/storage/device-hint';
import { mayHoldDownloads } from '@web/storage/download-hint';
import { readTrustedTimeMark } from '@web/storage/trusted-time';
import { openProtectedBook, ReaderError, type TOpenedBook } from './open-protected-book';
import {
  createFakeReaderServer,
  encryptBook,
  makeLicenseSigner,
  makePlainBook,
  problem,
  type TEncryptedBook,
  type TFakeReaderServerOptions,
  type TLicenseSigner,
} from './protected-test-support';
import { apiPath } from '@web/lib/api-test-support';

const MARKER = 'SECRET-PLAINTEXT-OF-THE-BOOK';
const CHUNK = 4096;
let plaintext: Uint8Array<ArrayBuffer>;
let book: TEncryptedBook;
let signer: TLicenseSigner;

beforeAll(async () => {
  plaintext = makePlainBook(3 * CHUNK + 123, MARKER);
  book = await encryptBook(plaintext, { bookId: 'book-1', version: 4, chunkSize: CHUNK });
  signer = await makeLicenseSigner();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetDeviceKeyCache();
  await deleteDb();
});

function serve(options: Partial<TFakeReaderServerOptions> = {}) {
  const server = createFakeReaderServer({ book, signer, userId: 'user-1', ...options });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

function open(extra: { signal?: AbortSignal; onError?: (error: ReaderError) => void } = {}): Promise<TOpenedBook> {
  return openProtectedBook({
    bookRef: 'book-1',
    userId: 'user-1',
    loadRangeTransportClass: async () => PDFDataRangeTransport,
    ...extra,
  });
}

async function openError(extra: Parameters<typeof open>[0] = {}): Promise<ReaderError> {
  const error = await open(extra).then(
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

function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let offset = 0; offset < needle.length; offset++)
      if (haystack[start + offset] !== needle[offset]) continue outer;
    return true;
  }
  return false;
}

/** Walks every value stored in every table, collecting findings that would mean a leak. */
async function scanIndexedDb(secrets: { text: string; bytes: Uint8Array[] }): Promise<string[]> {
  const findings: string[] = [];
  const visit = (value: unknown, where: string, seen: Set<unknown>) => {
    if (value === null || value === undefined || seen.has(value)) return;
    if (typeof value === 'string') {
      if (value.includes(secrets.text)) findings.push(`${where}: plaintext text`);
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
      for (const secret of [new TextEncoder().encode(secrets.text), ...secrets.bytes]) {
        if (containsBytes(bytes, secret)) findings.push(`${where}: secret bytes`);
      }
      return;
    }
    for (const [key, child] of Object.entries(value)) visit(child, `${where}.${key}`, seen);
  };
  for (const { where, row } of await allStoredRows()) visit(row, where, new Set());
  return findings;
}

describe('openProtectedBook', () => {
  it('opens a book online and hands pdf.js a range transport over decrypted chunks', async () => {
    const server = serve();
    const opened = await open();
    expect(opened.manifest).toMatchObject({ bookId: 'book-1', version: 4, size: plaintext.byteLength });
    expect(opened.loanId).toBe('loan-1');
    expect(opened.licenseId).toBe('licence-1');
    expect(opened.policy).toMatchObject({
      copyLimitChars: 4000,
      print: false,
      watermark: { email: 'ada@example.test', loanId: 'loan-1' },
    });
    expect(opened.documentParams).toMatchObject({
      length: plaintext.byteLength,
      rangeChunkSize: CHUNK,
      disableAutoFetch: true,
      disableStream: true,
    });
    const { range } = opened.documentParams;
    expect(range).toBeInstanceOf(PDFDataRangeTransport);
    expect(range.initialData).toEqual(plaintext.slice(0, CHUNK));
    expect(await readRange(opened, CHUNK, 3 * CHUNK + 123)).toEqual(plaintext.slice(CHUNK));

    // The licence opens the loan on the server: no separate POST /api/loans round trip.
    expect(server.requests).not.toContain(`POST ${apiPath('/loans')}`);
    expect(server.requests).toEqual(
      expect.arrayContaining([
        `POST ${apiPath('/devices/browser')}`,
        `GET ${apiPath('/.well-known/jwks.json')}`,
        `GET ${apiPath('/books/book-1/manifest')}`,
        `POST ${apiPath('/licenses')}`,
        `GET ${apiPath('/books/book-1/chunks/0?v=4')}`,
      ]),
    );
    // Each chunk was fetched once: the first one and those holding the last KiB of the file (what pdf.js
    // reads first; adjacent ones in one request) were prefetched before pdf.js asked for them.
    expect([...server.chunkFetches].sort()).toEqual([0, 1, 2, 3]);
    expect(server.requests.filter((request) => request.includes('/chunks'))).toEqual([
      `GET ${apiPath('/books/book-1/chunks/0?v=4')}`,
      `GET ${apiPath('/books/book-1/chunks?v=4&from=2&count=2')}`,
      `GET ${apiPath('/books/book-1/chunks/1?v=4')}`,
    ]);
    expect((await readTrustedTimeMark())?.highWaterMs).toBeGreaterThan(0);
    expect(await readCachedJwks()).toBeDefined();
    opened.close();
  });

  it('fetches the chunk of the first page to show with the first ones, once', async () => {
    const server = serve({ book: { ...book, manifest: { ...book.manifest, pageCount: 40 } } });
    const firstPage = vi.fn(async () => 25);
    const opened = await openProtectedBook({
      bookRef: 'book-1',
      userId: 'user-1',
      loadRangeTransportClass: async () => PDFDataRangeTransport,
      firstPage,
    });
    expect(firstPage).toHaveBeenCalledWith(expect.objectContaining({ bookId: 'book-1', pageCount: 40 }));
    // Page 25 of 40 sits at 60 % of the file: chunk 2 of 0-3, asked for before pdf.js reads past chunk 0.
    expect([...server.chunkFetches].sort()).toEqual([0, 2, 3]);
    expect(await readRange(opened, CHUNK, 3 * CHUNK + 123)).toEqual(plaintext.slice(CHUNK));
    expect([...server.chunkFetches].sort()).toEqual([0, 1, 2, 3]);
    opened.close();
  });

  it('fetches the segments the version records for opening it before the licence is answered', async () => {
    const tenChunks = await encryptBook(makePlainBook(9 * CHUNK + 50, MARKER), {
      bookId: 'book-1',
      version: 4,
      chunkSize: CHUNK,
    });
    // As ingest records them (docs/decisions/026-opening-segments.md): the trailer's and page tree's segments, then
    // page 1's content stream in segment 7.
    const manifest = { ...tenChunks.manifest, pageCount: 40, openingSegments: { document: [0, 5, 9], firstPage: [7] } };
    let releaseLicense = () => {};
    const licenseHeld = new Promise<void>((resolve) => {
      releaseLicense = resolve;
    });
    let fetchedBeforeLicense: number[] = [];
    const server = serve({
      book: { ...tenChunks, manifest },
      override: async ({ url, method }) => {
        if (method !== 'POST' || url !== apiPath('/licenses')) return undefined;
        // Everything the open asks for while the licence is on its way has gone out by now.
        await new Promise((resolve) => setTimeout(resolve, 50));
        fetchedBeforeLicense = [...server.chunkFetches].sort((a, b) => a - b);
        await licenseHeld;
        return undefined;
      },
    });
    const opening = openProtectedBook({
      bookRef: 'book-1',
      userId: 'user-1',
      loadRangeTransportClass: async () => PDFDataRangeTransport,
      firstPage: async () => 1,
    });
    await vi.waitFor(() => expect(server.requests).toContain(`POST ${apiPath('/licenses')}`), { timeout: 15_000 });
    releaseLicense();
    const opened = await opening;
    // 8 and 9 hold the file's last KiB (the last segment is 50 bytes).
    expect(fetchedBeforeLicense).toEqual([0, 5, 7, 8, 9]);
    // pdf.js then finds them decrypted: reading them fetches nothing more.
    await readRange(opened, 5 * CHUNK, 6 * CHUNK);
    await readRange(opened, 7 * CHUNK, 8 * CHUNK);
    expect([...server.chunkFetches].sort((a, b) => a - b)).toEqual([0, 5, 7, 8, 9]);
    opened.close();
  });

  it("opening at another page fetches the recorded document segments and that page's likeliest one, not page 1's", async () => {
    const tenChunks = await encryptBook(makePlainBook(9 * CHUNK + 50, MARKER), {
      bookId: 'book-1',
      version: 4,
      chunkSize: CHUNK,
    });
    const manifest = { ...tenChunks.manifest, pageCount: 40, openingSegments: { document: [0, 5, 9], firstPage: [7] } };
    const server = serve({ book: { ...tenChunks, manifest } });
    const opened = await openProtectedBook({
      bookRef: 'book-1',
      userId: 'user-1',
      loadRangeTransportClass: async () => PDFDataRangeTransport,
      firstPage: async () => 21,
    });
    // Page 21 of 40 sits at half the file: segment 5 of 0-9 (already among the document's).
    await vi.waitFor(() => expect([...server.chunkFetches].sort((a, b) => a - b)).toEqual([0, 5, 8, 9]), {
      timeout: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.chunkFetches).not.toContain(7);
    opened.close();
  });

  it('writes nothing plaintext and no usable key material to IndexedDB', async () => {
    serve();
    const opened = await open();
    await readRange(opened, CHUNK, 3 * CHUNK + 123);
    const findings = await scanIndexedDb({
      text: MARKER,
      bytes: [book.rawKey, plaintext.slice(CHUNK, CHUNK + 64), plaintext.slice(2 * CHUNK + 7, 2 * CHUNK + 71)],
    });
    expect(findings).toEqual([]);
    expect(await readDeviceKey()).toBeDefined();
    expect(await getDb().chunks.count()).toBe(0);
    opened.close();
  });

  it('registers the browser once and reuses the device on the next open', async () => {
    const server = serve();
    (await open()).close();
    (await open()).close();
    expect(server.requests.filter((request) => request === `POST ${apiPath('/devices/browser')}`)).toHaveLength(1);
    expect(server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`)).toHaveLength(2);
  });

  it('asks for the licence with the device id stored beside IndexedDB, and only once when both agree', async () => {
    const server = serve();
    (await open()).close();
    expect(readBrowserDeviceHint('user-1')).toMatchObject({ deviceId: 'device-1' });
    const licensesBefore = server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`).length;
    resetDeviceKeyCache();
    (await open()).close();
    expect(server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`)).toHaveLength(
      licensesBefore + 1,
    );
  });

  it('does not use a licence asked for with a stored device id that IndexedDB does not hold', async () => {
    const server = serve();
    (await open()).close();
    localStorage.setItem('wb.browser-device.user-1', JSON.stringify({ deviceId: 'stale-device', thumbprint: 'x' }));
    resetDeviceKeyCache();
    const opened = await open();
    // The stale id's request went out (the server no longer knows it) and the open used device-1's licence.
    expect(
      server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`).length,
    ).toBeGreaterThanOrEqual(3);
    expect(opened.licenseId).toBeTruthy();
    opened.close();
  });

  it('remembers that the browser holds no downloads, so the next open fetches its first segments at once', async () => {
    serve();
    (await open()).close();
    // The lookup that writes the mark runs after the open.
    await vi.waitFor(() => expect(localStorage.getItem('wb.downloads')).toBe('none'));
    expect(mayHoldDownloads()).toBe(false);
  });

  it('registers again when the server no longer knows the cached device', async () => {
    const key = await getOrCreateDeviceKey();
    await saveBrowserDevice({
      userId: 'user-1',
      deviceId: 'removed-device',
      thumbprint: key.thumbprint,
      offlineRegistered: false,
    });
    // A row stored before the localStorage copy existed: the open asks with it only once it has read it.
    localStorage.removeItem('wb.browser-device.user-1');
    const server = serve();
    const opened = await open();
    expect(server.requests.filter((request) => request === `POST ${apiPath('/licenses')}`)).toHaveLength(2);
    expect((await readBrowserDevice('user-1'))?.deviceId).toBe('device-1');
    opened.close();
  });

  it('gives no_access with the server message when the reader is not entitled', async () => {
    const message = 'Choose this book in your selections to read it.';
    // The server refuses both the manifest and the licence (each checks entitlement).
    const server = serve({
      override: ({ url }) =>
        url.endsWith('/manifest') || url === apiPath('/licenses') ? problem(402, message, 'not_entitled') : undefined,
    });
    const error = await openError();
    expect(error).toMatchObject({ code: 'no_access', status: 402, message });
    expect(server.chunkFetches).toEqual([]);
  });

  it('gives no_content when the book has nothing to read', async () => {
    serve({ override: ({ url }) => (url.endsWith('/manifest') ? problem(404, 'Book not found.') : undefined) });
    expect(await openError()).toMatchObject({ code: 'no_content', status: 404, message: READER_MESSAGES.noContent });
  });

  it('refuses a licence issued for another device, user or book', async () => {
    serve({ tamperClaims: (claims) => ({ ...claims, deviceId: 'someone-elses-device' }) });
    expect(await openError()).toMatchObject({ code: 'license_invalid', message: READER_MESSAGES.licenseInvalid });
    await deleteDb();
    resetDeviceKeyCache();
    serve({ tamperClaims: (claims) => ({ ...claims, sub: 'user-2' }) });
    expect(await openError()).toMatchObject({ code: 'license_invalid' });
    await deleteDb();
    resetDeviceKeyCache();
    serve({ tamperClaims: (claims) => ({ ...claims, bookId: 'book-2' }) });
    expect(await openError()).toMatchObject({ code: 'license_invalid' });
  });

  it('refuses a licence signed with a key the server does not publish', async () => {
    const forger = await makeLicenseSigner(signer.kid);
    serve({ signer: { ...forger, jwks: signer.jwks } });
    expect(await openError()).toMatchObject({ code: 'license_invalid', refusal: 'signature' });
  });

  it('fails with decrypt_failed when a served chunk was tampered with', async () => {
    serve({
      override: ({ url }) => {
        if (url !== apiPath('/books/book-1/chunks/0?v=4')) return undefined;
        const bytes = new Uint8Array(book.chunks[0].slice(0));
        bytes[42] ^= 0x10;
        return new Response(bytes);
      },
    });
    expect(await openError()).toMatchObject({ code: 'decrypt_failed', message: READER_MESSAGES.decryptFailed });
  });

  it('reports a bad chunk met after opening through onError', async () => {
    const onError = vi.fn();
    serve({
      override: ({ url }) =>
        url === apiPath('/books/book-1/chunks/1?v=4') ? new Response(book.chunks[2].slice(0)) : undefined,
    });
    const opened = await open({ onError });
    opened.documentParams.range.requestDataRange(CHUNK, 2 * CHUNK);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'decrypt_failed' })));
    opened.close();
  });

  it('gives network when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await openError()).toMatchObject({ code: 'network', message: 'Unable to connect to server' });
  });

  it('rejects with an AbortError when the open is cancelled', async () => {
    serve();
    const controller = new AbortController();
    controller.abort();
    await expect(open({ signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const midway = new AbortController();
    serve({
      override: ({ url }) => {
        if (url === apiPath('/licenses')) midway.abort();
        return undefined;
      },
    });
    await expect(open({ signal: midway.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('close() stops the transport from answering pdf.js', async () => {
    serve();
    const opened = await open();
    const listener = vi.fn();
    opened.documentParams.range.addRangeListener(listener);
    opened.close();
    opened.documentParams.range.requestDataRange(CHUNK, 2 * CHUNK);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener).not.toHaveBeenCalled();
  });
});
