/**
 * The ingestion pipeline against real PDFs (content/pdfs): page count and text, chunks that decrypt
 * back to the exact file, the preview, the outline as contents, the cover; refusals that leave no
 * rows and no blobs; re-import no-op; a changed file as version 2 with version 1 still readable;
 * lazy generation for catalogue books, single-flight in one process and safe across two.
 */
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CHUNK_TAG_BYTES, manifestSegment, segmentCounterIv } from '@shared/reader';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { bookChunks, bookContentKeys, bookPages, books, pdfAssets, systemConfig } from '../../db/schema';
import { createBook } from '../../test-factories';
import { createTestContext } from '../../test-utils';
import { testEnv } from '../auth/auth-test-helpers';
import { decryptChunk } from '../content-access/content-crypto';
import { chunkCacheFor, getContentKey, getCurrentAsset, readChunk } from '../content-access/book-content';
import { ensureBookContent, getManifest, ingestBookPdf, readPreview } from './ingest.service';
import { readStoredCover } from './stored-cover';
import { analysePdf } from './pdf-analysis';
import { makePreviewPdf } from './preview';
import { typesetBook } from '../../db/seed/typeset';

const PDF_DIR = path.resolve(import.meta.dirname, '../../../../content/pdfs');
const readPdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDF_DIR, name)));
const SMALL_CHUNKS = 64 * 1024;

type TContext = ReturnType<typeof createTestContext>;

function setup(options: { chunkSize?: number; env?: Record<string, string> } = {}) {
  const ctx = createTestContext(options.env ? { env: testEnv(options.env) } : {});
  if (options.chunkSize)
    ctx.db
      .insert(systemConfig)
      .values({ key: 'chunk_size', value: String(options.chunkSize), dataType: 'number' })
      .run();
  return ctx;
}

const blobKeys = (ctx: TContext) => (ctx.blobs as unknown as { keys(): string[] }).keys();

/** What a licensed reader's browser ends up with: every chunk decrypted and joined in order. */
async function decryptBook(ctx: TContext, bookId: string, version?: number): Promise<Buffer> {
  const manifest = await getManifest({ deps: ctx, bookId });
  const useVersion = version ?? manifest.version;
  const key = await getContentKey({ deps: ctx, bookId, version: useVersion });
  const chunks = ctx.db
    .select()
    .from(bookChunks)
    .where(eq(bookChunks.bookId, bookId))
    .all()
    .filter((row) => row.version === useVersion)
    .sort((a, b) => a.chunkIndex - b.chunkIndex);
  const parts: Buffer[] = [];
  for (const row of chunks) {
    const ciphertext = await readChunk({ deps: ctx, bookId, version: useVersion, index: row.chunkIndex });
    expect(ciphertext).not.toBeNull();
    parts.push(
      decryptChunk(
        key,
        { iv: Buffer.from(row.iv, 'base64url'), ciphertext: ciphertext! },
        { bookId, version: useVersion, index: row.chunkIndex },
      ),
    );
  }
  return Buffer.concat(parts);
}

function rowCounts(db: Db, bookId: string) {
  const count = (table: typeof pdfAssets | typeof bookChunks | typeof bookContentKeys | typeof bookPages) =>
    db.select().from(table).where(eq(table.bookId, bookId)).all().length;
  return { assets: count(pdfAssets), chunks: count(bookChunks), keys: count(bookContentKeys), pages: count(bookPages) };
}

const CASES = [
  {
    file: 'tracemonkey.pdf',
    pages: 14,
    page: 1,
    words: 'Trace-based Just-in-Time Type Specialization',
    outline: false,
  },
  { file: 'TAMReview.pdf', pages: 23, page: 23, words: null, outline: false },
  {
    file: 'an-introduction-to-mathematics.pdf',
    pages: 228,
    page: 4,
    words: 'THE ABSTRACT NATURE OF MATHEMATICS',
    outline: true,
  },
] as const;

describe('ingesting the sample PDFs', () => {
  it.each(CASES)('$file: pages, text, chunks that decrypt to the exact file, preview, cover', async (sample) => {
    const ctx = setup({ chunkSize: SMALL_CHUNKS });
    const book = createBook(ctx.db, { previewPageCount: 5 });
    const pdf = readPdf(sample.file);
    const { asset, unchanged } = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'cli' });

    expect(unchanged).toBe(false);
    expect(asset).toMatchObject({
      bookId: book.id,
      version: 1,
      pageCount: sample.pages,
      sizeBytes: pdf.length,
      chunkSize: SMALL_CHUNKS,
      previewPageCount: 5,
    });
    expect(asset.chunkCount).toBe(Math.ceil(pdf.length / SMALL_CHUNKS));
    expect(asset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(asset.totalCharacters).toBeGreaterThan(10_000);

    // Text per page, in order, for search inside the book.
    const pages = ctx.db.select().from(bookPages).where(eq(bookPages.bookId, book.id)).all();
    expect(pages.map((page) => page.pageNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: sample.pages }, (_, index) => index + 1),
    );
    if (sample.words)
      expect(pages.find((page) => page.pageNumber === sample.page)?.text.replace(/\s+/g, ' ')).toContain(sample.words);

    // The book row points at the version.
    const row = ctx.db.select().from(books).where(eq(books.id, book.id)).get()!;
    expect(row).toMatchObject({
      contentVersion: 1,
      pdfAssetId: asset.id,
      sha256: asset.sha256,
      fileSize: pdf.length,
      chunkCount: asset.chunkCount,
      chunkSize: SMALL_CHUNKS,
      pageCount: sample.pages,
      encryptionKeyId: 'test-ephemeral',
    });
    if (sample.outline) {
      expect(row.tableOfContents.length).toBeGreaterThan(5);
      expect(row.tableOfContents[0]).toBe('PG Boilerplate.');
      // The outline's link to the printed contents page is not an entry of the contents.
      expect(row.tableOfContents).not.toContain('Contents.');
    }

    // Manifest: offsets, sizes and IVs; the chunks decrypt back to the uploaded bytes exactly.
    const manifest = await getManifest({ deps: ctx, bookId: book.id });
    expect(manifest).toMatchObject({
      bookId: book.id,
      version: 1,
      size: pdf.length,
      sha256: asset.sha256,
      pageCount: sample.pages,
      cipher: 'A256GCM',
      segmentIvs: 'counter',
    });
    expect(manifest.chunkCount).toBe(Math.ceil(pdf.length / SMALL_CHUNKS));
    // Each segment is sealed under the IV of its index (docs/decisions/022-compact-manifest.md).
    const rows = ctx.db.select().from(bookChunks).where(eq(bookChunks.bookId, book.id)).all();
    expect(rows).toHaveLength(manifest.chunkCount);
    for (const row of rows) {
      expect(row.iv).toBe(Buffer.from(segmentCounterIv(row.chunkIndex)).toString('base64url'));
      const segment = manifestSegment(manifest, row.chunkIndex);
      expect(segment.offset).toBe(row.chunkIndex * SMALL_CHUNKS);
      expect(row.size).toBe(segment.size);
      expect(segment.size).toBe(segment.plainSize + CHUNK_TAG_BYTES);
    }
    expect((await decryptBook(ctx, book.id)).equals(Buffer.from(pdf))).toBe(true);

    // Nothing in the blob store holds the plaintext: not the file, not its first kilobyte.
    const head = Buffer.from(pdf.subarray(0, 1024));
    for (const key of blobKeys(ctx)) {
      const stored = Buffer.from((await ctx.blobs.get(key))!);
      expect(stored.indexOf(head), key).toBe(-1);
    }

    // The preview is a separate PDF of the first pages only.
    const preview = await readPreview({ deps: ctx, bookId: book.id });
    expect(preview).not.toBeNull();
    const previewAnalysis = await analysePdf(preview!, { renderCover: false });
    expect(previewAnalysis.pageCount).toBe(5);
    expect(previewAnalysis.outline).toEqual([]);
    expect(previewAnalysis.totalCharacters).toBeLessThan(asset.totalCharacters);

    // Page 1 rendered as the cover, served from the URL stored on the book.
    const cover = await readStoredCover(ctx, book.id);
    expect(cover?.format.mimeType).toBe('image/jpeg');
    expect(row.coverImageUrl).toBe(`/api/books/${book.id}/cover?v=${cover!.hash}`);
  });

  it('the preview carries no page beyond the preview, even when its contents page links to later chapters', async () => {
    const sections = Array.from({ length: 12 }, (_, index) => ({
      title: `Chapter ${index + 1}`,
      text: `Words of chapter ${index + 1}.`,
    }));
    const book = await typesetBook({ title: 'Linked', author: 'A', sections });
    const preview = await makePreviewPdf(book.bytes, 4, { title: 'Linked', author: 'A' });
    const doc = await PDFDocument.load(preview);
    const pageObjects = doc.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page'));
    expect(pageObjects).toHaveLength(4);
    expect(Buffer.from(preview).indexOf('Words of chapter 12')).toBe(-1);
  });

  it('keeps the outline with levels and page numbers as the contents list', async () => {
    const analysis = await analysePdf(readPdf('an-introduction-to-mathematics.pdf'), { renderCover: false });
    expect(analysis.outline.length).toBeGreaterThan(10);
    expect(analysis.outline[0]).toMatchObject({ level: 1, pageNumber: 1 });
    expect(analysis.outline.some((entry) => entry.level === 2)).toBe(true);
    expect(
      analysis.outline.every(
        (entry) => entry.pageNumber === null || (entry.pageNumber >= 1 && entry.pageNumber <= 228),
      ),
    ).toBe(true);
    expect(analysis.info.author).toBe('Alfred North Whitehead');
  });
});

describe('refusals store nothing', () => {
  const tracemonkey = readPdf('tracemonkey.pdf');
  const refusals = [
    {
      name: 'a truncated PDF',
      bytes: tracemonkey.slice(0, Math.floor(tracemonkey.length * 0.6)),
      status: 422,
      message: /^The PDF could not be read: /,
    },
    {
      name: 'garbage after %PDF-',
      bytes: new Uint8Array([
        ...Buffer.from('%PDF-1.7\n'),
        ...new Uint8Array(4000).map((_, index) => (index * 7919) % 251),
      ]),
      status: 422,
      message: /^The PDF could not be read: /,
    },
    {
      name: 'a PNG named .pdf',
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      status: 422,
      message: /^The file is not a PDF$/,
    },
    {
      name: 'a text file',
      bytes: new Uint8Array(Buffer.from('Chapter one. It was a dark and stormy night.')),
      status: 422,
      message: /^The file is not a PDF$/,
    },
    { name: 'an empty file', bytes: new Uint8Array(0), status: 422, message: /^The file is not a PDF$/ },
  ];

  it.each(refusals)(
    '$name is refused with a clear message, no rows and no blobs',
    async ({ bytes, status, message }) => {
      const ctx = setup();
      const book = createBook(ctx.db);
      const error = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf: bytes, source: 'upload' }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ status });
      expect((error as Error).message).toMatch(message);
      expect(rowCounts(ctx.db, book.id)).toEqual({ assets: 0, chunks: 0, keys: 0, pages: 0 });
      expect(blobKeys(ctx)).toEqual([]);
      expect(ctx.db.select().from(books).where(eq(books.id, book.id)).get()).toMatchObject({
        contentVersion: null,
        sha256: null,
      });
    },
  );

  it('refuses a PDF over MAX_PDF_BYTES before reading it', async () => {
    const ctx = setup({ env: { MAX_PDF_BYTES: String(512 * 1024) } });
    const book = createBook(ctx.db);
    await expect(
      ingestBookPdf({ deps: ctx, bookId: book.id, pdf: readPdf('tracemonkey.pdf'), source: 'upload' }),
    ).rejects.toMatchObject({
      status: 413,
      message: 'The PDF is larger than 512 KB',
    });
    expect(blobKeys(ctx)).toEqual([]);
  });

  it('refuses a cover that is not an image, and an unknown book', async () => {
    const ctx = setup();
    const book = createBook(ctx.db);
    const pdf = readPdf('tracemonkey.pdf');
    await expect(
      ingestBookPdf({
        deps: ctx,
        bookId: book.id,
        pdf,
        coverImage: new Uint8Array(Buffer.from('<svg/>')),
        source: 'upload',
      }),
    ).rejects.toMatchObject({ status: 422, message: 'The cover must be a PNG, JPEG or WebP image' });
    await expect(
      ingestBookPdf({ deps: ctx, bookId: crypto.randomUUID(), pdf, source: 'upload' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(blobKeys(ctx)).toEqual([]);
  });

  it('deletes the blobs it wrote when the database step fails', async () => {
    const ctx = setup();
    const book = createBook(ctx.db);
    // A trigger standing in for any failure inside the transaction (disk full, constraint ...).
    ctx.db.$client.exec(
      `create trigger fail_pages before insert on book_pages begin select raise(abort, 'disk full'); end`,
    );
    await expect(
      ingestBookPdf({ deps: ctx, bookId: book.id, pdf: readPdf('tracemonkey.pdf'), source: 'cli' }),
    ).rejects.toThrow('disk full');
    expect(rowCounts(ctx.db, book.id)).toEqual({ assets: 0, chunks: 0, keys: 0, pages: 0 });
    expect(blobKeys(ctx)).toEqual([]);
  });
});

describe('versions', () => {
  it('re-importing the same file is a no-op; a changed file becomes version 2 and version 1 stays readable', async () => {
    const ctx = setup();
    const book = createBook(ctx.db);
    const first = readPdf('tracemonkey.pdf');
    const v1 = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf: first, source: 'cli' });
    const blobsAfterFirst = blobKeys(ctx);

    const again = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf: first, source: 'cli' });
    expect(again).toMatchObject({ unchanged: true, asset: { id: v1.asset.id, version: 1 } });
    expect(blobKeys(ctx)).toEqual(blobsAfterFirst);
    expect(rowCounts(ctx.db, book.id)).toMatchObject({ assets: 1, keys: 1 });

    const second = readPdf('TAMReview.pdf');
    const v2 = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf: second, source: 'cli' });
    expect(v2).toMatchObject({ unchanged: false, asset: { version: 2, pageCount: 23 } });
    expect(getCurrentAsset({ db: ctx.db, bookId: book.id })?.id).toBe(v2.asset.id);
    expect(ctx.db.select().from(books).where(eq(books.id, book.id)).get()).toMatchObject({
      contentVersion: 2,
      pageCount: 23,
    });
    // Search follows the current version; both versions' chunks and keys stay.
    expect(
      new Set(
        ctx.db
          .select()
          .from(bookPages)
          .where(eq(bookPages.bookId, book.id))
          .all()
          .map((page) => page.version),
      ),
    ).toEqual(new Set([2]));
    expect(rowCounts(ctx.db, book.id)).toMatchObject({ assets: 2, keys: 2 });
    expect((await decryptBook(ctx, book.id, 1)).equals(Buffer.from(first))).toBe(true);
    expect((await decryptBook(ctx, book.id, 2)).equals(Buffer.from(second))).toBe(true);
    // Version 1's key does not open version 2's chunks.
    const keyV1 = await getContentKey({ deps: ctx, bookId: book.id, version: 1 });
    const chunk = ctx.db
      .select()
      .from(bookChunks)
      .where(eq(bookChunks.bookId, book.id))
      .all()
      .find((row) => row.version === 2)!;
    const ciphertext = (await readChunk({ deps: ctx, bookId: book.id, version: 2, index: chunk.chunkIndex }))!;
    expect(() =>
      decryptChunk(
        keyV1,
        { iv: Buffer.from(chunk.iv, 'base64url'), ciphertext },
        { bookId: book.id, version: 2, index: chunk.chunkIndex },
      ),
    ).toThrow();
  });

  it('the same file with a new cover only replaces the cover', async () => {
    const ctx = setup();
    const book = createBook(ctx.db);
    const pdf = readPdf('tracemonkey.pdf');
    await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'upload' });
    const rendered = await readStoredCover(ctx, book.id);
    const png = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/icons/icon-192.png'));
    const result = await ingestBookPdf({
      deps: ctx,
      bookId: book.id,
      pdf,
      coverImage: new Uint8Array(png),
      source: 'upload',
    });
    expect(result.unchanged).toBe(true);
    const cover = await readStoredCover(ctx, book.id);
    expect(cover?.format.mimeType).toBe('image/png');
    expect(cover?.hash).not.toBe(rendered?.hash);
    // The replaced cover's blob is gone.
    expect(blobKeys(ctx).filter((key) => key.includes('/covers/'))).toEqual([`books/${book.id}/covers/${cover!.hash}`]);
  });
});

describe('chunk reads', () => {
  it('answers null for a chunk that does not exist and serves repeats from memory', async () => {
    const ctx = setup({ chunkSize: SMALL_CHUNKS });
    const book = createBook(ctx.db);
    await ingestBookPdf({
      deps: ctx,
      bookId: book.id,
      pdf: readPdf('tracemonkey.pdf'),
      source: 'cli',
      renderCover: false,
    });
    expect(await readChunk({ deps: ctx, bookId: book.id, version: 1, index: 999 })).toBeNull();
    expect(await readChunk({ deps: ctx, bookId: book.id, version: 2, index: 0 })).toBeNull();
    expect(await readChunk({ deps: ctx, bookId: crypto.randomUUID(), version: 1, index: 0 })).toBeNull();
    const first = await readChunk({ deps: ctx, bookId: book.id, version: 1, index: 3 });
    const again = await readChunk({ deps: ctx, bookId: book.id, version: 1, index: 3 });
    expect(again).toBe(first);
    expect(chunkCacheFor(ctx.blobs).size).toBe(first!.length);
  });

  it('getManifest and getContentKey of an unknown book answer 404', async () => {
    const ctx = setup();
    await expect(getManifest({ deps: ctx, bookId: crypto.randomUUID() })).rejects.toMatchObject({ status: 404 });
    await expect(getContentKey({ deps: ctx, bookId: crypto.randomUUID(), version: 1 })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('books without a file (the generated catalogue)', () => {
  const generated = {
    title: 'The Art of Bootstrapping',
    author: 'Simon Nakamura',
    description: 'A lively handbook on scale that shows product managers how to build a business customers recommend.',
    longDescription:
      'A lively handbook on scale.\n\nAcross 8 chapters, Simon helps readers read a balance sheet and act on it.',
    authorBio: 'Simon Nakamura is a former management consultant based in Cambridge.',
    tableOfContents: ['Learning from Setbacks', 'The People Around You', 'Measuring What Matters', 'What Comes Next'],
    keyTakeaways: ['Cash flow matters more than revenue', 'Small experiments reduce big risks'],
    targetAudience: 'Product managers',
    previewPageCount: 5,
  };

  it('get a short generated PDF on first use, once, however many readers open it at the same time', async () => {
    const ctx = setup({ env: { DEMO_SEED: 'true' } });
    const book = createBook(ctx.db, generated);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ensureBookContent({ deps: ctx, bookId: book.id })),
    );
    expect(new Set(results.map((asset) => asset.id)).size).toBe(1);
    expect(rowCounts(ctx.db, book.id)).toMatchObject({ assets: 1, keys: 1 });
    // One ingestion: one version prefix in the blob store.
    expect(new Set(blobKeys(ctx).map((key) => key.split('/').slice(0, 3).join('/')))).toEqual(
      new Set([`books/${book.id}/${results[0].storageKey.split('/')[2]}`]),
    );

    const asset = results[0];
    expect(asset.pageCount).toBeGreaterThanOrEqual(8);
    const row = ctx.db.select().from(books).where(eq(books.id, book.id)).get()!;
    // The outline of the generated PDF becomes the contents; the generated SVG cover stays.
    expect(row.tableOfContents).toEqual([
      'About this book',
      'Key takeaways',
      ...generated.tableOfContents,
      'About the author',
    ]);
    expect(row.coverImageUrl).toBeNull();
    const text = ctx.db
      .select()
      .from(bookPages)
      .where(eq(bookPages.bookId, book.id))
      .all()
      .map((page) => page.text)
      .join('\n');
    expect(text).toContain('Cash flow matters more than revenue');
    expect(text).toContain('Simon Nakamura is a former management consultant');
    expect((await readPreview({ deps: ctx, bookId: book.id }))!.length).toBeGreaterThan(1000);
    // Later calls read the stored version.
    expect((await ensureBookContent({ deps: ctx, bookId: book.id })).id).toBe(asset.id);
  });

  it('is safe when two processes generate the same book at once: one version, the loser reads the winner', async () => {
    const ctx = setup({ env: { DEMO_SEED: 'true' } });
    const book = createBook(ctx.db, generated);
    // A second drizzle handle on the same connection has its own in-process locks, like another worker.
    const otherProcess = { ...ctx, db: drizzle(ctx.db.$client, { schema }) as unknown as Db };
    const [a, b] = await Promise.all([
      ensureBookContent({ deps: ctx, bookId: book.id }),
      ensureBookContent({ deps: otherProcess, bookId: book.id }),
    ]);
    expect(a.id).toBe(b.id);
    expect(rowCounts(ctx.db, book.id)).toMatchObject({ assets: 1, keys: 1 });
    // The loser's blobs were deleted: only the winner's version prefix remains.
    const prefixes = new Set(blobKeys(ctx).map((key) => key.split('/').slice(0, 3).join('/')));
    expect(prefixes).toEqual(new Set([a.storageKey]));
  });

  it('an unknown book has no content to generate', async () => {
    const ctx = setup({ env: { DEMO_SEED: 'true' } });
    await expect(ensureBookContent({ deps: ctx, bookId: crypto.randomUUID() })).rejects.toMatchObject({ status: 404 });
  });

  it('outside demo mode a book without a file is not readable yet, and nothing is made up for it', async () => {
    const ctx = setup();
    const book = createBook(ctx.db, generated);
    await expect(getManifest({ deps: ctx, bookId: book.id })).rejects.toMatchObject({
      status: 404,
      message: 'This book is not available for reading yet.',
    });
    await expect(readPreview({ deps: ctx, bookId: book.id })).rejects.toMatchObject({ status: 404 });
    expect(rowCounts(ctx.db, book.id)).toEqual({ assets: 0, chunks: 0, keys: 0, pages: 0 });
  });
});
