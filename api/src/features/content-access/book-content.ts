/**
 * The one way to read stored book content (docs/ARCHITECTURE.md#protected-content): a version's pdf_assets row, its
 * manifest, encrypted chunks (through a byte-bounded LRU, since the chunk endpoint is the hot path), the unwrapped
 * content key of a version and the preview PDF. The reader, licences and ingestion import it directly. Nothing here
 * ever returns plaintext book bytes; the preview is a separate, public document.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CHUNK_CIPHER, CHUNK_TAG_BYTES, type TBookManifest } from '@shared/reader';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { bookChunks, bookContentKeys, books, pdfAssets } from '../../db/schema';
import type { BlobStore } from '../../adapters/blobs/blob-store';
import { AppError } from '../../lib/app-error';
import { ChunkCache } from './chunk-cache';
import { contentKeyring, unwrapContentKey } from './content-crypto';

export type TPdfAssetRow = typeof pdfAssets.$inferSelect;
export type TContentDeps = Pick<AppDeps, 'db' | 'env' | 'blobs' | 'logger'>;

/** Ciphertext kept in memory per blob store: enough for the hot chunks of dozens of open books. */
export const CHUNK_CACHE_BYTES = 64 * 1024 * 1024;

const statements = perConnection((db) => ({
  currentAsset: db
    .select({ asset: pdfAssets })
    .from(books)
    .innerJoin(pdfAssets, and(eq(pdfAssets.bookId, books.id), eq(pdfAssets.version, books.contentVersion)))
    .where(eq(books.id, sql.placeholder('bookId')))
    .prepare(),
  chunk: db
    .select({ storageKey: bookChunks.storageKey, encryptedData: bookChunks.encryptedData })
    .from(bookChunks)
    .where(
      and(
        eq(bookChunks.bookId, sql.placeholder('bookId')),
        eq(bookChunks.version, sql.placeholder('version')),
        eq(bookChunks.chunkIndex, sql.placeholder('index')),
      ),
    )
    .prepare(),
  // Every licence unwraps its version's key: building and preparing this query per call cost more than running it.
  contentKey: db
    .select()
    .from(bookContentKeys)
    .where(
      and(
        eq(bookContentKeys.bookId, sql.placeholder('bookId')),
        eq(bookContentKeys.version, sql.placeholder('version')),
      ),
    )
    .prepare(),
}));

const chunkCaches = new WeakMap<BlobStore, ChunkCache>();

/** The chunk cache of one blob store (exported for tests and the benchmark). */
export function chunkCacheFor(blobs: BlobStore): ChunkCache {
  let cache = chunkCaches.get(blobs);
  if (!cache) {
    cache = new ChunkCache(CHUNK_CACHE_BYTES);
    chunkCaches.set(blobs, cache);
  }
  return cache;
}

/** The book's current content version, or null when it has none yet (or the book does not exist). */
export function getCurrentAsset({ db, bookId }: { db: Db; bookId: string }): TPdfAssetRow | null {
  return statements(db).currentAsset.get({ bookId })?.asset ?? null;
}

export function getAsset({ db, bookId, version }: { db: Db; bookId: string; version: number }): TPdfAssetRow | null {
  return (
    db
      .select()
      .from(pdfAssets)
      .where(and(eq(pdfAssets.bookId, bookId), eq(pdfAssets.version, version)))
      .get() ?? null
  );
}

/**
 * The manifest of an asset. A `counter` version's manifest is the same few fields whatever the book's size
 * (offsets and sizes follow from the chunk size, IVs from the index: docs/decisions/022-compact-manifest.md);
 * a `listed` version's also lists each chunk's IV and sha256 from its rows.
 */
export function buildManifest(db: Db, asset: TPdfAssetRow): TBookManifest {
  if (!asset.bookId) throw new AppError('no_content', 404, 'This book is not available for reading yet.');
  const book = db.select({ slug: books.slug, title: books.title }).from(books).where(eq(books.id, asset.bookId)).get();
  if (!book) throw new AppError('not_found', 404, 'Book not found');
  const fields = {
    bookId: asset.bookId,
    slug: book.slug,
    title: book.title,
    version: asset.version,
    size: asset.sizeBytes,
    sha256: asset.sha256,
    pageCount: asset.pageCount,
    chunkSize: asset.chunkSize,
    chunkCount: asset.chunkCount,
    cipher: CHUNK_CIPHER,
    ...(asset.openingSegments ? { openingSegments: asset.openingSegments } : {}),
  };
  if (asset.segmentIvs === 'counter') return { ...fields, segmentIvs: 'counter' };
  const rows = db
    .select({ index: bookChunks.chunkIndex, size: bookChunks.size, iv: bookChunks.iv, sha256: bookChunks.sha256 })
    .from(bookChunks)
    .where(and(eq(bookChunks.bookId, asset.bookId), eq(bookChunks.version, asset.version)))
    .orderBy(asc(bookChunks.chunkIndex))
    .all();
  return {
    ...fields,
    segmentIvs: 'listed',
    chunks: rows.map((row) => ({
      index: row.index,
      offset: row.index * asset.chunkSize,
      plainSize: row.size - CHUNK_TAG_BYTES,
      size: row.size,
      iv: row.iv,
      sha256: row.sha256,
    })),
  };
}

/**
 * The ciphertext of one chunk (GCM tag appended), or null when the book, version or index does not
 * exist. The returned bytes are shared with the cache: callers must not modify them.
 */
export async function readChunk({
  deps,
  bookId,
  version,
  index,
}: {
  deps: TContentDeps;
  bookId: string;
  version: number;
  index: number;
}): Promise<Uint8Array<ArrayBuffer> | null> {
  return chunkCacheFor(deps.blobs).getOrLoad(`${bookId}|${version}|${index}`, async () => {
    const row = statements(deps.db).chunk.get({ bookId, version, index });
    if (!row) return null;
    if (row.encryptedData) return new Uint8Array(row.encryptedData);
    const bytes = row.storageKey ? await deps.blobs.get(row.storageKey) : null;
    if (!bytes)
      deps.logger.error(
        { bookId, version, index, storageKey: row.storageKey },
        'an encrypted chunk is missing from the blob store',
      );
    return bytes;
  });
}

/** The unwrapped AES-256 content key of a book version; only ever used to wrap it to a device key. */
export async function getContentKey({
  deps,
  bookId,
  version,
}: {
  deps: Pick<AppDeps, 'db' | 'env'>;
  bookId: string;
  version: number;
}): Promise<Buffer> {
  const row = statements(deps.db).contentKey.get({ bookId, version });
  if (!row) throw new AppError('no_content', 404, 'This book is not available for reading yet.');
  return unwrapContentKey(contentKeyring(deps.env), row);
}

/** The stored preview PDF of an asset, or null when it has none. */
export async function readAssetPreview(
  deps: Pick<AppDeps, 'blobs'>,
  asset: TPdfAssetRow,
): Promise<Uint8Array<ArrayBuffer> | null> {
  return asset.previewStorageKey ? deps.blobs.get(asset.previewStorageKey) : null;
}
