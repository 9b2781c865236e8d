/**
 * The download manager (docs/ARCHITECTURE.md#offline-devices-and-licences): downloads a book for offline
 * reading into IndexedDB through web/src/storage/offline-books. Steps: open the loan, read the
 * manifest, check the space, get an offline licence for this device and verify it, fetch every
 * missing chunk (adjacent ones up to DOWNLOAD_RUN_BYTES per request, a few requests at a time), check its size and
 * its listed sha256 (or, for a compact manifest, its GCM tag under the licence's key: docs/decisions/022-compact-manifest.md),
 * store the ciphertext, and last store the manifest and licence together, so a book counts as downloaded only when it is whole.
 *
 * Interruptions: a lost connection pauses (verified chunks stay, the download continues on 'online');
 * a reload leaves the same partial state and start() resumes it, skipping stored chunks; cancel and a
 * full disk delete the book's partial chunks; a chunk failing its check is never stored.
 *
 * State (per manager; the app keeps one per tab): each book's TDownloadState, the downloads this tab runs, the books
 * waiting for the network, the listeners. Tabs share states over downloads-channel, and a Web Lock
 * per book (where supported) keeps two tabs from downloading the same book at once.
 */
import {
  manifestCiphertextBytes,
  manifestSegment,
  segmentCiphertextSizes,
  type TBookManifest,
  type TLicenseGrant,
  type TReaderManifest,
} from '@shared/reader';
import { ensureBrowserDevice, forgetRegisteredBrowserDevice } from '@web/crypto/device-key';
import { decryptChunk, sha256Hex } from '@web/crypto/chunk-cipher';
import { describeError, ensureOk, isApiError } from '@web/lib/api';
import { assertUsableManifest, requestChunk, requestChunkRun } from '@web/protected-content/chunk-source';
import { coalesceRuns, maxSegmentsPerRequest, splitRun, type TSegmentRun } from '@web/protected-content/segment-runs';
import { fetchManifest, openLoan } from '@web/protected-content/open-protected-book';
import { isReaderError, toReaderError } from '@web/lib/reader-error';
import type { TStoredLicense } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import {
  commitDownload,
  deleteDownloadedBook,
  discardPartialDownload,
  findDownloadedBook,
  listDownloadedBooks,
  listPartialDownloads,
  readDownloadProgress,
  readPartialDownload,
  readRenewalErrors,
  savePartialDownload,
  storeChunk,
  storedChunkIndexes,
} from '@web/storage/offline-books';
import {
  freeStorageBytes,
  isQuotaExceededError,
  requestPersistentStorage,
  storageSummary as readStorageSummary,
  type TStorageSummary,
} from '@web/storage/storage-quota';
import { currentTrustedTime } from '@web/storage/trusted-time';
import { decodeJwt } from 'jose';
import {
  DOWNLOAD_MESSAGES,
  notEnoughSpaceMessage,
  RENEW_WITHIN_MS,
  type TDownloadState,
  type TOfflineBook,
  type TOfflineBookStatus,
  type TPartialOfflineBook,
} from './download-types';
import type { TDownloadsMessage } from './downloads-channel';
import type { TEngineParts } from './engine-parts';
import { acceptOfflineGrant, requestOfflineLicense } from './offline-license';
import { LicenseRenewalError, renewStoredLicense } from './license-renewal';
import { keepServerPosition } from './position-snapshot';

export type { TStorageSummary };

/** Requests at the same time: enough to fill the connection, few enough to stop quickly. */
export const DOWNLOAD_CONCURRENCY = 3;
/** Bytes of adjacent segments asked for in one request (64 segments of 16 KiB), so a large book is not thousands of requests. */
export const DOWNLOAD_RUN_BYTES = 1_048_576;
/** Room asked for beyond the book's bytes: IndexedDB keeps rows with some overhead. */
const SPACE_MARGIN = 1.1;

const IDLE: TDownloadState = Object.freeze({ status: 'idle', receivedBytes: 0, totalBytes: 0, error: null });

export type TDownloadListener = (bookId: string | null, state: TDownloadState | null) => void;

export interface TStartOptions {
  /** The signed-in user; when absent the engine asks (see engine-user). */
  userId?: string;
}

export interface TDownloadManager {
  /** Downloads the book (its id), or resumes its unfinished download. Resolves with the final state; never rejects. */
  start(bookId: string, options?: TStartOptions): Promise<TDownloadState>;
  /** Stops the book's download (in whichever tab runs it) and deletes what it had stored. */
  cancel(bookId: string): Promise<void>;
  /** Deletes the book's download from this browser (licence, manifest, chunks). */
  remove(bookId: string, options?: TStartOptions): Promise<void>;
  /** Renews the book's offline licence now; resolves with the new expiry, rejects with the server's sentence. */
  renew(bookId: string, options?: TStartOptions): Promise<{ expiresAt: string }>;
  /** Called on every state change of any book (bookId null: the stored books changed). */
  subscribe(listener: TDownloadListener): () => void;
  getState(bookId: string): TDownloadState;
  /** Every known book's status and a counter of stored-book changes, to tell when lists are stale. */
  statusSnapshot(): { statuses: Record<string, TDownloadState['status']>; storedRevision: number };
  /** Stops listening (other tabs, the network) and stops the downloads under way, keeping their verified chunks. */
  dispose(): Promise<void>;
}

class CorruptChunkError extends Error {
  constructor(index: number) {
    super(`Chunk ${index} does not match the manifest.`);
    this.name = 'CorruptChunkError';
  }
}

class OfflineError extends Error {
  constructor() {
    super(DOWNLOAD_MESSAGES.offline);
    this.name = 'OfflineError';
  }
}

function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The connection dropped (as opposed to a refusal): worth pausing and resuming. */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (isReaderError(error)) return error.code === 'network' && (error.status === undefined || error.status >= 500);
  return isApiError(error) && error.status >= 500;
}

function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/** A sentence for the reader: the server's own, the reader pipeline's, or a general one. */
/** Refusals only the Devices page can lift (the download card links there instead of offering Resume). */
const DEVICE_PAGE_CODES = new Set(['device_over_cap', 'device_not_offline']);

function messageFor(error: unknown): string {
  if (isApiError(error)) return describeError(error) || DOWNLOAD_MESSAGES.failed;
  if (isReaderError(error)) return error.message;
  return DOWNLOAD_MESSAGES.failed;
}

function withoutLoan(manifest: TReaderManifest): TBookManifest {
  const { loanId: _loanId, ...rest } = manifest;
  return rest;
}

const totalBytesOf = manifestCiphertextBytes;

/**
 * Checks one downloaded segment before it is stored: its size, then its listed sha256, or in a compact
 * manifest (no per-segment list) its GCM tag, by decrypting it with the licence's key and dropping the
 * plaintext. Returns the sha256 to keep with it, where the manifest listed one.
 */
async function verifyDownloadedSegment(
  manifest: TBookManifest,
  index: number,
  data: ArrayBuffer,
  contentKey: CryptoKey,
): Promise<string | undefined> {
  const entry = manifestSegment(manifest, index);
  if (data.byteLength !== entry.size) throw new CorruptChunkError(index);
  if (entry.sha256 !== null) {
    if ((await sha256Hex(data)) !== entry.sha256) throw new CorruptChunkError(index);
    return entry.sha256;
  }
  try {
    const plaintext = await decryptChunk({
      key: contentKey,
      bookId: manifest.bookId,
      version: manifest.version,
      index,
      iv: entry.iv,
      ciphertext: data,
    });
    plaintext.fill(0);
  } catch {
    throw new CorruptChunkError(index);
  }
  return undefined;
}

/** Runs `fn` holding this browser's lock for the book; null when another tab holds it. */
async function withBookLock<T>(bookId: string, fn: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return fn();
  return locks.request(`wb-download:${bookId}`, { ifAvailable: true }, (lock) => (lock ? fn() : null));
}

/** Works through `items` `concurrency` at a time; waits for every lane to stop before reporting the first failure. */
async function forEachConcurrently<T>(
  indexes: T[],
  concurrency: number,
  signal: AbortSignal,
  work: (item: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const lanes = new AbortController();
  const stop = () => lanes.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let next = 0;
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, indexes.length) }, async () => {
      while (next < indexes.length) {
        lanes.signal.throwIfAborted();
        const index = indexes[next++];
        try {
          await work(index, lanes.signal);
        } catch (error) {
          lanes.abort(error);
          throw error;
        }
      }
    }),
  );
  signal.removeEventListener('abort', stop);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw signal.aborted ? signal.reason : (lanes.signal.reason ?? failed.reason);
}

/** The ciphertexts of a run of adjacent chunks: one GET (the single-chunk route for a run of one). */
async function fetchRunCiphertext(
  manifest: TBookManifest,
  run: TSegmentRun,
  signal: AbortSignal,
): Promise<ArrayBuffer[]> {
  let response: Response;
  try {
    const init = { credentials: 'same-origin' as const, signal };
    response = await (run.count === 1 ? requestChunk(manifest, run.from, init) : requestChunkRun(manifest, run, init));
  } catch (error) {
    throw isAbort(error) ? error : toReaderError(error);
  }
  await ensureOk(response).catch((error: unknown) => {
    throw toReaderError(error);
  });
  const body = await response.arrayBuffer();
  const parts = splitRun(body, segmentCiphertextSizes(manifest, run.from, run.count));
  if (!parts) throw new CorruptChunkError(run.from);
  return parts;
}

interface TRun {
  controller: AbortController;
  cancelled: boolean;
  userId: string | null;
  promise: Promise<TDownloadState>;
}

export function createDownloadManager({ channel, user }: TEngineParts): TDownloadManager {
  const states = new Map<string, TDownloadState>();
  const hydrating = new Set<string>();
  /** Books whose stored state this tab has read since the stored books last changed. */
  const hydrated = new Set<string>();
  const runs = new Map<string, TRun>();
  const listeners = new Set<TDownloadListener>();
  /** Books paused by a lost connection, with their user: resumed on 'online'. */
  const waitingForNetwork = new Map<string, string>();
  let storedRevision = 0;
  let wired = false;
  let unwire: (() => void) | null = null;

  function emit(bookId: string | null, state: TDownloadState | null): void {
    for (const listener of listeners) listener(bookId, state);
  }

  function setState(bookId: string, state: TDownloadState, broadcast = true): TDownloadState {
    states.set(bookId, state);
    emit(bookId, state);
    if (broadcast) channel.post({ type: 'state', bookId, state });
    return state;
  }

  /** The book's state from IndexedDB alone: complete, or idle. */
  async function storedState(bookId: string): Promise<TDownloadState> {
    const progress = await readDownloadProgress(bookId).catch(() => null);
    return progress?.status === 'complete'
      ? { status: 'complete', receivedBytes: progress.totalBytes, totalBytes: progress.totalBytes, error: null }
      : IDLE;
  }

  function fail(
    bookId: string,
    error: string,
    progress?: Pick<TDownloadState, 'receivedBytes' | 'totalBytes'>,
  ): TDownloadState {
    return setState(bookId, {
      status: 'error',
      receivedBytes: progress?.receivedBytes ?? 0,
      totalBytes: progress?.totalBytes ?? 0,
      error,
    });
  }

  /** What IndexedDB says about a book this tab is not downloading. */
  async function hydrate(bookId: string): Promise<void> {
    if (hydrating.has(bookId)) return;
    hydrating.add(bookId);
    hydrated.add(bookId);
    try {
      const progress = await readDownloadProgress(bookId);
      if (runs.has(bookId)) return;
      const current = states.get(bookId);
      // Another tab's live download, or this tab's own answer (an error), wins over the stored picture.
      if (current && (current.status === 'downloading' || current.status === 'error') && progress.status !== 'complete')
        return;
      const next: TDownloadState =
        progress.status === 'complete'
          ? { status: 'complete', receivedBytes: progress.totalBytes, totalBytes: progress.totalBytes, error: null }
          : progress.status === 'partial'
            ? {
                status: 'paused',
                receivedBytes: progress.storedBytes,
                totalBytes: progress.totalBytes,
                error: current?.status === 'paused' ? current.error : null,
              }
            : IDLE;
      if (
        !current ||
        current.status !== next.status ||
        current.receivedBytes !== next.receivedBytes ||
        current.totalBytes !== next.totalBytes
      ) {
        setState(bookId, next, false);
      }
    } catch {
      // IndexedDB unavailable (private mode in some browsers): nothing is stored, the state stays idle.
    } finally {
      hydrating.delete(bookId);
    }
  }

  function onMessage(message: TDownloadsMessage, fromOtherTab: boolean): void {
    switch (message.type) {
      case 'state':
        if (fromOtherTab && !runs.has(message.bookId)) setState(message.bookId, message.state, false);
        return;
      case 'stored-changed':
        storedRevision += 1;
        hydrated.clear();
        emit(null, null);
        for (const bookId of states.keys()) if (!runs.has(bookId)) void hydrate(bookId);
        return;
      case 'cancel':
        if (fromOtherTab && runs.has(message.bookId)) void manager.cancel(message.bookId);
        return;
      case 'wiped':
        for (const run of runs.values()) {
          if (run.userId === message.userId) {
            run.cancelled = true;
            run.controller.abort();
          }
        }
        for (const [bookId, userId] of waitingForNetwork)
          if (userId === message.userId) waitingForNetwork.delete(bookId);
        return;
      case 'hello':
        if (fromOtherTab)
          for (const bookId of runs.keys()) channel.post({ type: 'state', bookId, state: states.get(bookId) ?? IDLE });
        return;
    }
  }

  function wire(): void {
    if (wired) return;
    wired = true;
    const stopListening = channel.listen(onMessage);
    channel.post({ type: 'hello' });
    const onOnline = () => {
      for (const [bookId, userId] of [...waitingForNetwork]) void manager.start(bookId, { userId });
    };
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
    unwire = () => {
      stopListening();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    };
  }

  /** A verified offline licence for the book, and its unwrapped content key (kept in memory for the download). */
  async function obtainLicense(
    userId: string,
    loanId: string,
    manifest: TBookManifest,
  ): Promise<{ license: TStoredLicense; contentKey: CryptoKey }> {
    let device = await ensureBrowserDevice(userId);
    let grant: TLicenseGrant;
    try {
      grant = await requestOfflineLicense({ loanId, deviceId: device.deviceId });
    } catch (error) {
      if (isApiError(error) && error.status === 404 && (error.problem?.detail ?? '').startsWith('Device')) {
        // The server forgot this browser's device (removed elsewhere): register the key again, once.
        await forgetRegisteredBrowserDevice(userId);
        device = await ensureBrowserDevice(userId);
        grant = await requestOfflineLicense({ loanId, deviceId: device.deviceId });
      } else {
        if (isApiError(error) && error.problem?.code === 'device_not_offline' && device.offlineRegistered) {
          await saveBrowserDevice({ ...device, offlineRegistered: false });
        }
        throw error;
      }
    }
    const { license, contentKey } = await acceptOfflineGrant({
      grant,
      userId,
      device,
      bookId: manifest.bookId,
      bookVersion: manifest.version,
      loanId,
    });
    return { license, contentKey };
  }

  async function download(bookId: string, run: TRun, options: TStartOptions): Promise<TDownloadState> {
    const { signal } = run.controller;
    const userId = await user.resolve(options.userId);
    run.userId = userId;
    if (!userId) return fail(bookId, DOWNLOAD_MESSAGES.signIn);
    waitingForNetwork.delete(bookId);
    const before = states.get(bookId);
    const progress = { receivedBytes: before?.receivedBytes ?? 0, totalBytes: before?.totalBytes ?? 0 };
    setState(bookId, { status: 'downloading', ...progress, error: null });
    let manifest: TBookManifest | null = null;
    try {
      if (isBrowserOffline()) throw new OfflineError();
      void requestPersistentStorage();
      const loan = await openLoan(bookId);
      manifest = withoutLoan(await fetchManifest<TReaderManifest>(bookId, signal));
      assertUsableManifest(manifest);
      signal.throwIfAborted();
      const book = manifest;
      progress.totalBytes = totalBytesOf(book);

      const existing = await findDownloadedBook(userId, book.bookId);
      if (existing && existing.manifest.version === book.version) {
        return setState(bookId, {
          status: 'complete',
          receivedBytes: progress.totalBytes,
          totalBytes: progress.totalBytes,
          error: null,
        });
      }

      // Only an unfinished download of this very version is resumed; older partial chunks go.
      const partial = await readPartialDownload(book.bookId);
      if (partial && partial.version !== book.version) await discardPartialDownload(book.bookId);
      const stored = new Set(await storedChunkIndexes(book.bookId, book.version));
      const missing = Array.from({ length: book.chunkCount }, (_, index) => index).filter(
        (index) => !stored.has(index),
      );
      const missingBytes = missing.reduce((sum, index) => sum + manifestSegment(book, index).size, 0);
      progress.receivedBytes = progress.totalBytes - missingBytes;

      const free = await freeStorageBytes();
      if (free !== null && missingBytes * SPACE_MARGIN > free) {
        await discardPartialDownload(book.bookId);
        return fail(bookId, notEnoughSpaceMessage(missingBytes, free), {
          receivedBytes: 0,
          totalBytes: progress.totalBytes,
        });
      }
      await savePartialDownload({
        bookId: book.bookId,
        version: book.version,
        userId,
        title: book.title,
        slug: book.slug,
        chunkCount: book.chunkCount,
        totalBytes: progress.totalBytes,
        chunkSizes: segmentCiphertextSizes(book, 0, book.chunkCount),
        startedAt: partial?.version === book.version ? partial.startedAt : Date.now(),
      });
      setState(bookId, { status: 'downloading', ...progress, error: null });

      const { license, contentKey } = await obtainLicense(userId, loan.id, book);
      signal.throwIfAborted();

      // Up to DOWNLOAD_RUN_BYTES per request, but spread over the lanes: a small book is not one long request.
      const runLength = Math.max(
        1,
        Math.min(
          maxSegmentsPerRequest(book.chunkSize),
          Math.floor(DOWNLOAD_RUN_BYTES / book.chunkSize),
          Math.ceil(missing.length / DOWNLOAD_CONCURRENCY),
        ),
      );
      await forEachConcurrently(
        coalesceRuns(missing, runLength),
        DOWNLOAD_CONCURRENCY,
        signal,
        async (run, laneSignal) => {
          const parts = await fetchRunCiphertext(book, run, laneSignal);
          for (const [offset, data] of parts.entries()) {
            const index = run.from + offset;
            const sha256 = await verifyDownloadedSegment(book, index, data, contentKey);
            // A chunk that arrived whole is kept even when another lane failed: a resume will not fetch it again.
            signal.throwIfAborted();
            await storeChunk({
              bookId: book.bookId,
              version: book.version,
              index,
              data,
              ...(sha256 ? { sha256 } : {}),
            });
            progress.receivedBytes += data.byteLength;
            setState(bookId, { status: 'downloading', ...progress, error: null });
          }
        },
      );

      await commitDownload({ manifest: { ...book, userId, storedAt: Date.now() }, license });
      channel.announceStoredChange();
      await keepServerPosition(userId, book.bookId);
      return setState(bookId, {
        status: 'complete',
        receivedBytes: progress.totalBytes,
        totalBytes: progress.totalBytes,
        error: null,
      });
    } catch (error) {
      const storedBookId = manifest?.bookId ?? bookId;
      if (run.cancelled) {
        await discardPartialDownload(storedBookId).catch(() => undefined);
        channel.announceStoredChange();
        return setState(bookId, await storedState(storedBookId));
      }
      if (isQuotaExceededError(error)) {
        await discardPartialDownload(storedBookId).catch(() => undefined);
        return fail(bookId, DOWNLOAD_MESSAGES.quotaExceeded, { receivedBytes: 0, totalBytes: progress.totalBytes });
      }
      if (error instanceof CorruptChunkError) return fail(bookId, DOWNLOAD_MESSAGES.corrupted, progress);
      if (error instanceof OfflineError) return fail(bookId, DOWNLOAD_MESSAGES.offline, progress);
      if (isConnectionFailure(error)) {
        waitingForNetwork.set(bookId, userId);
        return setState(bookId, { status: 'paused', ...progress, error: DOWNLOAD_MESSAGES.paused });
      }
      const failed = fail(bookId, messageFor(error), progress);
      if (isApiError(error) && DEVICE_PAGE_CODES.has(error.problem?.code ?? ''))
        return setState(bookId, { ...failed, fixOnDevicesPage: true });
      return failed;
    }
  }

  const manager: TDownloadManager = {
    start(bookId, options = {}) {
      wire();
      const running = runs.get(bookId);
      if (running) return running.promise;
      const run: TRun = {
        controller: new AbortController(),
        cancelled: false,
        userId: options.userId ?? null,
        promise: Promise.resolve(IDLE),
      };
      run.promise = withBookLock(bookId, () => download(bookId, run, options))
        .then((state) => state ?? states.get(bookId) ?? IDLE)
        // IndexedDB failing while cleaning up after an error: still an answer, never a rejection.
        .catch(() => fail(bookId, DOWNLOAD_MESSAGES.failed))
        .finally(() => runs.delete(bookId));
      runs.set(bookId, run);
      return run.promise;
    },

    async cancel(bookId) {
      wire();
      waitingForNetwork.delete(bookId);
      const run = runs.get(bookId);
      if (run) {
        run.cancelled = true;
        run.controller.abort();
        await run.promise;
        return;
      }
      if (states.get(bookId)?.status === 'downloading') {
        // Running in another tab: that tab cancels and reports.
        channel.post({ type: 'cancel', bookId });
        return;
      }
      if (await readPartialDownload(bookId)) {
        await discardPartialDownload(bookId);
        channel.announceStoredChange();
      }
      setState(bookId, await storedState(bookId));
    },

    async remove(bookId, options = {}) {
      wire();
      if (runs.has(bookId)) await manager.cancel(bookId);
      const userId = await user.resolve(options.userId);
      if (!userId) throw new Error(DOWNLOAD_MESSAGES.signIn);
      waitingForNetwork.delete(bookId);
      await deleteDownloadedBook(userId, bookId);
      setState(bookId, IDLE);
      channel.announceStoredChange();
    },

    async renew(bookId, options = {}) {
      wire();
      const userId = await user.resolve(options.userId);
      if (!userId) throw new Error(DOWNLOAD_MESSAGES.signIn);
      const book = await findDownloadedBook(userId, bookId);
      if (!book) throw new Error(DOWNLOAD_MESSAGES.notDownloaded);
      try {
        const renewed = await renewStoredLicense(userId, book.license, channel);
        return { expiresAt: new Date(renewed.expiresAt).toISOString() };
      } catch (error) {
        if (error instanceof LicenseRenewalError) throw error;
        throw new Error(messageFor(error), { cause: error });
      }
    },

    subscribe(listener) {
      wire();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getState(bookId) {
      wire();
      const state = states.get(bookId);
      if (!hydrated.has(bookId) && !runs.has(bookId)) void hydrate(bookId);
      return state ?? IDLE;
    },

    statusSnapshot() {
      const statuses: Record<string, TDownloadState['status']> = {};
      for (const [bookId, state] of states) statuses[bookId] = state.status;
      return { statuses, storedRevision };
    },

    async dispose() {
      unwire?.();
      unwire = null;
      // Marked as wired so nothing listens again after disposal.
      wired = true;
      waitingForNetwork.clear();
      for (const run of runs.values()) run.controller.abort();
      await Promise.all([...runs.values()].map((run) => run.promise.catch(() => undefined)));
      listeners.clear();
    },
  };
  return manager;
}

function licenseRenewalCount(jws: string): number {
  try {
    const count = decodeJwt(jws).renewalCount;
    return typeof count === 'number' ? count : 0;
  } catch {
    return 0;
  }
}

/** Books downloaded to this browser for the user, newest first, with their offline expiry. */
export async function listOfflineBooks(userId: string): Promise<TOfflineBook[]> {
  const books = await listDownloadedBooks(userId);
  const now = await currentTrustedTime().catch(() => Date.now());
  const renewalErrors = await readRenewalErrors(books.map((book) => book.license.id));
  return books.map(({ manifest, license }) => {
    const status: TOfflineBookStatus =
      license.expiresAt <= now ? 'expired' : license.expiresAt - now < RENEW_WITHIN_MS ? 'expiring' : 'active';
    return {
      bookId: manifest.bookId,
      title: manifest.title,
      slug: manifest.slug,
      version: manifest.version,
      sizeBytes: totalBytesOf(manifest),
      expiresAt: new Date(license.expiresAt).toISOString(),
      licenseId: license.id,
      status,
      renewalCount: licenseRenewalCount(license.jws),
      renewalError: renewalErrors.get(license.id) ?? null,
      downloadedAt: new Date(manifest.storedAt).toISOString(),
    };
  });
}

/** Downloads of the user begun and not finished on this browser (start() resumes them). */
export async function listPartialDownloadsOf(userId: string): Promise<TPartialOfflineBook[]> {
  const partials = await listPartialDownloads(userId);
  return partials.map((partial) => ({
    bookId: partial.bookId,
    title: partial.title,
    slug: partial.slug,
    version: partial.version,
    receivedBytes: partial.storedBytes,
    totalBytes: partial.totalBytes,
  }));
}

/** This origin's storage use and quota, and whether the browser keeps it under pressure. */
export function storageSummary(): Promise<TStorageSummary> {
  return readStorageSummary();
}
