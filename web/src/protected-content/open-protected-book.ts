/**
 * Opening a protected book (docs/ARCHITECTURE.md#protected-content), the one call the reader screens make: this
 * browser's device key and server device, the loan (entitlement), the manifest, an online licence, its verification
 * against the trusted clock, the content key unwrapped as non-extractable, and a pdf.js range transport over decrypted
 * chunks. The opened book holds the only copies of the key and of the decrypted chunks (in memory); close() drops them.
 *
 * pdf.js reads the book through the range transport with auto-fetch and streaming off, so an open fetches and
 * decrypts only the segments it asks for (trailer and cross-reference table, page tree, the page's objects;
 * docs/decisions/016-small-segments-and-range-reading.md), never the whole book.
 *
 * Downloaded books (storage/offline-books): online, chunks are read from IndexedDB first; with no
 * network (navigator.onLine false, or the server cannot be reached) the stored offline licence is
 * verified with the cached signing keys and the trusted clock, and the segments pdf.js asks for are read
 * from IndexedDB and decrypted as they are needed, exactly as online.
 */
import type { TBookManifest, TLicenseClaims, TLicenseGrant, TLicensePolicy, TOpeningSegments } from '@shared/reader';
import type { TLoan } from '@shared/selections';
import { api, encodeParams, isApiError, readJson, withSignal } from '@web/lib/api';
import { ensureBrowserDevice, forgetRegisteredBrowserDevice, getOrCreateDeviceKey } from '@web/crypto/device-key';
import { getLicenseJwks, unwrapContentKey, verifyLicenseWithServerKeys } from '@web/crypto/license';
import { readBrowserDevice, readDeviceKey } from '@web/storage/device-store';
import { readBrowserDeviceHint } from '@web/storage/device-hint';
import { isDownloadsHintKnown, mayHoldDownloads } from '@web/storage/download-hint';
import { requestOnlineLicenseGrant, takeEarlyLicense } from './early-license';
import { findDownloadedBook, readRemovalNotice, type TDownloadedBook } from '@web/storage/app-db-reads';
import { recordServerTime } from '@web/storage/trusted-time';
import {
  createChunkSource,
  createNetworkCiphertextFetcher,
  chunkIndexForPage,
  fetchRun,
  withPrefetchedChunks,
  type ChunkSource,
  type CiphertextFetcher,
  type PrefetchingCiphertextFetcher,
} from './chunk-source';
import {
  createProtectedRangeTransport,
  type ProtectedRangeTransport,
  type TPdfDataRangeTransportClass,
} from './protected-range-transport';
import {
  isReaderError,
  licenseRefused,
  ReaderError,
  READER_ERROR_MESSAGES,
  toReaderError,
} from '@web/lib/reader-error';
import { createStoredCiphertextFetcher } from './stored-chunk-fetcher';
import { tailSegments } from './segment-runs';

export { ReaderError, isReaderError, READER_ERROR_MESSAGES, type TReaderErrorCode } from '@web/lib/reader-error';

export interface TOpenedBook {
  manifest: TBookManifest;
  loanId: string;
  licenseId: string;
  policy: TLicensePolicy;
  /** 'offline': opened from this browser's download with its offline licence, without the server. */
  mode: 'online' | 'offline';
  /** Spread into pdf.js getDocument(); the plaintext never exists as a file or URL. */
  documentParams: {
    range: ProtectedRangeTransport;
    length: number;
    rangeChunkSize: number;
    disableAutoFetch: boolean;
    disableStream: true;
  };
  /** Drops the content key and decrypted chunks and stops fetching; call after destroying the pdf.js document. */
  close(): void;
}

export interface TOpenProtectedBookOptions {
  /** Book id or slug. */
  bookRef: string;
  /** The signed-in user (licences are checked to be theirs). */
  userId: string;
  /** Aborting rejects the open with the signal's AbortError and releases what it had made. */
  signal?: AbortSignal;
  /** A range of the book failed after opening (network, tampered chunk): show it and destroy the document. */
  onError?: (error: ReaderError) => void;
  /**
   * The PDFDataRangeTransport class of the pdfjs-dist module the reader calls getDocument from; by
   * default `import('pdfjs-dist')`.
   */
  loadRangeTransportClass?: () => Promise<TPdfDataRangeTransportClass>;
  /**
   * Let pdf.js fetch the rest of the book in the background after the first page (default false: only
   * what the pages on screen need is fetched).
   */
  autoFetch?: boolean;
  /**
   * The page the reader will see first (the saved position, `?page=`), asked once the manifest is known;
   * the chunk likeliest to hold it is fetched with the first ones. Never waited for.
   */
  firstPage?: (manifest: TBookManifest) => Promise<number | null>;
  /**
   * The manifest as GET /api/books/:idOrSlug/manifest answered it, when the page already carries it
   * (web/src/features/reader/reader-page-data.ts): no manifest request then.
   */
  manifest?: TBookManifest & { loanId?: string | null };
}

/** The book's manifest (chunks, sizes, IVs); the reader's loan id comes with it when there is one. */
export function fetchManifest<T extends TBookManifest = TBookManifest & { loanId?: string | null }>(
  bookRef: string,
  signal?: AbortSignal,
): Promise<T> {
  return readJson<T>(
    api.books[':idOrSlug'].manifest.$get({ param: encodeParams({ idOrSlug: bookRef }) }, withSignal(signal)),
  );
}

/** Opens (creates or reuses) the reader's loan of a book: the server checks the entitlement. */
export function openLoan(bookId: string): Promise<TLoan> {
  return readJson<TLoan>(api.loans.$post({ json: { bookId } }));
}

async function loadPdfjsRangeTransportClass(): Promise<TPdfDataRangeTransportClass> {
  const pdfjs = await import('pdfjs-dist');
  return pdfjs.PDFDataRangeTransport;
}

/** The server may have forgotten this browser's device (removed on another device): register again once. */
function isUnknownDevice(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 404 || error.status === 410 || (error.problem?.code ?? '').includes('device'))
  );
}

/**
 * An online licence for the book: the server opens (creates or reuses) the loan in the same call, so a
 * book open needs no separate POST /api/loans round trip.
 */
async function requestOnlineLicense(options: {
  userId: string;
  bookRef: string;
  deviceId: string;
  signal?: AbortSignal;
}): Promise<{ grant: TLicenseGrant; deviceId: string }> {
  const { userId, bookRef, signal } = options;
  try {
    const grant = await requestOnlineLicenseGrant({ bookId: bookRef, deviceId: options.deviceId }, signal);
    return { grant, deviceId: options.deviceId };
  } catch (error) {
    if (!isUnknownDevice(error)) throw error;
    await forgetRegisteredBrowserDevice(userId);
    const device = await ensureBrowserDevice(userId);
    const grant = await requestOnlineLicenseGrant({ bookId: bookRef, deviceId: device.deviceId }, signal);
    return { grant, deviceId: device.deviceId };
  }
}

/**
 * Builds the pdf.js side from verified material: used by openProtectedBook, and by the offline open (openDownloadedBook)
 * with a licence and manifest from IndexedDB and a fetcher that reads stored chunks.
 */
export async function createProtectedDocument(options: {
  manifest: TBookManifest;
  contentKey: CryptoKey;
  fetcher: CiphertextFetcher;
  loanId: string;
  licenseId: string;
  policy: TLicensePolicy;
  mode?: TOpenedBook['mode'];
  signal?: AbortSignal;
  onError?: (error: ReaderError) => void;
  loadRangeTransportClass?: () => Promise<TPdfDataRangeTransportClass>;
  autoFetch?: boolean;
}): Promise<TOpenedBook> {
  const { manifest, signal } = options;
  const source: ChunkSource = createChunkSource({ manifest, key: options.contentKey, fetcher: options.fetcher });
  try {
    const [RangeTransport, initialData] = await Promise.all([
      (options.loadRangeTransportClass ?? loadPdfjsRangeTransportClass)(),
      source.readChunk(0),
    ]);
    signal?.throwIfAborted();
    const range = createProtectedRangeTransport(RangeTransport, { source, initialData, onError: options.onError });
    let closed = false;
    return {
      manifest,
      loanId: options.loanId,
      licenseId: options.licenseId,
      policy: options.policy,
      mode: options.mode ?? 'online',
      documentParams: {
        range,
        length: manifest.size,
        rangeChunkSize: manifest.chunkSize,
        disableAutoFetch: options.autoFetch !== true,
        disableStream: true,
      },
      close() {
        if (closed) return;
        closed = true;
        range.close();
        source.close();
      },
    };
  } catch (error) {
    source.close();
    throw toReaderError(error);
  }
}

/**
 * What pdf.js reads first, fetched while the licence is checked: segment 0 (the header), the segments holding the end
 * of the file (startxref, trailer, cross-reference table) and, where ingest recorded them, the rest of what it reads
 * to open the document (docs/decisions/026-opening-segments.md): all of it before pdf.js could ask.
 */
function firstReads(manifest: TBookManifest): number[] {
  return [0, ...tailSegments(manifest.size, manifest.chunkSize), ...recordedSegments(manifest, 'document')];
}

/** The version's recorded opening segments of one kind, those that exist (a stored manifest is read unvalidated). */
function recordedSegments(manifest: TBookManifest, kind: keyof TOpeningSegments): number[] {
  const listed = manifest.openingSegments?.[kind];
  if (!Array.isArray(listed)) return [];
  return listed.filter((index) => Number.isInteger(index) && index >= 0 && index < manifest.chunkCount);
}

/**
 * Once the opening page is known (never waited for): page 1's recorded segments, or for another page the segment
 * likeliest to hold it (chunkIndexForPage); without `firstPage` the book opens at page 1.
 */
function prefetchOpeningPage(
  fetcher: PrefetchingCiphertextFetcher,
  manifest: TBookManifest,
  firstPage: TOpenProtectedBookOptions['firstPage'],
): void {
  const prefetchPage = (page: number | null) => {
    if (page !== null && page > 1) fetcher.prefetch([chunkIndexForPage(manifest, page)]);
    else fetcher.prefetch(recordedSegments(manifest, 'firstPage'));
  };
  if (!firstPage) prefetchPage(1);
  else firstPage(manifest).then(prefetchPage, () => undefined);
}

function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The server could not be reached or could not answer: a download may stand in for it. */
function isConnectionFailure(error: unknown): boolean {
  return isReaderError(error) && error.code === 'network' && (error.status === undefined || error.status >= 500);
}

/** Why a book cannot be read with no network: removed by licence upkeep (and why), or never downloaded. */
async function notAvailableOffline(userId: string, bookRef: string): Promise<ReaderError> {
  const notice = await readRemovalNotice(userId, bookRef).catch(() => undefined);
  if (!notice) return new ReaderError('offline_unavailable', READER_ERROR_MESSAGES.offlineUnavailable);
  const message =
    notice.reason === 'returned'
      ? READER_ERROR_MESSAGES.offlineReturned
      : notice.reason === 'device_removed'
        ? READER_ERROR_MESSAGES.offlineDeviceRemoved
        : READER_ERROR_MESSAGES.offlineRevoked;
  return new ReaderError('offline_revoked', message);
}

type TOpenMaterial = Pick<
  TOpenProtectedBookOptions,
  'signal' | 'onError' | 'loadRangeTransportClass' | 'autoFetch' | 'firstPage'
>;

/**
 * Opens this browser's download of a book without the server: the stored offline licence is verified
 * with the cached signing keys against the trusted clock (a clock moved back → clock_rollback, an
 * expired licence → offline_expired), the content key is unwrapped with this browser's private key,
 * and every chunk comes from IndexedDB. As online, what pdf.js reads first (segment 0, the end of the file, the
 * segments the version records for opening it, the opening page's) is read while the licence is checked, not after.
 */
export async function openDownloadedBook(
  options: { userId: string; book: TDownloadedBook } & TOpenMaterial,
): Promise<TOpenedBook> {
  const { userId, book, signal } = options;
  const { manifest, license } = book;
  const prefetchSignal = signal ?? new AbortController().signal;
  const fetcher = withPrefetchedChunks(createStoredCiphertextFetcher(manifest), firstReads(manifest), prefetchSignal);
  prefetchOpeningPage(fetcher, manifest, options.firstPage);
  try {
    const [deviceKey, device] = await Promise.all([readDeviceKey(), readBrowserDevice(userId)]);
    if (!deviceKey || !device) throw new ReaderError('offline_unavailable', READER_ERROR_MESSAGES.offlineUnavailable);
    let claims: TLicenseClaims;
    try {
      claims = await verifyLicenseWithServerKeys(license.jws, {
        expected: {
          userId,
          bookId: manifest.bookId,
          deviceId: device.deviceId,
          deviceKeyThumbprint: deviceKey.thumbprint,
          bookVersion: manifest.version,
          kind: 'offline',
        },
        online: false,
      });
    } catch (error) {
      if (isReaderError(error) && error.refusal === 'expired') {
        throw new ReaderError('offline_expired', READER_ERROR_MESSAGES.offlineExpired, {
          refusal: 'expired',
          cause: error,
        });
      }
      throw error;
    }
    if (claims.jti !== license.id)
      throw licenseRefused('claims', new Error('The stored licence id does not match its token.'));
    const contentKey = await unwrapContentKey(claims, deviceKey.privateKey);
    signal?.throwIfAborted();
    return await createProtectedDocument({
      manifest,
      contentKey,
      fetcher,
      loanId: claims.loanId,
      licenseId: claims.jti,
      policy: claims.policy,
      mode: 'offline',
      signal,
      onError: options.onError,
      loadRangeTransportClass: options.loadRangeTransportClass,
      autoFetch: options.autoFetch,
    });
  } catch (error) {
    throw toReaderError(error);
  }
}

/**
 * Opens a book for reading: online when the network answers (a downloaded book's chunks still come
 * from IndexedDB), else from this browser's download. Rejects with a ReaderError (no_access carries the
 * server's message when the reader is not entitled; offline_unavailable, offline_expired,
 * offline_revoked and clock_rollback when it cannot be read offline), or with the signal's AbortError.
 */
export async function openProtectedBook(options: TOpenProtectedBookOptions): Promise<TOpenedBook> {
  const { bookRef, userId, signal } = options;
  try {
    signal?.throwIfAborted();
    // A download is looked up in IndexedDB while the online open's requests are already on their way, when this
    // browser may hold one (storage/download-hint.ts); otherwise only when the server cannot be reached.
    let lookup: Promise<TDownloadedBook | undefined> | null = null;
    const findDownload = () => {
      lookup ??= findDownloadedBook(userId, bookRef).catch(() => undefined);
      return lookup;
    };
    if (isBrowserOffline()) {
      const downloaded = await findDownload();
      if (downloaded) return await openDownloadedBook({ ...options, book: downloaded });
      throw await notAvailableOffline(userId, bookRef);
    }
    if (mayHoldDownloads()) void findDownload();
    try {
      const opened = await openOnline(options, findDownload);
      // A lost mark is written again by a lookup, after the open: the next open of a downloaded book reads it here.
      if (!isDownloadsHintKnown()) void findDownload();
      return opened;
    } catch (error) {
      const failure = toReaderError(error);
      if (!isConnectionFailure(failure) || signal?.aborted) throw failure;
      const downloaded = await findDownload();
      if (downloaded) return await openDownloadedBook({ ...options, book: downloaded });
      throw failure;
    }
  } catch (error) {
    throw toReaderError(error);
  }
}

async function openOnline(
  options: TOpenProtectedBookOptions,
  findDownload: () => Promise<TDownloadedBook | undefined>,
): Promise<TOpenedBook> {
  const { bookRef, userId, signal } = options;
  try {
    signal?.throwIfAborted();
    // pdf.js (module, viewer and worker) is the largest download of the open: start it now, in parallel
    // with the requests below, instead of after the licence. A failure surfaces where it is awaited.
    const transportClass = (options.loadRangeTransportClass ?? loadPdfjsRangeTransportClass)();
    transportClass.catch(() => undefined);
    // This browser's device key and id are made and registered in the background once a reader is
    // signed in (docs/decisions/015-device-key-off-the-critical-path.md), so they are almost always cached
    // by now; an open during that work shares it. Then the licence (which opens the loan), the manifest
    // and the signing keys go out together: one round trip to the first chunk.
    const manifestRequest = options.manifest ? Promise.resolve(options.manifest) : fetchManifest(bookRef, signal);
    const jwksRequest = getLicenseJwks(signal);
    manifestRequest.catch(() => undefined);
    jwksRequest.catch(() => undefined);
    // With the device id this browser last stored for the user (localStorage, read at once), the licence leaves
    // before IndexedDB has even opened; its answer is used only if IndexedDB then holds the same device and key.
    // A refusal of that early request changes nothing stored: the usual request below recovers (an unknown device
    // is registered again) as it always did.
    // The reader page's script may have asked already (early-license.ts).
    const hint = readBrowserDeviceHint(userId);
    const hintedGrant = hint
      ? (takeEarlyLicense(bookRef, userId, hint.deviceId) ??
        requestOnlineLicenseGrant({ bookId: bookRef, deviceId: hint.deviceId }, signal))
      : null;
    hintedGrant?.catch(() => undefined);
    const deviceAndKey = Promise.all([ensureBrowserDevice(userId), getOrCreateDeviceKey()]);
    const licenseRequest = deviceAndKey.then(async ([device]) => {
      if (hintedGrant && hint?.deviceId === device.deviceId && hint.thumbprint === device.thumbprint) {
        try {
          return { grant: await hintedGrant, deviceId: device.deviceId };
        } catch (error) {
          if (!isUnknownDevice(error)) throw error;
        }
      }
      return requestOnlineLicense({ userId, bookRef, deviceId: device.deviceId, signal });
    });
    licenseRequest.catch(() => undefined);
    const manifest = await manifestRequest;
    signal?.throwIfAborted();
    // The first segment and the end of the file are what pdf.js reads first (header, then startxref and
    // the cross-reference table at the end), and the version may name the rest of what opening it reads
    // (docs/decisions/026-opening-segments.md): fetch them while the licence is being issued, once the lookup
    // of a download (in IndexedDB, opened for the device anyway) has chosen where from: a downloaded version
    // is read from IndexedDB, a newer version on the server falls back to the network.
    const prefetchSignal = signal ?? new AbortController().signal;
    const network = createNetworkCiphertextFetcher(manifest);
    // Without downloads in this browser (storage/download-hint.ts) the first segments leave now, not after IndexedDB.
    const source = mayHoldDownloads()
      ? findDownload().then((downloaded) =>
          downloaded ? createStoredCiphertextFetcher(manifest, { fallback: network }) : network,
        )
      : Promise.resolve(network);
    const fetcher = withPrefetchedChunks(
      {
        fetchChunk: async (index, chunkSignal) => (await source).fetchChunk(index, chunkSignal),
        fetchChunks: async (from, count, chunkSignal) => fetchRun(await source, from, count, chunkSignal),
      },
      firstReads(manifest),
      prefetchSignal,
    );
    prefetchOpeningPage(fetcher, manifest, options.firstPage);

    const [{ grant, deviceId }, [, deviceKey]] = await Promise.all([licenseRequest, deviceAndKey, jwksRequest]);
    const grantServerMs = Date.parse(grant.serverTime);
    if (Number.isFinite(grantServerMs) && grantServerMs > 0) await recordServerTime(grantServerMs);
    const claims = await verifyLicenseWithServerKeys(grant.license, {
      expected: {
        userId,
        bookId: manifest.bookId,
        deviceId,
        deviceKeyThumbprint: deviceKey.thumbprint,
        // The loan is the one the server opened for this licence: it must be the watermark's loan too.
        bookVersion: manifest.version,
        kind: 'online',
      },
      signal,
    });
    if (claims.policy.watermark.loanId !== claims.loanId)
      throw licenseRefused('claims', new Error('The watermark names another loan.'));
    if (claims.jti !== grant.licenseId)
      throw licenseRefused('claims', new Error('The licence id does not match the grant.'));
    await recordServerTime(claims.serverTime);
    const contentKey = await unwrapContentKey(claims, deviceKey.privateKey);
    signal?.throwIfAborted();

    return await createProtectedDocument({
      manifest,
      contentKey,
      fetcher,
      loanId: claims.loanId,
      licenseId: claims.jti,
      policy: claims.policy,
      signal,
      onError: options.onError,
      loadRangeTransportClass: () => transportClass,
      autoFetch: options.autoFetch,
    });
  } catch (error) {
    throw toReaderError(error);
  }
}
