/**
 * Re-cutting stored books into the configured segment size (docs/decisions/016-small-segments-and-range-reading.md)
 * and IV form (docs/decisions/022-compact-manifest.md): a book whose current version was cut into segments of
 * another size (the 1 MiB chunks or 64 KiB segments of books ingested before) or sealed with listed random IVs
 * (versions ingested before the compact manifest) is decrypted here, in memory, from its own stored chunks, checked against the
 * version's sha256, and ingested again as the next version through the one pipeline (ingest.service.ts).
 * The older version stays stored and readable by its ?v= for licences and offline copies already issued,
 * until they are renewed onto the new version. The plaintext is never written anywhere.
 *
 * Used by `npm run books:resegment` (resegment-cli.ts) and by the demo seed job (jobs/demo-book-pdfs.ts).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { manifestSegment } from '@shared/reader';
import { books, pdfAssets } from '../../db/schema';
import {
  buildManifest,
  getCurrentAsset,
  getContentKey,
  readChunk,
  type TPdfAssetRow,
} from '../content-access/book-content';
import { ContentCryptoError, decryptChunk } from '../content-access/content-crypto';
import {
  configuredChunkSize,
  ingestBookPdf,
  isCutAs,
  openingSegmentsOf,
  type TIngestDeps,
  type TIngestSource,
} from './ingest.service';

export interface TResegmentReport {
  bookId: string;
  slug: string;
  outcome: 'resegmented' | 'unchanged' | 'failed';
  fromVersion: number;
  toVersion?: number;
  fromChunkSize: number;
  toChunkSize?: number;
  error?: string;
}

/** The plaintext PDF of a stored version, decrypted from its chunks; throws when any chunk or the whole fails its check. */
export async function decryptStoredVersion(deps: TIngestDeps, asset: TPdfAssetRow): Promise<Uint8Array> {
  const bookId = asset.bookId;
  if (!bookId) throw new ContentCryptoError('The version belongs to no book');
  const manifest = buildManifest(deps.db, asset);
  if (manifest.chunks && manifest.chunks.length !== asset.chunkCount)
    throw new ContentCryptoError('Chunks of the version are missing');
  const contentKey = await getContentKey({ deps, bookId, version: asset.version });
  try {
    const pdf = new Uint8Array(asset.sizeBytes);
    for (let index = 0; index < asset.chunkCount; index += 1) {
      const chunk = manifestSegment(manifest, index);
      const ciphertext = await readChunk({ deps, bookId, version: asset.version, index });
      if (!ciphertext) throw new ContentCryptoError(`Chunk ${index} is missing from the blob store`);
      const iv = typeof chunk.iv === 'string' ? Buffer.from(chunk.iv, 'base64url') : chunk.iv;
      const plaintext = decryptChunk(contentKey, { iv, ciphertext }, { bookId, version: asset.version, index });
      if (chunk.offset + plaintext.length > pdf.length) throw new ContentCryptoError('The chunks exceed the file size');
      pdf.set(plaintext, chunk.offset);
      plaintext.fill(0);
    }
    if (createHash('sha256').update(pdf).digest('hex') !== asset.sha256)
      throw new ContentCryptoError('The decrypted chunks do not match the version sha256');
    return pdf;
  } finally {
    contentKey.fill(0);
  }
}

/** Re-cuts one book's current version when its segment size or IV form is not the current one. */
export async function resegmentBook(
  deps: TIngestDeps,
  bookId: string,
  source: TIngestSource,
): Promise<Omit<TResegmentReport, 'slug'> | null> {
  const current = getCurrentAsset({ db: deps.db, bookId });
  const chunkSize = configuredChunkSize(deps.db);
  if (!current || isCutAs(current, { chunkSize, segmentIvs: 'counter' })) return null;
  const pdf = await decryptStoredVersion(deps, current);
  try {
    const { asset, unchanged } = await ingestBookPdf({
      deps,
      bookId,
      pdf,
      source,
      // The cover, the contents list and everything else but the content version stay as they are.
      renderCover: false,
      replacesVersion: current.version,
    });
    return {
      bookId,
      outcome: unchanged ? 'unchanged' : 'resegmented',
      fromVersion: current.version,
      toVersion: asset.version,
      fromChunkSize: current.chunkSize,
      toChunkSize: asset.chunkSize,
    };
  } finally {
    pdf.fill(0);
  }
}

/**
 * Books whose current version is cut into segments of another size than the configured one, or whose
 * segment IVs are listed rather than counted (docs/decisions/022-compact-manifest.md), smallest first.
 */
export function listBooksToResegment(deps: Pick<TIngestDeps, 'db'>): { bookId: string; slug: string }[] {
  const chunkSize = configuredChunkSize(deps.db);
  return deps.db
    .select({ bookId: books.id, slug: books.slug })
    .from(books)
    .innerJoin(pdfAssets, and(eq(pdfAssets.bookId, books.id), eq(pdfAssets.version, books.contentVersion)))
    .where(or(ne(pdfAssets.chunkSize, chunkSize), ne(pdfAssets.segmentIvs, 'counter')))
    .orderBy(asc(pdfAssets.sizeBytes), asc(books.slug))
    .all();
}

/** Re-cuts every book that needs it, one at a time; one failing book is reported and the rest go on. */
export async function resegmentBooks(
  deps: TIngestDeps,
  options: { source: TIngestSource; onBook?: (report: TResegmentReport) => void },
): Promise<TResegmentReport[]> {
  const reports: TResegmentReport[] = [];
  for (const { bookId, slug } of listBooksToResegment(deps)) {
    let report: TResegmentReport;
    try {
      const outcome = await resegmentBook(deps, bookId, options.source);
      if (!outcome) continue;
      report = { ...outcome, slug };
    } catch (error) {
      const asset = getCurrentAsset({ db: deps.db, bookId });
      report = {
        bookId,
        slug,
        outcome: 'failed',
        fromVersion: asset?.version ?? 0,
        fromChunkSize: asset?.chunkSize ?? 0,
        error: error instanceof Error ? error.message : String(error),
      };
      deps.logger.error({ err: error, bookId, slug }, 'could not re-cut a book into the configured segment size');
    }
    reports.push(report);
    options.onBook?.(report);
  }
  return reports;
}

/**
 * Current versions stored before the segments that open them were recorded (docs/decisions/026-opening-segments.md),
 * among those cut as configured (the others get them when they are re-cut), smallest first.
 */
export function listVersionsWithoutOpeningSegments(deps: Pick<TIngestDeps, 'db'>): { bookId: string; slug: string }[] {
  return deps.db
    .select({ bookId: books.id, slug: books.slug })
    .from(books)
    .innerJoin(pdfAssets, and(eq(pdfAssets.bookId, books.id), eq(pdfAssets.version, books.contentVersion)))
    .where(
      and(
        isNull(pdfAssets.openingSegments),
        eq(pdfAssets.chunkSize, configuredChunkSize(deps.db)),
        eq(pdfAssets.segmentIvs, 'counter'),
      ),
    )
    .orderBy(asc(pdfAssets.sizeBytes), asc(books.slug))
    .all();
}

export interface TOpeningSegmentsReport {
  bookId: string;
  slug: string;
  version: number;
  outcome: 'recorded' | 'none' | 'failed';
  error?: string;
}

/**
 * Records the opening segments of a stored version in place: the segments are the same bytes, so this is no new
 * version; the file is decrypted in memory from its own chunks (checked against its sha256) and read as the reader
 * would. 'none' when pdf.js could not open it that way within MAX_OPENING_SEGMENTS (the reader then lets pdf.js ask).
 */
export async function recordStoredOpeningSegments(
  deps: TIngestDeps,
  asset: TPdfAssetRow,
): Promise<'recorded' | 'none'> {
  const pdf = await decryptStoredVersion(deps, asset);
  try {
    const openingSegments = await openingSegmentsOf(deps, asset.bookId ?? '', pdf, asset.chunkSize);
    if (!openingSegments) return 'none';
    deps.db.update(pdfAssets).set({ openingSegments }).where(eq(pdfAssets.id, asset.id)).run();
    return 'recorded';
  } finally {
    pdf.fill(0);
  }
}

/** Fills the opening segments of every current version without them, one at a time; a failing book is reported. */
export async function fillOpeningSegments(
  deps: TIngestDeps,
  options: { onBook?: (report: TOpeningSegmentsReport) => void } = {},
): Promise<TOpeningSegmentsReport[]> {
  const reports: TOpeningSegmentsReport[] = [];
  for (const { bookId, slug } of listVersionsWithoutOpeningSegments(deps)) {
    const asset = getCurrentAsset({ db: deps.db, bookId });
    if (!asset) continue;
    let report: TOpeningSegmentsReport;
    try {
      report = { bookId, slug, version: asset.version, outcome: await recordStoredOpeningSegments(deps, asset) };
    } catch (error) {
      report = {
        bookId,
        slug,
        version: asset.version,
        outcome: 'failed',
        error: error instanceof Error ? error.message : String(error),
      };
      deps.logger.error({ err: error, bookId, slug }, 'could not record the segments that open a stored book');
    }
    reports.push(report);
    options.onBook?.(report);
  }
  return reports;
}
