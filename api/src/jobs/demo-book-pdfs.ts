/**
 * The background half of the demo seed: typesets the 16 real books of content/books into PDFs and
 * ingests them, after the server is listening (the 'demo-book-pdfs' scheduled job), so `npm start` does
 * not wait for it. Smallest books go first, so most of the shelf is readable within seconds; a book
 * opened before its turn is typeset on the spot by ensureBookContent (the same single-flight path).
 * A book is skipped when book_pdf_map already records the fingerprint of its current sources, so a
 * restart costs a few file hashes; a changed text is typeset again and becomes a new version, and so does
 * a book still cut into segments of another size than the configured one. Then every other book in that
 * state (the generated catalogue) is re-cut from its stored chunks (features/ingest/resegment.ts), so a
 * database from before 16 KiB segments moves over by itself (docs/decisions/028-16-kib-segments.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { bookPdfMap, books } from '../db/schema';
import {
  configuredChunkSize,
  ensureBookContent,
  ingestBookPdf,
  recordPdfSource,
  type TIngestDeps,
} from '../features/ingest/ingest.service';
import { getCurrentAsset } from '../features/content-access/book-content';
import { fillOpeningSegments, resegmentBooks } from '../features/ingest/resegment';
import { contentBookFingerprint, contentBookSourcePath, typesetContentBook } from '../db/seed/book-pdfs';
import { CONTENT_BOOKS_DIR, listContentBookSlugs } from '../db/seed/content-books';
import { seedDemoHighlights } from '../db/seed/demo-highlights';

export interface TDemoBookPdfReport {
  slug: string;
  outcome: 'ingested' | 'unchanged' | 'skipped' | 'missing' | 'failed';
  pages?: number;
  version?: number;
  durationMs: number;
}

export interface TDemoBookPdfsSummary {
  books: TDemoBookPdfReport[];
  durationMs: number;
}

function slugsSmallestFirst(dir: string): string[] {
  const size = (slug: string) => fs.statSync(path.join(dir, slug, 'text.txt')).size;
  return listContentBookSlugs(dir)
    .map((slug) => ({ slug, size: size(slug) }))
    .sort((a, b) => a.size - b.size || a.slug.localeCompare(b.slug))
    .map((entry) => entry.slug);
}

async function processBook(deps: TIngestDeps, slug: string): Promise<TDemoBookPdfReport> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const book = deps.db
    .select({ id: books.id, contentVersion: books.contentVersion })
    .from(books)
    .where(eq(books.slug, slug))
    .get();
  if (!book) return { slug, outcome: 'missing', durationMs: elapsed() };
  const fingerprint = contentBookFingerprint(slug);
  const source = contentBookSourcePath(slug, fingerprint);
  const recorded = deps.db
    .select({ pdfPath: bookPdfMap.pdfPath })
    .from(bookPdfMap)
    .where(eq(bookPdfMap.slug, slug))
    .get();
  const isCutToSize = getCurrentAsset({ db: deps.db, bookId: book.id })?.chunkSize === configuredChunkSize(deps.db);
  if (book.contentVersion !== null && recorded?.pdfPath === source && isCutToSize)
    return { slug, outcome: 'skipped', durationMs: elapsed() };

  if (book.contentVersion === null) {
    // Shares the work with a reader who opens the book at the same moment.
    const asset = await ensureBookContent({ deps, bookId: book.id });
    return { slug, outcome: 'ingested', pages: asset.pageCount, version: asset.version, durationMs: elapsed() };
  }
  const typeset = await typesetContentBook(slug);
  const result = await ingestBookPdf({ deps, bookId: book.id, pdf: typeset.bytes, source: 'seed' });
  recordPdfSource(deps.db, slug, source, deps.now());
  return {
    slug,
    outcome: result.unchanged ? 'unchanged' : 'ingested',
    pages: result.asset.pageCount,
    version: result.asset.version,
    durationMs: elapsed(),
  };
}

/** Typesets and ingests every demo book that needs it; one failing book is logged and the rest go on. */
export async function ingestDemoBookPdfs(
  deps: TIngestDeps,
  options: { slugs?: string[] } = {},
): Promise<TDemoBookPdfsSummary> {
  const started = performance.now();
  const slugs = options.slugs ?? (fs.existsSync(CONTENT_BOOKS_DIR) ? slugsSmallestFirst(CONTENT_BOOKS_DIR) : []);
  const reports: TDemoBookPdfReport[] = [];
  for (const slug of slugs) {
    try {
      const report = await processBook(deps, slug);
      reports.push(report);
      if (report.outcome === 'ingested' || report.outcome === 'unchanged') {
        // The demo reader's highlights are found on the typeset pages (db/seed/demo-highlights.ts).
        if (deps.demoContent) seedDemoHighlights(deps.db, deps.now(), [slug]);
        deps.logger.info(
          { slug, pages: report.pages, version: report.version, durationMs: report.durationMs },
          `demo book PDF ${report.outcome}`,
        );
      }
    } catch (error) {
      reports.push({ slug, outcome: 'failed', durationMs: 0 });
      deps.logger.error({ err: error, slug }, 'could not typeset or ingest a demo book');
    }
  }
  if (!options.slugs) {
    const resegmented = await resegmentBooks(deps, { source: 'seed' });
    if (resegmented.length > 0)
      deps.logger.info(
        { books: resegmented.length, failed: resegmented.filter((report) => report.outcome === 'failed').length },
        'books re-cut into the configured segment size',
      );
    const openings = await fillOpeningSegments(deps);
    if (openings.length > 0)
      deps.logger.info(
        { books: openings.length, recorded: openings.filter((report) => report.outcome === 'recorded').length },
        'opening segments recorded for stored books',
      );
  }
  const durationMs = Math.round(performance.now() - started);
  const count = (outcome: TDemoBookPdfReport['outcome']) =>
    reports.filter((report) => report.outcome === outcome).length;
  deps.logger.info(
    {
      durationMs,
      ingested: count('ingested'),
      unchanged: count('unchanged'),
      skipped: count('skipped'),
      failed: count('failed'),
      pages: reports.reduce((sum, report) => sum + (report.outcome === 'ingested' ? (report.pages ?? 0) : 0), 0),
    },
    `demo book PDFs ready in ${durationMs} ms`,
  );
  return { books: reports, durationMs };
}
