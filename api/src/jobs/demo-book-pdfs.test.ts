/**
 * The background demo-book step on one small book (unit tests never typeset all 16): the first run
 * typesets and ingests, the next one only checks the fingerprint, a changed source is typeset again,
 * a book opened before its turn shares the same path, and the job does nothing outside demo mode.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DEFAULT_CHUNK_SIZE, LEGACY_CHUNK_SIZE } from '@shared/reader';
import { describe, expect, it } from 'vitest';
import { bookPdfMap, books, pdfAssets, systemConfig } from '../db/schema';
import { createBook } from '../test-factories';
import { createTestContext } from '../test-utils';
import { testEnv } from '../features/auth/auth-test-helpers';
import { ensureBookContent, ingestBookPdf } from '../features/ingest/ingest.service';
import { getCurrentAsset } from '../features/content-access/book-content';
import { JOBS } from './index';
import { registerJobs, runDueJobs } from './runner';
import { contentBookFingerprint, contentBookSourcePath } from '../db/seed/book-pdfs';
import { ingestDemoBookPdfs } from './demo-book-pdfs';

const SLUG = 'as-a-man-thinketh';

function setup(demoSeed = 'true') {
  const ctx = createTestContext({ env: testEnv({ DEMO_SEED: demoSeed }) });
  const book = createBook(ctx.db, { slug: SLUG, title: 'As a Man Thinketh', author: 'James Allen' });
  return { ctx, book };
}

describe('ingestDemoBookPdfs', () => {
  it('typesets and ingests a demo book once, then skips it while its sources are unchanged', async () => {
    const { ctx, book } = setup();
    const first = await ingestDemoBookPdfs(ctx, { slugs: [SLUG, 'not-in-the-catalogue'] });
    expect(first.books.map((report) => [report.slug, report.outcome])).toEqual([
      [SLUG, 'ingested'],
      ['not-in-the-catalogue', 'missing'],
    ]);
    const row = ctx.db.select().from(books).where(eq(books.id, book.id)).get()!;
    expect(row.contentVersion).toBe(1);
    expect(row.coverImageUrl).toMatch(new RegExp(`^/api/books/${book.id}/cover\\?v=`));
    expect(row.tableOfContents[0]).toBe('Foreword');
    expect(ctx.db.select().from(bookPdfMap).where(eq(bookPdfMap.slug, SLUG)).get()?.pdfPath).toBe(
      contentBookSourcePath(SLUG, contentBookFingerprint(SLUG)),
    );

    const second = await ingestDemoBookPdfs(ctx, { slugs: [SLUG] });
    expect(second.books[0].outcome).toBe('skipped');

    // A changed source (here: a stale fingerprint) is typeset again; the same output is a no-op by sha256.
    ctx.db
      .update(bookPdfMap)
      .set({ pdfPath: 'content/books/as-a-man-thinketh/text.txt#typeset-old' })
      .where(eq(bookPdfMap.slug, SLUG))
      .run();
    const third = await ingestDemoBookPdfs(ctx, { slugs: [SLUG] });
    expect(third.books[0]).toMatchObject({ outcome: 'unchanged', version: 1 });
    expect(ctx.db.select().from(pdfAssets).where(eq(pdfAssets.bookId, book.id)).all()).toHaveLength(1);
  });

  it('re-cuts books still in 1 MiB chunks: demo books typeset again, other books from their stored chunks', async () => {
    const { ctx, book } = setup();
    const setChunkSize = (size: number) =>
      ctx.db
        .insert(systemConfig)
        .values({ key: 'chunk_size', value: String(size), dataType: 'number', isEditable: false })
        .onConflictDoUpdate({ target: systemConfig.key, set: { value: String(size) } })
        .run();
    setChunkSize(LEGACY_CHUNK_SIZE);
    await ingestDemoBookPdfs(ctx, { slugs: [SLUG] });
    const other = createBook(ctx.db, { skipIndex: true });
    const pdf = new Uint8Array(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../content/pdfs/tracemonkey.pdf')),
    );
    await ingestBookPdf({ deps: ctx, bookId: other.id, pdf, source: 'cli', renderCover: false });
    setChunkSize(DEFAULT_CHUNK_SIZE);

    const run = await ingestDemoBookPdfs(ctx);
    expect(run.books.find((report) => report.slug === SLUG)).toMatchObject({ outcome: 'ingested', version: 2 });
    for (const bookId of [book.id, other.id]) {
      expect(getCurrentAsset({ db: ctx.db, bookId })).toMatchObject({ version: 2, chunkSize: DEFAULT_CHUNK_SIZE });
    }
    // Cut to size now: the next start skips both.
    const again = await ingestDemoBookPdfs(ctx);
    expect(again.books.find((report) => report.slug === SLUG)?.outcome).toBe('skipped');
    expect(getCurrentAsset({ db: ctx.db, bookId: other.id })?.version).toBe(2);
  });

  it('a demo book opened before its turn is typeset on the spot (not given a generated stand-in)', async () => {
    const { ctx, book } = setup();
    const asset = await ensureBookContent({ deps: ctx, bookId: book.id });
    expect(asset.pageCount).toBeGreaterThan(15);
    expect(ctx.db.select().from(bookPdfMap).where(eq(bookPdfMap.slug, SLUG)).get()).toBeDefined();
    expect((await ingestDemoBookPdfs(ctx, { slugs: [SLUG] })).books[0].outcome).toBe('skipped');
  });

  it('the scheduled job leaves books alone outside demo mode', async () => {
    const { ctx, book } = setup('false');
    registerJobs(ctx, JOBS);
    expect(await runDueJobs(ctx, JOBS, 'test-worker')).toContain('demo-book-pdfs');
    expect(ctx.db.select().from(books).where(eq(books.id, book.id)).get()?.contentVersion).toBeNull();
  });
});
