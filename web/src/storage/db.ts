/**
 * The app's IndexedDB database (Dexie), where the app keeps its data on the device (all IndexedDB access lives in
 * web/src/storage: docs/ARCHITECTURE.md#layers-and-import-rules; the two databases and why:
 * docs/ARCHITECTURE.md#browser-storage). What it holds:
 * - licences: signed licences (compact JWS) the reader and offline mode use; never a raw content key;
 * - manifests and chunks: ciphertext of downloaded books (plaintext is never written here);
 * - outbox: changes made on this device (position, bookmarks, events, copies) waiting for the server;
 * - meta: small key/value state such as the hybrid logical clock;
 * - reviewDecks: the reader's review cards, their highlights and review log as the server last sent
 *   them (review-deck.ts), so a review session works offline; reviews made here wait in the outbox.
 *
 * Only Dexie writes this database. A book's open reads it with raw IndexedDB instead (app-db-reads.ts: never creating
 * it, by these store and index names), so the reader page draws its first page without Dexie's code and first open.
 * The trust material a first open must write before its first page (device key, device ids, trusted clock, licence
 * signing keys) lives in its own small database written with raw IndexedDB (device-db.ts), which copied it from this
 * database's deviceKeys, browserDevices and trustedTime tables and meta's `licence-jwks` once.
 * Those tables are left in place, unused, rather than dropped by a version 3: a browser whose app opens Dexie (any
 * page) before its first book open would drop them before device-db.ts had copied them, losing the device key (an
 * orphan device counting against the reader's limit, and downloads whose licences are wrapped to that key), and a tab
 * still running the previous version would be closed by the upgrade. They hold a few hundred bytes.
 * Bump the version and add an upgrade step when a table changes shape; never edit a released version.
 */
import Dexie, { type EntityTable } from 'dexie';
import { deleteDeviceDb } from './device-db';
import { removeAllBrowserDeviceHints } from './device-hint';
import { forgetDownloadsHint } from './download-hint';
import { APP_DB_NAME, closeRawAppDb } from './raw-idb';
import type { TReviewDeck } from '@shared/highlights';
import type { TBookManifest, TLicenseKind } from '@shared/reader';

export interface TStoredLicense {
  /** Licence id (the JWS `jti`). */
  id: string;
  userId: string;
  bookId: string;
  bookVersion: number;
  kind: TLicenseKind;
  /** The compact JWS exactly as the server signed it; verified again before every use. */
  jws: string;
  expiresAt: number;
  storedAt: number;
}

/** A downloaded book's manifest: either form (docs/decisions/022-compact-manifest.md); older downloads are `listed`. */
export type TStoredManifest = TBookManifest & {
  userId: string;
  storedAt: number;
};

export interface TStoredChunk {
  bookId: string;
  version: number;
  index: number;
  /** Ciphertext + GCM tag exactly as served. */
  data: ArrayBuffer;
  /** The ciphertext's sha256 as the manifest listed it; absent for a compact manifest (the GCM tag was checked). */
  sha256?: string;
}

export type TOutboxStatus = 'pending' | 'rejected';

export interface TOutboxEntry {
  /** Mutation id (UUID made on this device). */
  id: string;
  userId: string;
  deviceId: string;
  type: string;
  /** Hybrid logical clock stamp (shared/hlc). */
  hlc: string;
  payload: unknown;
  createdAt: number;
  status: TOutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export interface TStoredReviewDeck {
  userId: string;
  deck: TReviewDeck;
  storedAt: number;
}

export interface TMetaEntry {
  key: string;
  value: unknown;
}

export class WonderfulBooksDb extends Dexie {
  licences!: EntityTable<TStoredLicense, 'id'>;
  manifests!: Dexie.Table<TStoredManifest, [string, number]>;
  chunks!: Dexie.Table<TStoredChunk, [string, number, number]>;
  outbox!: EntityTable<TOutboxEntry, 'id'>;
  meta!: EntityTable<TMetaEntry, 'key'>;
  reviewDecks!: EntityTable<TStoredReviewDeck, 'userId'>;

  constructor(name: string) {
    super(name);
    // deviceKeys, browserDevices and trustedTime are device-db.ts's now (copied from here once), kept as released.
    this.version(1).stores({
      deviceKeys: 'id',
      browserDevices: 'userId',
      licences: 'id, [userId+bookId], bookId, expiresAt',
      manifests: '[bookId+version], bookId, userId',
      chunks: '[bookId+version+index], [bookId+version], bookId',
      trustedTime: 'id',
      outbox: 'id, [userId+status], nextAttemptAt, createdAt',
      meta: 'key',
    });
    this.version(2).stores({ reviewDecks: 'userId' });
  }
}

const DB_NAME = APP_DB_NAME;

let instance: WonderfulBooksDb | null = null;

/** The app's database, opened on first use. */
export function getDb(): WonderfulBooksDb {
  instance ??= new WonderfulBooksDb(DB_NAME);
  return instance;
}

/** Closes the connection; the next getDb() opens the database again. */
export function closeDb(): void {
  instance?.close();
  instance = null;
}

/**
 * Closes the connections and deletes this database and device-db.ts's: every key, licence, download and unsent change
 * of this browser, and the copies of their rows kept in localStorage.
 */
export async function deleteDb(): Promise<void> {
  closeDb();
  await closeRawAppDb();
  removeAllBrowserDeviceHints();
  forgetDownloadsHint();
  await Promise.all([Dexie.delete(DB_NAME), deleteDeviceDb()]);
}
