/**
 * Books downloaded for offline reading (tables manifests, chunks and licences of db.ts, and the
 * `download.*` keys of meta). A book counts as downloaded only when its manifest, an offline licence
 * and every chunk are stored: chunks are written one by one as they arrive (ciphertext checked
 * against the manifest's sha256, or its GCM tag for a compact manifest; never plaintext), and the manifest and licence last, in one
 * transaction that first checks that every chunk is there. Meta keys owned here:
 * - `download.partial.<bookId>`: a download begun and not finished (what a later start resumes);
 * - `download.removed.<userId>.<bookId>`: why licence upkeep deleted a book (revoked, returned, device
 *   removed), so the reader can say so with no network;
 * - `download.renewal-error.<licenceId>`: the server's last refusal to renew that licence.
 * The manifests table is keyed by book and version, so two accounts on one browser share a stored
 * version; the licences stay per user.
 */
import Dexie from 'dexie';
import { manifestCiphertextBytes } from '@shared/reader';
import { removedDownloadKey, type TDownloadedBook, type TRemovalNotice, type TRemovalReason } from './app-db-reads';
import { getDb, type TStoredChunk, type TStoredLicense, type TStoredManifest } from './db';
import { listBrowserDevices } from './device-store';
import { markDownloadsHeld } from './download-hint';

// Read with raw IndexedDB (app-db-reads.ts): a book's open finds its download and reads its chunks before its first
// page is drawn, without loading Dexie; the service worker reads chunks the same way.
export {
  findDownloadedBook,
  readRemovalNotice,
  readStoredChunk,
  readStoredChunks,
  type TDownloadedBook,
  type TRemovalNotice,
  type TRemovalReason,
} from './app-db-reads';

export interface TPartialDownload {
  bookId: string;
  version: number;
  userId: string;
  title: string;
  slug: string;
  chunkCount: number;
  /** Ciphertext bytes of the whole book (what the progress bar counts to). */
  totalBytes: number;
  /** Ciphertext bytes of each chunk, by index (to count progress from the stored keys alone). */
  chunkSizes: number[];
  startedAt: number;
}

const PARTIAL_PREFIX = 'download.partial.';
const RENEWAL_ERROR_PREFIX = 'download.renewal-error.';

const partialKey = (bookId: string) => `${PARTIAL_PREFIX}${bookId}`;
const renewalErrorKey = (licenseId: string) => `${RENEWAL_ERROR_PREFIX}${licenseId}`;

// ---------------------------------------------------------------------------------------------
// Chunks.

/** Indexes of the chunks of one book version already stored (keys only: the bytes are not read). */
export async function storedChunkIndexes(bookId: string, version: number): Promise<number[]> {
  const keys = await getDb().chunks.where('[bookId+version]').equals([bookId, version]).primaryKeys();
  return keys.map((key) => (key as unknown as [string, number, number])[2]);
}

/** Stores one verified ciphertext chunk; rejects with IndexedDB's QuotaExceededError when it does not fit. */
export async function storeChunk(chunk: TStoredChunk): Promise<void> {
  await getDb().chunks.put(chunk);
}

async function countStoredChunks(bookId: string, version: number): Promise<number> {
  return getDb().chunks.where('[bookId+version]').equals([bookId, version]).count();
}

// ---------------------------------------------------------------------------------------------
// Downloads in progress.

export async function savePartialDownload(partial: TPartialDownload): Promise<void> {
  await getDb().meta.put({ key: partialKey(partial.bookId), value: partial });
}

function asPartial(value: unknown): TPartialDownload | undefined {
  const partial = value as Partial<TPartialDownload> | undefined;
  return partial &&
    typeof partial.bookId === 'string' &&
    typeof partial.version === 'number' &&
    typeof partial.userId === 'string'
    ? (partial as TPartialDownload)
    : undefined;
}

export async function readPartialDownload(bookId: string): Promise<TPartialDownload | undefined> {
  return asPartial((await getDb().meta.get(partialKey(bookId)))?.value);
}

function storedBytesOf(partial: TPartialDownload, indexes: readonly number[]): number {
  return indexes.reduce((sum, index) => sum + (partial.chunkSizes?.[index] ?? 0), 0);
}

/** Downloads begun and not finished (of one user when given), with the bytes stored so far. */
export async function listPartialDownloads(userId?: string): Promise<(TPartialDownload & { storedBytes: number })[]> {
  const rows = await getDb().meta.where('key').startsWith(PARTIAL_PREFIX).toArray();
  const partials = rows
    .map((row) => asPartial(row.value))
    .filter((partial): partial is TPartialDownload => !!partial && (!userId || partial.userId === userId));
  return Promise.all(
    partials.map(async (partial) => ({
      ...partial,
      storedBytes: storedBytesOf(partial, await storedChunkIndexes(partial.bookId, partial.version)),
    })),
  );
}

/**
 * Deletes the chunks of a book's unfinished download (and its record), keeping any version that a
 * finished download still uses. Used by cancel, a full disk and a corrupted download.
 */
export async function discardPartialDownload(bookId: string): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.chunks, db.manifests, db.meta, async () => {
    const completeVersions = new Set(
      (await db.manifests.where('bookId').equals(bookId).toArray()).map((manifest) => manifest.version),
    );
    const versions = new Set(
      (await db.chunks.where('bookId').equals(bookId).primaryKeys()).map(
        (key) => (key as unknown as [string, number, number])[1],
      ),
    );
    for (const version of versions) {
      if (!completeVersions.has(version)) await db.chunks.where('[bookId+version]').equals([bookId, version]).delete();
    }
    await db.meta.delete(partialKey(bookId));
  });
}

// ---------------------------------------------------------------------------------------------
// Finished downloads.

/** Chunks of versions of this book that no stored manifest uses any more. */
async function deleteUnreferencedChunks(bookId: string): Promise<void> {
  const db = getDb();
  const keep = new Set(
    (await db.manifests.where('bookId').equals(bookId).toArray()).map((manifest) => manifest.version),
  );
  const partial = asPartial((await db.meta.get(partialKey(bookId)))?.value);
  if (partial) keep.add(partial.version);
  const versions = new Set(
    (await db.chunks.where('bookId').equals(bookId).primaryKeys()).map(
      (key) => (key as unknown as [string, number, number])[1],
    ),
  );
  for (const version of versions) {
    if (!keep.has(version)) await db.chunks.where('[bookId+version]').equals([bookId, version]).delete();
  }
}

export class IncompleteDownloadError extends Error {
  constructor(stored: number, expected: number) {
    super(`Only ${stored} of ${expected} chunks are stored.`);
    this.name = 'IncompleteDownloadError';
  }
}

/**
 * Marks a download finished: in one transaction, checks that every chunk of the manifest's version is
 * stored, then stores the manifest and the offline licence (replacing this user's older licence and
 * version of the book) and clears the in-progress record and any removal notice.
 */
export async function commitDownload(book: TDownloadedBook): Promise<void> {
  const { manifest, license } = book;
  const db = getDb();
  // Before the rows exist: an open that starts meanwhile waits for IndexedDB rather than fetch.
  markDownloadsHeld(true);
  await db.transaction('rw', db.manifests, db.licences, db.chunks, db.meta, async () => {
    const stored = await countStoredChunks(manifest.bookId, manifest.version);
    if (stored !== manifest.chunkCount) throw new IncompleteDownloadError(stored, manifest.chunkCount);
    const older = await db.licences.where('[userId+bookId]').equals([license.userId, license.bookId]).toArray();
    for (const previous of older) {
      if (previous.id !== license.id) {
        await db.licences.delete(previous.id);
        await db.meta.delete(renewalErrorKey(previous.id));
      }
    }
    await db.manifests
      .where('bookId')
      .equals(manifest.bookId)
      .filter((row) => row.version !== manifest.version && row.userId === manifest.userId)
      .delete();
    await db.manifests.put(manifest);
    await db.licences.put(license);
    await db.meta.bulkDelete([
      partialKey(manifest.bookId),
      removedDownloadKey(license.userId, license.bookId),
      renewalErrorKey(license.id),
    ]);
    await deleteUnreferencedChunks(manifest.bookId);
  });
}

async function offlineLicenseFor(userId: string, manifest: TStoredManifest): Promise<TStoredLicense | undefined> {
  const licenses = await getDb().licences.where('[userId+bookId]').equals([userId, manifest.bookId]).toArray();
  return licenses.find((license) => license.kind === 'offline' && license.bookVersion === manifest.version);
}

async function completeBook(userId: string, manifest: TStoredManifest): Promise<TDownloadedBook | undefined> {
  const license = await offlineLicenseFor(userId, manifest);
  if (!license) return undefined;
  if ((await countStoredChunks(manifest.bookId, manifest.version)) !== manifest.chunkCount) return undefined;
  return { manifest, license };
}

/** Every finished download of the user, newest first. */
export async function listDownloadedBooks(userId: string): Promise<TDownloadedBook[]> {
  const manifests = await getDb().manifests.where('userId').equals(userId).toArray();
  const books = await Promise.all(manifests.map((manifest) => completeBook(userId, manifest)));
  return books
    .filter((book): book is TDownloadedBook => !!book)
    .sort((a, b) => b.manifest.storedAt - a.manifest.storedAt);
}

/** The user's stored offline licences (what licence upkeep asks the server about). */
export async function listStoredOfflineLicenses(userId: string): Promise<TStoredLicense[]> {
  const licenses = await getDb()
    .licences.where('[userId+bookId]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .toArray();
  return licenses.filter((license) => license.kind === 'offline');
}

/**
 * Stores a renewed licence over the one it renews. Answers false (and stores nothing) when the book
 * was removed meanwhile, so a late renewal cannot bring back a licence without its chunks.
 */
export async function replaceStoredLicense(license: TStoredLicense): Promise<boolean> {
  const db = getDb();
  return db.transaction('rw', db.licences, db.meta, async () => {
    const current = await db.licences.get(license.id);
    if (
      !current ||
      current.userId !== license.userId ||
      current.bookId !== license.bookId ||
      current.bookVersion !== license.bookVersion
    )
      return false;
    await db.licences.put(license);
    await db.meta.delete(renewalErrorKey(license.id));
    return true;
  });
}

/**
 * Deletes the user's downloaded copy of a book: licences, manifest, chunks no other download uses, an
 * unfinished download of it. With a reason, remembers why, for the reader's message.
 */
export async function deleteDownloadedBook(userId: string, bookId: string, reason?: TRemovalReason): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.manifests, db.licences, db.chunks, db.meta, async () => {
    const manifests = await db.manifests
      .where('bookId')
      .equals(bookId)
      .filter((manifest) => manifest.userId === userId)
      .toArray();
    const licenses = await db.licences.where('[userId+bookId]').equals([userId, bookId]).toArray();
    await db.licences.bulkDelete(licenses.map((license) => license.id));
    await db.meta.bulkDelete(licenses.map((license) => renewalErrorKey(license.id)));
    await db.manifests.bulkDelete(manifests.map((manifest) => [manifest.bookId, manifest.version] as [string, number]));
    const partial = asPartial((await db.meta.get(partialKey(bookId)))?.value);
    if (partial?.userId === userId) await db.meta.delete(partialKey(bookId));
    await deleteUnreferencedChunks(bookId);
    if (reason) {
      const described = manifests[0] ?? partial;
      const notice: TRemovalNotice = {
        bookId,
        slug: described?.slug ?? bookId,
        title: described?.title ?? '',
        reason,
        removedAt: Date.now(),
      };
      await db.meta.put({ key: removedDownloadKey(userId, bookId), value: notice });
    }
  });
}

/** Deletes every download and unfinished download of the user (the device was removed from the account). */
export async function wipeDownloadsOf(userId: string, reason?: TRemovalReason): Promise<void> {
  const db = getDb();
  const bookIds = new Set<string>();
  for (const manifest of await db.manifests.where('userId').equals(userId).toArray()) bookIds.add(manifest.bookId);
  for (const license of await listStoredOfflineLicenses(userId)) bookIds.add(license.bookId);
  for (const partial of await listPartialDownloads(userId)) bookIds.add(partial.bookId);
  for (const bookId of bookIds) await deleteDownloadedBook(userId, bookId, reason);
}

export async function saveRenewalError(licenseId: string, message: string): Promise<void> {
  await getDb().meta.put({ key: renewalErrorKey(licenseId), value: message });
}

/** The server's last refusal to renew each of these licences (absent: none). */
export async function readRenewalErrors(licenseIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await getDb().meta.bulkGet(licenseIds.map(renewalErrorKey));
  const errors = new Map<string, string>();
  rows.forEach((row, position) => {
    if (typeof row?.value === 'string') errors.set(licenseIds[position], row.value);
  });
  return errors;
}

/**
 * What IndexedDB holds of one book, for a tab that did not run its download: finished (manifest and an
 * offline licence of some user, every chunk), partly stored (an unfinished download), or nothing.
 */
export async function readDownloadProgress(
  bookId: string,
  userId?: string,
): Promise<{ status: 'complete' | 'partial' | 'none'; storedBytes: number; totalBytes: number }> {
  const db = getDb();
  const manifests = await db.manifests
    .where('bookId')
    .equals(bookId)
    .filter((manifest) => !userId || manifest.userId === userId)
    .toArray();
  for (const manifest of manifests.sort((a, b) => b.version - a.version)) {
    const book = await completeBook(manifest.userId, manifest);
    if (book) {
      const totalBytes = manifestCiphertextBytes(manifest);
      return { status: 'complete', storedBytes: totalBytes, totalBytes };
    }
  }
  const partial = await readPartialDownload(bookId);
  if (partial && (!userId || partial.userId === userId)) {
    const indexes = await storedChunkIndexes(bookId, partial.version);
    return { status: 'partial', storedBytes: storedBytesOf(partial, indexes), totalBytes: partial.totalBytes };
  }
  return { status: 'none', storedBytes: 0, totalBytes: 0 };
}

/** Whether this browser holds anything licence upkeep must look after (cheap: no network needed to know). */
export async function hasOfflineMaterial(): Promise<boolean> {
  const db = getDb();
  if ((await db.licences.count()) > 0) return true;
  return (await listBrowserDevices()).some((device) => device.offlineRegistered);
}
