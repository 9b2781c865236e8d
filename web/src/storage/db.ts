/**
 * The browser's IndexedDB database (Dexie), the only place the app keeps data on the device
 * (all IndexedDB access lives in web/src/storage: docs/ARCHITECTURE.md#layers-and-import-rules). What it holds:
 * - deviceKeys: this browser's device key pair (ECDH P-256; RSA-OAEP if made before decision 023) as CryptoKeys whose
 *   private half is non-extractable (written once by crypto/device-key);
 * - browserDevices: the server's device id for this browser's key, per signed-in user;
 * - licences: signed licences (compact JWS) the reader and offline mode use; never a raw content key;
 * - manifests and chunks: ciphertext of downloaded books (plaintext is never written here);
 * - trustedTime: the monotonic high-water mark of server time (clock-rollback defence);
 * - outbox: changes made on this device (position, bookmarks, events, copies) waiting for the server;
 * - meta: small key/value state such as the hybrid logical clock;
 * - reviewDecks: the reader's review cards, their highlights and review log as the server last sent
 *   them (review-deck.ts), so a review session works offline; reviews made here wait in the outbox.
 * Bump the version and add an upgrade step when a table changes shape; never edit a released version.
 */
import Dexie, { type EntityTable } from 'dexie';
import { removeAllBrowserDeviceHints } from './device-hint';
import { forgetDownloadsHint } from './download-hint';
import type { TReviewDeck } from '@shared/highlights';
import type { TBookManifest, TLicenseKind } from '@shared/reader';

export interface TStoredDeviceKey {
  /** Always 'browser': one key pair per browser profile. */
  id: 'browser';
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JsonWebKey;
  /** RFC 7638 thumbprint of publicJwk. */
  thumbprint: string;
  createdAt: number;
}

export interface TStoredBrowserDevice {
  /** Signed-in user the server device row belongs to. */
  userId: string;
  deviceId: string;
  thumbprint: string;
  offlineRegistered: boolean;
}

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

export interface TTrustedTime {
  id: 'clock';
  /** Highest server time (epoch ms) seen, adjusted by elapsed local time. */
  highWaterMs: number;
  /** Local Date.now() when highWaterMs was recorded. */
  recordedAtLocalMs: number;
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
  deviceKeys!: EntityTable<TStoredDeviceKey, 'id'>;
  browserDevices!: EntityTable<TStoredBrowserDevice, 'userId'>;
  licences!: EntityTable<TStoredLicense, 'id'>;
  manifests!: Dexie.Table<TStoredManifest, [string, number]>;
  chunks!: Dexie.Table<TStoredChunk, [string, number, number]>;
  trustedTime!: EntityTable<TTrustedTime, 'id'>;
  outbox!: EntityTable<TOutboxEntry, 'id'>;
  meta!: EntityTable<TMetaEntry, 'key'>;
  reviewDecks!: EntityTable<TStoredReviewDeck, 'userId'>;

  constructor(name: string) {
    super(name);
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

const DB_NAME = 'wonderful-books';

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

/** Closes the connection and deletes the database: every key, licence, download and unsent change of this browser. */
/** Deletes the database, and the copies of its rows kept in localStorage. */
export async function deleteDb(): Promise<void> {
  closeDb();
  removeAllBrowserDeviceHints();
  forgetDownloadsHint();
  await Dexie.delete(DB_NAME);
}
