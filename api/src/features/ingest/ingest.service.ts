/**
 * The one book ingestion pipeline (docs/ARCHITECTURE.md#protected-content), used by the admin upload route, the
 * `books:import` CLI, the demo seed and lazy generation. For a PDF it checks the bytes (magic,
 * size, pdf.js can read every page), then stores a new content version:
 *
 * 1. blobs first, under a fresh prefix `books/<bookId>/v<version>-<nonce>/`: the chunks of
 *    `chunk_size` bytes sealed with the version's new content key (content-crypto.ts), the preview
 *    PDF of the first `previewPageCount` pages, and the cover (given, or page 1 rendered);
 * 2. then one BEGIN IMMEDIATE transaction: the wrapped content key, the pdf_assets row, the
 *    book_chunks rows, the page texts (book_pages, indexed for search by triggers) and the books
 *    columns that point at the new version.
 * If anything fails the blobs of this attempt are deleted, so nothing is half-stored. The plaintext
 * PDF is never written anywhere. The same file again (sha256 of the current version) is a no-op;
 * a different file becomes version + 1 and older versions stay readable for existing licences.
 *
 * Concurrency: ingestions of one book run one at a time in this process; across processes the
 * transaction re-checks the version it encrypted for (it is in every chunk's associated data) and
 * the loser deletes its blobs and re-reads (the nonce keeps two processes' blobs apart).
 * In demo mode `ensureBookContent` gives books without a file one made by AppDeps.demoContent on first use,
 * single-flight.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, max, ne } from 'drizzle-orm';
import {
  CHUNK_TAG_BYTES,
  DEFAULT_CHUNK_SIZE,
  READER_MESSAGES,
  type TBookManifest,
  type TOpeningSegments,
  type TSegmentIvForm,
} from '@shared/reader';
import { INGEST_MESSAGES, MAX_COVER_BYTES, type TBookPdfUploadResult } from '@shared/ingest';
import type { TBookUploadStep } from '@shared/admin-books';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import { bookChunks, bookContentKeys, bookPages, bookPdfMap, books, pdfAssets, systemConfig } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { sniffImageFormat } from '../../lib/image-format';
import { buildManifest, getCurrentAsset, readAssetPreview, type TPdfAssetRow } from '../content-access/book-content';
import { contentKeyring, encryptChunk, generateContentKey, wrapContentKey } from '../content-access/content-crypto';
import { analysePdf, PdfReadError, type TOutlineEntry, type TPdfAnalysis } from './pdf-analysis';
import { recordOpeningSegments } from './opening-segments';
import { PreviewError } from './preview-error';
import { coverBlobKey, storedCoverHash, storedCoverUrl } from './stored-cover';

export type TIngestDeps = Pick<AppDeps, 'db' | 'env' | 'blobs' | 'logger' | 'now' | 'demoContent'>;
export const INGEST_SOURCES = ['upload', 'cli', 'seed', 'generated'] as const;
export type TIngestSource = (typeof INGEST_SOURCES)[number];

export interface TIngestBookPdfOptions {
  deps: TIngestDeps;
  bookId: string;
  pdf: Uint8Array;
  /** PNG, JPEG or WebP; when absent, page 1 is rendered (unless renderCover is false). */
  coverImage?: Uint8Array | null;
  source: TIngestSource;
  /** Render page 1 as the cover when none is given (default true); generated books keep their SVG cover. */
  renderCover?: boolean;
  /** Store only if the book has no content yet; otherwise answer with the current version (lazy generation). */
  onlyIfMissing?: boolean;
  /**
   * Store only while this is still the book's current version (re-cutting a stored version into the
   * configured segment size, resegment.ts): a version stored meanwhile wins and nothing happens.
   */
  replacesVersion?: number;
  /**
   * How the segments' IVs are made: 'counter' (the default, derived from the index: a compact manifest,
   * docs/decisions/022-compact-manifest.md) or 'listed' (random and listed per segment: the form of versions
   * ingested before, which tests and benchmarks still make to check that they keep opening).
   */
  segmentIvs?: TSegmentIvForm;
  /** Called as each step of the pipeline starts (the admin upload's progress, docs/product/back-office.md#books). */
  onStep?: (step: TBookUploadStep) => void;
}

export interface TIngestResult {
  asset: TPdfAssetRow;
  /** True when nothing new was stored (same file as the current version, or content appeared meanwhile). */
  unchanged: boolean;
}

const PDF_MAGIC = Buffer.from('%PDF-');
/** PDF readers accept a header anywhere in the first kilobyte (some writers put junk before it). */
const MAGIC_WINDOW = 1024;
const MIN_CHUNK_SIZE = 16 * 1024;
const MAX_CHUNK_SIZE = 16 * 1024 * 1024;
/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 200;
/** The catalogue shows a book's contents as one list; a PDF outline can be much longer. */
const MAX_TOC_ENTRIES = 100;
const MAX_VERSION_RACES = 3;
/** The outline's link to the printed contents page is not itself an entry of the contents. */
const CONTENTS_ENTRY = /^(table of )?contents\.?$/i;

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function isPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, MAGIC_WINDOW)).indexOf(PDF_MAGIC) !== -1;
}

function assertPdfBytes(pdf: Uint8Array, maxBytes: number): void {
  if (pdf.length > maxBytes) {
    throw new AppError('pdf_too_large', 413, INGEST_MESSAGES.tooLarge(maxBytes), [
      { field: 'file', message: INGEST_MESSAGES.tooLarge(maxBytes) },
    ]);
  }
  if (!isPdfHeader(pdf))
    throw new AppError('not_a_pdf', 422, INGEST_MESSAGES.notPdf, [{ field: 'file', message: INGEST_MESSAGES.notPdf }]);
}

function checkCover(bytes: Uint8Array): Uint8Array {
  if (bytes.length > MAX_COVER_BYTES) {
    throw new AppError('cover_too_large', 413, INGEST_MESSAGES.coverTooLarge, [
      { field: 'cover', message: INGEST_MESSAGES.coverTooLarge },
    ]);
  }
  if (!sniffImageFormat(bytes)) {
    throw new AppError('cover_wrong_type', 422, INGEST_MESSAGES.coverWrongType, [
      { field: 'cover', message: INGEST_MESSAGES.coverWrongType },
    ]);
  }
  return bytes;
}

const unreadable = (reason: string) =>
  new AppError('pdf_unreadable', 422, INGEST_MESSAGES.unreadable(reason), [
    { field: 'file', message: INGEST_MESSAGES.unreadable(reason) },
  ]);

async function analyse(pdf: Uint8Array, renderCover: boolean): Promise<TPdfAnalysis> {
  try {
    const analysis = await analysePdf(pdf, { renderCover });
    if (analysis.pageCount < 1)
      throw new AppError('pdf_no_pages', 422, INGEST_MESSAGES.noPages, [
        { field: 'file', message: INGEST_MESSAGES.noPages },
      ]);
    return analysis;
  } catch (error) {
    if (error instanceof PdfReadError) {
      if (error.reason === 'password') {
        throw new AppError('pdf_password', 422, INGEST_MESSAGES.passwordProtected, [
          { field: 'file', message: INGEST_MESSAGES.passwordProtected },
        ]);
      }
      throw unreadable(error.message);
    }
    throw error;
  }
}

async function preview(
  pdf: Uint8Array,
  pageCount: number,
  meta: { title: string; author: string },
): Promise<Uint8Array> {
  try {
    // pdf-lib loads on first use, like pdf.js, so a server that never ingests does not pay for it.
    const { makePreviewPdf } = await import('./preview');
    return await makePreviewPdf(pdf, pageCount, meta);
  } catch (error) {
    if (error instanceof PreviewError) {
      if (error.reason === 'encrypted')
        throw new AppError('pdf_encrypted', 422, INGEST_MESSAGES.encrypted, [
          { field: 'file', message: INGEST_MESSAGES.encrypted },
        ]);
      throw unreadable(error.message);
    }
    throw error;
  }
}

/** system_config chunk_size when it is a sane number, else the default (DEFAULT_CHUNK_SIZE, 16 KiB). */
export function configuredChunkSize(db: Db): number {
  const raw = db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, 'chunk_size'))
    .get()?.value;
  const value = Number(raw);
  return Number.isInteger(value) && value >= MIN_CHUNK_SIZE && value <= MAX_CHUNK_SIZE ? value : DEFAULT_CHUNK_SIZE;
}

/** Top two outline levels, as the catalogue's contents list. */
function tableOfContentsFrom(outline: TOutlineEntry[]): string[] {
  return outline
    .filter((entry) => entry.level <= 2 && !CONTENTS_ENTRY.test(entry.title))
    .map((entry) => entry.title.slice(0, 200))
    .slice(0, MAX_TOC_ENTRIES);
}

const latestVersion = (db: Db, bookId: string) =>
  db
    .select({ latest: max(pdfAssets.version) })
    .from(pdfAssets)
    .where(eq(pdfAssets.bookId, bookId))
    .get()?.latest ?? 0;

function loadBook(db: Db, bookId: string) {
  const book = db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      previewPageCount: books.previewPageCount,
      coverImageUrl: books.coverImageUrl,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .get();
  if (!book) throw notFound('Book');
  return book;
}

/**
 * What the reader fetches with the first segment to open the book at page 1 (opening-segments.ts). Only a way to
 * save a round trip: a file pdf.js has already read in full but cannot read this way is stored without it.
 */
export async function openingSegmentsOf(
  deps: Pick<TIngestDeps, 'logger'>,
  bookId: string,
  pdf: Uint8Array,
  chunkSize: number,
): Promise<TOpeningSegments | null> {
  try {
    return await recordOpeningSegments(pdf, chunkSize);
  } catch (error) {
    deps.logger.warn({ err: error, bookId }, 'could not record the segments that open the book');
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// One ingestion per book at a time in this process.

const bookQueues = new WeakMap<Db, Map<string, Promise<unknown>>>();

function withBookLock<T>(db: Db, bookId: string, task: () => Promise<T>): Promise<T> {
  let queues = bookQueues.get(db);
  if (!queues) {
    queues = new Map();
    bookQueues.set(db, queues);
  }
  const previous = queues.get(bookId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(bookId, settled);
  void settled.then(() => {
    if (queues.get(bookId) === settled) queues.delete(bookId);
  });
  return run;
}

// ---------------------------------------------------------------------------------------------
// Blobs of one attempt.

interface TStoredBlobs {
  prefix: string;
  keys: string[];
  chunkRows: (typeof bookChunks.$inferInsert)[];
  previewKey: string | null;
  /** Set when this attempt wrote the cover blob (and so must delete it on failure). */
  coverKeyWritten: string | null;
}

async function deleteBlobs(deps: TIngestDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.blobs.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a blob of a failed ingestion');
    }
  }
}

async function storeBlobs(
  deps: TIngestDeps,
  input: {
    bookId: string;
    version: number;
    pdf: Uint8Array;
    contentKey: Buffer;
    chunkSize: number;
    segmentIvs: TSegmentIvForm;
    previewPdf: Uint8Array | null;
    cover: { key: string; bytes: Uint8Array } | null;
  },
): Promise<TStoredBlobs> {
  const prefix = `books/${input.bookId}/v${input.version}-${randomBytes(4).toString('hex')}`;
  const stored: TStoredBlobs = { prefix, keys: [], chunkRows: [], previewKey: null, coverKeyWritten: null };
  try {
    const chunkCount = Math.ceil(input.pdf.length / input.chunkSize);
    // One output buffer for every chunk: put() has finished with the bytes when it resolves.
    const output = Buffer.allocUnsafe(Math.min(input.chunkSize, input.pdf.length) + CHUNK_TAG_BYTES);
    for (let index = 0; index < chunkCount; index += 1) {
      const plaintext = input.pdf.subarray(index * input.chunkSize, (index + 1) * input.chunkSize);
      const { iv, ciphertext } = encryptChunk(
        input.contentKey,
        plaintext,
        { bookId: input.bookId, version: input.version, index },
        { into: output, ivForm: input.segmentIvs },
      );
      const storageKey = `${prefix}/chunk-${index}`;
      stored.keys.push(storageKey);
      await deps.blobs.put(storageKey, ciphertext);
      stored.chunkRows.push({
        bookId: input.bookId,
        version: input.version,
        chunkIndex: index,
        storageKey,
        iv: iv.toString('base64url'),
        size: ciphertext.length,
        sha256: sha256Hex(ciphertext),
      });
    }
    if (input.previewPdf) {
      stored.previewKey = `${prefix}/preview.pdf`;
      stored.keys.push(stored.previewKey);
      await deps.blobs.put(stored.previewKey, input.previewPdf);
    }
    if (input.cover && !(await deps.blobs.exists(input.cover.key))) {
      stored.coverKeyWritten = input.cover.key;
      stored.keys.push(input.cover.key);
      await deps.blobs.put(input.cover.key, input.cover.bytes);
    }
    return stored;
  } catch (error) {
    await deleteBlobs(deps, stored.keys);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------

/** Whether a stored version is cut into `chunkSize` segments with IVs of the `segmentIvs` form. */
export function isCutAs(
  asset: Pick<TPdfAssetRow, 'chunkSize' | 'segmentIvs'>,
  form: { chunkSize: number; segmentIvs: TSegmentIvForm },
): boolean {
  return asset.chunkSize === form.chunkSize && asset.segmentIvs === form.segmentIvs;
}

export function ingestBookPdf(options: TIngestBookPdfOptions): Promise<TIngestResult> {
  return withBookLock(options.deps.db, options.bookId, () => ingestLocked(options));
}

async function ingestLocked(options: TIngestBookPdfOptions): Promise<TIngestResult> {
  const { deps, bookId, pdf } = options;
  const started = performance.now();
  options.onStep?.('checks');
  const book = loadBook(deps.db, bookId);
  assertPdfBytes(pdf, deps.env.MAX_PDF_BYTES);
  const givenCover = options.coverImage ? checkCover(options.coverImage) : null;
  const sha256 = sha256Hex(pdf);

  const chunkSize = configuredChunkSize(deps.db);
  const current = getCurrentAsset({ db: deps.db, bookId });
  if (options.replacesVersion !== undefined && current?.version !== options.replacesVersion) {
    if (!current) throw notFound('Book version');
    return { asset: current, unchanged: true };
  }
  // The same file is a new version only when its stored version is cut or sealed another way.
  const segmentIvs = options.segmentIvs ?? 'counter';
  const isSameContent = current !== null && current.sha256 === sha256 && isCutAs(current, { chunkSize, segmentIvs });
  if (current && (isSameContent || options.onlyIfMissing)) {
    if (givenCover && current.sha256 === sha256) await replaceCover(deps, book, givenCover);
    return { asset: current, unchanged: true };
  }

  options.onStep?.('text');
  const analysis = await analyse(pdf, !givenCover && options.renderCover !== false);
  const openingSegments = await openingSegmentsOf(deps, bookId, pdf, chunkSize);
  const previewPageCount = Math.min(Math.max(0, book.previewPageCount), analysis.pageCount);
  options.onStep?.('preview');
  const previewPdf = previewPageCount > 0 ? await preview(pdf, previewPageCount, book) : null;
  const coverBytes = givenCover ?? analysis.cover;
  const coverHash = coverBytes ? sha256Hex(coverBytes).slice(0, 16) : null;
  const cover = coverBytes && coverHash ? { key: coverBlobKey(bookId, coverHash), bytes: coverBytes } : null;
  const keyring = contentKeyring(deps.env);
  const tableOfContents = tableOfContentsFrom(analysis.outline);

  options.onStep?.('encryption');
  for (let attempt = 1; ; attempt += 1) {
    const version = latestVersion(deps.db, bookId) + 1;
    const contentKey = generateContentKey();
    const wrapped = wrapContentKey(keyring.current, contentKey, { bookId, version });
    let stored: TStoredBlobs;
    try {
      stored = await storeBlobs(deps, {
        bookId,
        version,
        pdf,
        contentKey,
        chunkSize,
        segmentIvs,
        previewPdf,
        cover,
      });
    } finally {
      // The plaintext key lives only while its chunks are sealed; the wrapped copy goes to the database.
      contentKey.fill(0);
    }
    let outcome: { asset: TPdfAssetRow; previousCoverUrl: string | null } | null;
    try {
      outcome = immediateTransaction(deps.db, () => {
        const row = deps.db
          .select({ contentVersion: books.contentVersion, coverImageUrl: books.coverImageUrl })
          .from(books)
          .where(eq(books.id, bookId))
          .get();
        if (!row) throw notFound('Book');
        // Another process stored a version meanwhile: our chunks are sealed for the wrong version.
        if (latestVersion(deps.db, bookId) !== version - 1) return null;
        if (options.onlyIfMissing && row.contentVersion !== null) return null;
        if (options.replacesVersion !== undefined && row.contentVersion !== options.replacesVersion) return null;
        deps.db
          .insert(bookContentKeys)
          .values({ bookId, version, ...wrapped })
          .run();
        const asset = deps.db
          .insert(pdfAssets)
          .values({
            bookId,
            version,
            storageKey: stored.prefix,
            sha256,
            sizeBytes: pdf.length,
            pageCount: analysis.pageCount,
            chunkSize,
            chunkCount: stored.chunkRows.length,
            segmentIvs,
            openingSegments,
            totalCharacters: analysis.totalCharacters,
            previewStorageKey: stored.previewKey,
            previewPageCount,
            encryptionKeyId: wrapped.encryptionKeyId,
          })
          .returning()
          .get();
        for (let start = 0; start < stored.chunkRows.length; start += ROWS_PER_INSERT) {
          deps.db
            .insert(bookChunks)
            .values(stored.chunkRows.slice(start, start + ROWS_PER_INSERT))
            .run();
        }
        // Search inside the book follows the current version only.
        deps.db
          .delete(bookPages)
          .where(and(eq(bookPages.bookId, bookId), ne(bookPages.version, version)))
          .run();
        const pages = analysis.pageTexts.map((text, index) => ({ bookId, version, pageNumber: index + 1, text }));
        for (let start = 0; start < pages.length; start += ROWS_PER_INSERT) {
          deps.db
            .insert(bookPages)
            .values(pages.slice(start, start + ROWS_PER_INSERT))
            .run();
        }
        deps.db
          .update(books)
          .set({
            contentVersion: version,
            pdfAssetId: asset.id,
            pdfStorageKey: stored.prefix,
            sha256,
            fileSize: pdf.length,
            chunkSize,
            chunkCount: stored.chunkRows.length,
            pageCount: analysis.pageCount,
            encryptionKeyId: wrapped.encryptionKeyId,
            ...(tableOfContents.length > 0 ? { tableOfContents } : {}),
            ...(coverHash ? { coverImageUrl: storedCoverUrl(bookId, coverHash) } : {}),
            updatedAt: deps.now(),
          })
          .where(eq(books.id, bookId))
          .run();
        return { asset, previousCoverUrl: row.coverImageUrl };
      });
    } catch (error) {
      await deleteBlobs(deps, stored.keys);
      throw error;
    }

    if (outcome) {
      if (coverHash) await deleteReplacedCover(deps, bookId, outcome.previousCoverUrl, coverHash);
      deps.logger.info(
        {
          bookId,
          version,
          source: options.source,
          pages: analysis.pageCount,
          chunks: stored.chunkRows.length,
          bytes: pdf.length,
          durationMs: Math.round(performance.now() - started),
        },
        'book PDF ingested',
      );
      return { asset: outcome.asset, unchanged: false };
    }

    await deleteBlobs(deps, stored.keys);
    const now = getCurrentAsset({ db: deps.db, bookId });
    if (now && ((now.sha256 === sha256 && isCutAs(now, { chunkSize, segmentIvs })) || options.onlyIfMissing))
      return { asset: now, unchanged: true };
    if (now && options.replacesVersion !== undefined && now.version !== options.replacesVersion)
      return { asset: now, unchanged: true };
    if (attempt >= MAX_VERSION_RACES) {
      throw new AppError('ingest_conflict', 409, 'The book changed while its PDF was being stored. Please try again.');
    }
  }
}

/** Same PDF, new cover: only the cover changes (the content version stays). */
async function replaceCover(
  deps: TIngestDeps,
  book: { id: string; coverImageUrl: string | null },
  bytes: Uint8Array,
): Promise<void> {
  const hash = sha256Hex(bytes).slice(0, 16);
  if (storedCoverHash(book.id, book.coverImageUrl) === hash) return;
  await deps.blobs.put(coverBlobKey(book.id, hash), bytes);
  deps.db
    .update(books)
    .set({ coverImageUrl: storedCoverUrl(book.id, hash), updatedAt: deps.now() })
    .where(eq(books.id, book.id))
    .run();
  await deleteReplacedCover(deps, book.id, book.coverImageUrl, hash);
}

async function deleteReplacedCover(
  deps: TIngestDeps,
  bookId: string,
  previousUrl: string | null,
  currentHash: string,
): Promise<void> {
  const previous = storedCoverHash(bookId, previousUrl);
  if (previous && previous !== currentHash) await deleteBlobs(deps, [coverBlobKey(bookId, previous)]);
}

// ---------------------------------------------------------------------------------------------
// Books without a file of their own.

const inflight = new WeakMap<Db, Map<string, Promise<TPdfAssetRow>>>();

/** Records where a book's PDF came from (book_pdf_map: slug → source path). */
export function recordPdfSource(db: Db, slug: string, pdfPath: string, now: Date): void {
  db.insert(bookPdfMap)
    .values({ slug, pdfPath })
    .onConflictDoUpdate({ target: bookPdfMap.slug, set: { pdfPath, updatedAt: now } })
    .run();
}

async function generateContent(deps: TIngestDeps, bookId: string): Promise<TPdfAssetRow> {
  const book = deps.db.select().from(books).where(eq(books.id, bookId)).get();
  if (!book) throw notFound('Book');
  // Only the demo catalogue is made up; outside demo mode a book without a file is not readable yet.
  if (!deps.demoContent) throw new AppError('no_content', 404, READER_MESSAGES.noContent);
  const made = await deps.demoContent.pdfFor(book);
  const result = await ingestBookPdf({
    deps,
    bookId,
    pdf: made.pdf,
    source: made.source,
    renderCover: made.renderCover,
    onlyIfMissing: true,
  });
  if (made.recordAs) recordPdfSource(deps.db, book.slug, made.recordAs, deps.now());
  return result.asset;
}

/**
 * The book's current content; in demo mode a book without any (the generated catalogue, or one of
 * the 16 real books not typeset yet) gets its PDF made and ingested on first use; otherwise such a
 * book answers 404 "not available for reading yet". Concurrent callers share one generation; another process doing the same
 * at the same time is resolved in the transaction (onlyIfMissing), and everyone reads the winner.
 */
export async function ensureBookContent({
  deps,
  bookId,
}: {
  deps: TIngestDeps;
  bookId: string;
}): Promise<TPdfAssetRow> {
  const existing = getCurrentAsset({ db: deps.db, bookId });
  if (existing) return existing;
  let flights = inflight.get(deps.db);
  if (!flights) {
    flights = new Map();
    inflight.set(deps.db, flights);
  }
  let flight = flights.get(bookId);
  if (!flight) {
    flight = generateContent(deps, bookId).finally(() => flights.delete(bookId));
    flights.set(bookId, flight);
  }
  return flight;
}

export async function getManifest({ deps, bookId }: { deps: TIngestDeps; bookId: string }): Promise<TBookManifest> {
  return buildManifest(deps.db, await ensureBookContent({ deps, bookId }));
}

/** The preview PDF of the book's current version (generated first when the book has no content yet). */
export async function readPreview({
  deps,
  bookId,
}: {
  deps: TIngestDeps;
  bookId: string;
}): Promise<Uint8Array<ArrayBuffer> | null> {
  return readAssetPreview(deps, await ensureBookContent({ deps, bookId }));
}

// ---------------------------------------------------------------------------------------------
// Admin upload.

export interface TUploadBookPdfOptions {
  bookId: string;
  pdf: Uint8Array;
  coverImage?: Uint8Array | null;
  onStep?: (step: TBookUploadStep) => void;
  actor: { userId: string; sessionId: string | null; ipAddress: string | null; userAgent: string | null };
}

/** POST /api/admin/books/:id/pdf: ingests the file and records the outcome (success or refusal) in the audit log. */
export async function uploadBookPdf(deps: TIngestDeps, options: TUploadBookPdfOptions): Promise<TBookPdfUploadResult> {
  const { actor } = options;
  const audit = {
    resource: 'book',
    resourceId: options.bookId,
    userId: actor.userId,
    sessionId: actor.sessionId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
  };
  try {
    const { asset, unchanged } = await ingestBookPdf({
      deps,
      bookId: options.bookId,
      pdf: options.pdf,
      coverImage: options.coverImage,
      source: 'upload',
      onStep: options.onStep,
    });
    const result: TBookPdfUploadResult = {
      bookId: options.bookId,
      version: asset.version,
      pageCount: asset.pageCount,
      chunkCount: asset.chunkCount,
      sha256: asset.sha256,
      sizeBytes: asset.sizeBytes,
      unchanged,
    };
    recordAudit(deps, {
      ...audit,
      action: 'book.pdf.upload',
      details: {
        version: asset.version,
        sha256: asset.sha256,
        pageCount: asset.pageCount,
        unchanged,
        coverGiven: Boolean(options.coverImage),
      },
    });
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status !== 404) {
      recordAudit(deps, {
        ...audit,
        action: 'book.pdf.upload',
        status: 'failure',
        severity: 'warning',
        details: { code: error.code, sizeBytes: options.pdf.length },
      });
    }
    throw error;
  }
}

/** PUT /api/admin/books/:id/cover: replaces the book's cover with an uploaded image (PNG, JPEG or WebP), audited. */
export async function uploadBookCover(
  deps: TIngestDeps,
  options: { bookId: string; cover: Uint8Array; actor: TUploadBookPdfOptions['actor'] },
): Promise<{ coverImageUrl: string | null }> {
  const book = loadBook(deps.db, options.bookId);
  await replaceCover(deps, book, checkCover(options.cover));
  recordAudit(deps, {
    action: 'book.cover.upload',
    resource: 'book',
    resourceId: book.id,
    userId: options.actor.userId,
    sessionId: options.actor.sessionId,
    ipAddress: options.actor.ipAddress,
    userAgent: options.actor.userAgent,
    details: { sizeBytes: options.cover.length },
  });
  const row = deps.db.select({ coverImageUrl: books.coverImageUrl }).from(books).where(eq(books.id, book.id)).get();
  return { coverImageUrl: row?.coverImageUrl ?? null };
}
