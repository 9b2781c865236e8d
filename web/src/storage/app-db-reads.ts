/**
 * The reads a book's open makes from the app's database (db.ts), with raw IndexedDB (raw-idb.ts), so the reader page
 * draws its first page without loading Dexie (docs/ARCHITECTURE.md#browser-storage): the reader's display settings,
 * the position this device remembers and its unsent changes, a downloaded copy of the book and its stored chunks, and
 * why a download was removed. Read-only: only Dexie writes the app's database, and a database that does not exist yet
 * reads as empty (none is created). The stores and keys are db.ts's (names and key paths as Dexie made them); the
 * modules that own them (reader-settings.ts, reading-positions.ts, outbox.ts, offline-books.ts) re-export these reads,
 * so the app and the first page read the same way.
 */
import type { TReadingProgress } from '@shared/progress';
import type { TOutboxEntry, TStoredChunk, TStoredLicense, TStoredManifest } from './db';
import { markDownloadsHeld } from './download-hint';
import { readAppDb, requestResult } from './raw-idb';

/** Dexie's stores, by their names in db.ts, and the indexes read here (Dexie names an index by its spec). */
const META = 'meta';
const OUTBOX = 'outbox';
const MANIFESTS = 'manifests';
const LICENCES = 'licences';
const CHUNKS = 'chunks';
const OUTBOX_BY_USER_AND_STATUS = '[userId+status]';
const MANIFESTS_BY_BOOK = 'bookId';
const MANIFESTS_BY_USER = 'userId';
const LICENCES_BY_USER_AND_BOOK = '[userId+bookId]';
const CHUNKS_BY_VERSION = '[bookId+version]';
/** The highest string IndexedDB orders, as Dexie's startsWith bounds a prefix. */
const MAX_STRING = String.fromCharCode(65535);

/** meta keys owned by reader-settings.ts, reading-positions.ts and offline-books.ts. */
export const READER_SETTINGS_KEY = 'reader.settings';
export const REMOVED_DOWNLOAD_PREFIX = 'download.removed.';

export function positionKey(userId: string, bookId: string): string {
  return `position:${userId}:${bookId}`;
}

export function removedDownloadKey(userId: string, bookId: string): string {
  return `${REMOVED_DOWNLOAD_PREFIX}${userId}.${bookId}`;
}

export type TRemovalReason = 'revoked' | 'returned' | 'device_removed';

export interface TRemovalNotice {
  bookId: string;
  slug: string;
  title: string;
  reason: TRemovalReason;
  removedAt: number;
}

export interface TDownloadedBook {
  manifest: TStoredManifest;
  license: TStoredLicense;
}

async function readMetaValue(key: string): Promise<unknown> {
  return readAppDb(
    [META],
    async (transaction) => (await requestResult(transaction.objectStore(META).get(key)))?.value as unknown,
    undefined,
  );
}

/** The reader's display settings as stored (validated by features/reader/reader-settings.ts); null for none. */
export async function readReaderSettings(): Promise<unknown> {
  return (await readMetaValue(READER_SETTINGS_KEY)) ?? null;
}

export function isReadingProgress(value: unknown): value is TReadingProgress {
  const candidate = value as TReadingProgress | null;
  return !!candidate && typeof candidate.bookId === 'string' && typeof candidate.currentPage === 'number';
}

/** The reader's position in the book as this browser last remembered it (reading-positions.ts). */
export async function readRememberedPosition(userId: string, bookId: string): Promise<TReadingProgress | null> {
  const stored = await readMetaValue(positionKey(userId, bookId));
  return isReadingProgress(stored) ? stored : null;
}

export const byStamp = (a: TOutboxEntry, b: TOutboxEntry) => (a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0);

/** The user's changes still waiting for the server, oldest first (the order they must be sent in; outbox.ts). */
export async function listPendingMutations(userId: string): Promise<TOutboxEntry[]> {
  const rows = await readAppDb(
    [OUTBOX],
    (transaction) =>
      requestResult<TOutboxEntry[]>(
        transaction.objectStore(OUTBOX).index(OUTBOX_BY_USER_AND_STATUS).getAll([userId, 'pending']),
      ),
    [],
  );
  return rows.sort(byStamp);
}

/** The stored ciphertext of one chunk (read by the service worker and the offline reader). */
export async function readStoredChunk(
  bookId: string,
  version: number,
  index: number,
): Promise<ArrayBuffer | undefined> {
  const row = await readAppDb(
    [CHUNKS],
    (transaction) =>
      requestResult<TStoredChunk | undefined>(transaction.objectStore(CHUNKS).get([bookId, version, index])),
    undefined,
  );
  return row?.data;
}

/**
 * The stored ciphertexts of `count` adjacent chunks from `from`, in one transaction (undefined where a chunk is not
 * stored): the offline reader reads only the segments pdf.js asks for, never the whole book.
 */
export async function readStoredChunks(
  bookId: string,
  version: number,
  from: number,
  count: number,
): Promise<(ArrayBuffer | undefined)[]> {
  return readAppDb(
    [CHUNKS],
    (transaction) => {
      const chunks = transaction.objectStore(CHUNKS);
      return Promise.all(
        Array.from({ length: count }, async (_, offset) => {
          const row = await requestResult<TStoredChunk | undefined>(chunks.get([bookId, version, from + offset]));
          return row?.data;
        }),
      );
    },
    Array.from({ length: count }, () => undefined),
  );
}

/**
 * The user's downloaded copy of a book (by id or slug): manifest, offline licence and every chunk stored (the
 * newest such version). Undefined when any part is missing. Keeps download-hint.ts's mark in line with what it saw.
 */
export async function findDownloadedBook(userId: string, bookRef: string): Promise<TDownloadedBook | undefined> {
  const found = await readAppDb(
    [MANIFESTS, LICENCES, CHUNKS],
    async (transaction) => {
      const manifests = transaction.objectStore(MANIFESTS);
      let rows = await requestResult<TStoredManifest[]>(manifests.index(MANIFESTS_BY_BOOK).getAll(bookRef));
      if (rows.length === 0)
        rows = (await requestResult<TStoredManifest[]>(manifests.index(MANIFESTS_BY_USER).getAll(userId))).filter(
          (manifest) => manifest.slug === bookRef,
        );
      const candidates = rows.filter((manifest) => manifest.userId === userId).sort((a, b) => b.version - a.version);
      for (const manifest of candidates) {
        const [licenses, storedChunks] = await Promise.all([
          requestResult<TStoredLicense[]>(
            transaction.objectStore(LICENCES).index(LICENCES_BY_USER_AND_BOOK).getAll([userId, manifest.bookId]),
          ),
          requestResult(
            transaction.objectStore(CHUNKS).index(CHUNKS_BY_VERSION).count([manifest.bookId, manifest.version]),
          ),
        ]);
        const license = licenses.find(
          (candidate) => candidate.kind === 'offline' && candidate.bookVersion === manifest.version,
        );
        if (license && storedChunks === manifest.chunkCount) return { book: { manifest, license }, anyStored: true };
      }
      return { book: undefined, anyStored: (await requestResult(manifests.count())) > 0 };
    },
    { book: undefined, anyStored: false },
  );
  if (found.book) markDownloadsHeld(true);
  else if (!found.anyStored) markDownloadsHeld(false);
  return found.book;
}

/** Why a book the user had downloaded was removed by licence upkeep, if it was (by id or slug; offline-books.ts). */
export async function readRemovalNotice(userId: string, bookRef: string): Promise<TRemovalNotice | undefined> {
  const direct = (await readMetaValue(removedDownloadKey(userId, bookRef))) as TRemovalNotice | undefined;
  if (direct) return direct;
  const prefix = `${REMOVED_DOWNLOAD_PREFIX}${userId}.`;
  const rows = await readAppDb(
    [META],
    (transaction) =>
      requestResult<{ key: string; value: unknown }[]>(
        transaction.objectStore(META).getAll(IDBKeyRange.bound(prefix, prefix + MAX_STRING)),
      ),
    [],
  );
  return rows.map((row) => row.value as TRemovalNotice).find((notice) => notice?.slug === bookRef);
}
