/**
 * The online reader's delivery path (docs/ARCHITECTURE.md#protected-content): the manifest of the current book version
 * (with the reader's active loan, never opening one: a GET has no side effects), encrypted chunks, the public preview,
 * search inside the book and the copy budget. There is deliberately no function here, or anywhere, that returns a
 * book's plaintext PDF: chunks are ciphertext and the preview is a separately generated PDF of the first pages.
 */
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { READER_MESSAGES, type TBookSearchHit, type TCopyBudget, type TReaderManifest } from '@shared/reader';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { bookChunks, loans, pdfAssets } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { findBook } from '../selections/entitlement-state';
import { searchBookPages } from './book-search';
import { getCurrentAsset, readChunk } from '../content-access/book-content';
import { getManifest, readPreview } from '../ingest/ingest.service';
import { getCopyBudget, recordCopyEvent } from './copy-budget.service';
import { assertCanRead } from './reader-access';

const statements = perConnection((db) => ({
  chunk: db
    .select({ sha256: bookChunks.sha256, size: bookChunks.size })
    .from(bookChunks)
    .where(
      and(
        eq(bookChunks.bookId, sql.placeholder('bookId')),
        eq(bookChunks.version, sql.placeholder('version')),
        eq(bookChunks.chunkIndex, sql.placeholder('index')),
      ),
    )
    .prepare(),
  chunkRun: db
    .select({ index: bookChunks.chunkIndex, sha256: bookChunks.sha256, size: bookChunks.size })
    .from(bookChunks)
    .where(
      and(
        eq(bookChunks.bookId, sql.placeholder('bookId')),
        eq(bookChunks.version, sql.placeholder('version')),
        between(bookChunks.chunkIndex, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .orderBy(asc(bookChunks.chunkIndex))
    .prepare(),
  assetVersion: db
    .select({ chunkCount: pdfAssets.chunkCount })
    .from(pdfAssets)
    .where(and(eq(pdfAssets.bookId, sql.placeholder('bookId')), eq(pdfAssets.version, sql.placeholder('version'))))
    .prepare(),
  activeLoan: db
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(
        eq(loans.userId, sql.placeholder('userId')),
        eq(loans.bookId, sql.placeholder('bookId')),
        eq(loans.status, 'active'),
      ),
    )
    .prepare(),
}));

const noContent = () => new AppError('no_content', 404, READER_MESSAGES.noContent);

/**
 * The manifest of the book's current version when the reader may read it (402 when the rules refuse,
 * 404 for an unknown book), with the reader's active loan id or null. Checks without writing: the
 * reader opens the loan with POST /api/loans (docs/ARCHITECTURE.md#security: no GET has side effects). A book without
 * content yet has it made first (the same content every reader gets, not a change of anyone's state).
 */
export async function openManifest(options: {
  deps: AppDeps;
  userId: string;
  bookRef: string;
}): Promise<TReaderManifest> {
  const { deps, userId, bookRef } = options;
  const book = assertCanRead({ db: deps.db, userId, bookRef, now: deps.now() });
  const manifest = await getManifest({ deps, bookId: book.id });
  const loan = statements(deps.db).activeLoan.get({ userId, bookId: book.id });
  return { ...manifest, loanId: loan?.id ?? null };
}

export interface TChunkInfo {
  sha256: string;
  size: number;
}

/**
 * The stored chunk's identity when the reader may read the book: 402/404 otherwise, 404 for a version
 * or index that does not exist. Cheap (memoised entitlement + one indexed row), so the route can answer
 * a conditional request before any bytes are read.
 */
export function findChunk(options: {
  db: Db;
  userId: string;
  bookId: string;
  version: number;
  index: number;
  now: Date;
}): TChunkInfo {
  const { db, userId, bookId, version, index, now } = options;
  assertCanRead({ db, userId, bookRef: bookId, now });
  const chunk = statements(db).chunk.get({ bookId, version, index });
  if (!chunk) {
    const asset = statements(db).assetVersion.get({ bookId, version });
    throw notFound(asset ? 'Chunk' : 'Book version');
  }
  return chunk;
}

/**
 * The identities of `count` consecutive chunks from `from` when the reader may read the book (the same
 * checks as findChunk): 404 when the version does not exist or the run goes past its last chunk.
 */
export function findChunkRun(options: {
  db: Db;
  userId: string;
  bookId: string;
  version: number;
  from: number;
  count: number;
  now: Date;
}): TChunkInfo[] {
  const { db, userId, bookId, version, from, count, now } = options;
  assertCanRead({ db, userId, bookRef: bookId, now });
  const chunks = statements(db).chunkRun.all({ bookId, version, from, to: from + count - 1 });
  if (chunks.length !== count) {
    const asset = statements(db).assetVersion.get({ bookId, version });
    throw notFound(asset ? 'Chunk' : 'Book version');
  }
  return chunks.map(({ sha256, size }) => ({ sha256, size }));
}

/** The ciphertexts of consecutive chunks, one after another (call findChunkRun first: it checks the reader's right). */
export async function readChunkRunBytes(options: {
  deps: AppDeps;
  bookId: string;
  version: number;
  from: number;
  chunks: TChunkInfo[];
}): Promise<Uint8Array<ArrayBuffer>> {
  const { deps, bookId, version, from, chunks } = options;
  const parts = await Promise.all(
    chunks.map((_, offset) => readChunkBytes({ deps, bookId, version, index: from + offset })),
  );
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let position = 0;
  parts.forEach((part, offset) => {
    if (part.byteLength !== chunks[offset].size) throw notFound('Chunk');
    out.set(part, position);
    position += part.byteLength;
  });
  return out;
}

/** The chunk's ciphertext exactly as stored (call findChunk first: it checks the reader's right). */
export async function readChunkBytes(options: {
  deps: AppDeps;
  bookId: string;
  version: number;
  index: number;
}): Promise<Uint8Array> {
  const bytes = await readChunk({
    deps: options.deps,
    bookId: options.bookId,
    version: options.version,
    index: options.index,
  });
  if (!bytes) throw notFound('Chunk');
  return bytes;
}

/** The public preview PDF of a published book (made on first request for a book without content). */
export async function readBookPreview(options: {
  deps: AppDeps;
  bookRef: string;
}): Promise<{ bytes: Uint8Array; slug: string }> {
  const { deps } = options;
  const book = findBook(deps.db, options.bookRef);
  const preview = await readPreview({ deps, bookId: book.id });
  if (!preview) throw noContent();
  return { bytes: preview, slug: book.slug };
}

function currentAssetOrThrow(db: Db, bookId: string) {
  const asset = getCurrentAsset({ db, bookId });
  if (!asset) throw noContent();
  return asset;
}

export function searchInBook(options: {
  db: Db;
  userId: string;
  bookId: string;
  q: string;
  now: Date;
}): TBookSearchHit[] {
  const { db, userId, bookId, q, now } = options;
  assertCanRead({ db, userId, bookRef: bookId, now });
  const asset = currentAssetOrThrow(db, bookId);
  return searchBookPages({ db, bookId, version: asset.version, q });
}

export function readCopyBudget(options: { db: Db; userId: string; bookId: string; now: Date }): TCopyBudget {
  const { db, userId, bookId, now } = options;
  assertCanRead({ db, userId, bookRef: bookId, now });
  const asset = currentAssetOrThrow(db, bookId);
  return getCopyBudget({ db, userId, bookId, totalCharacters: asset.totalCharacters });
}

export function addCopyEvent(options: {
  db: Db;
  userId: string;
  bookId: string;
  characters: number;
  now: Date;
}): TCopyBudget {
  const { db, userId, bookId, characters, now } = options;
  assertCanRead({ db, userId, bookRef: bookId, now });
  const asset = currentAssetOrThrow(db, bookId);
  return recordCopyEvent({ db, userId, bookId, totalCharacters: asset.totalCharacters, characters, now });
}
