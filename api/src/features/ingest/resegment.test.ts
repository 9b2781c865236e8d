/**
 * Re-cutting stored books into the configured segment size (resegment.ts, `npm run books:resegment`):
 * a 1 MiB-chunk version becomes the next version in 64 KiB segments with the same file, the old version
 * still decrypts by its own chunks, a second run has nothing to do, a version stored meanwhile wins, and
 * a tampered chunk stops that book without storing anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEGACY_CHUNK_SIZE } from '@shared/reader';
import { auditLogs, bookChunks, books, pdfAssets, systemConfig } from '../../db/schema';
import { createBook } from '../../test-factories';
import { createTestContext } from '../../test-utils';
import { chunkCacheFor, getContentKey, getCurrentAsset } from '../content-access/book-content';
import { encryptChunk } from '../content-access/content-crypto';
import { ingestBookPdf } from './ingest.service';
import { decryptStoredVersion, listBooksToResegment, resegmentBook } from './resegment';
import { runBooksResegment } from './resegment-cli';

const PDF_DIR = path.resolve(import.meta.dirname, '../../../../content/pdfs');
const readPdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDF_DIR, name)));
const SEGMENT = 64 * 1024;

type TContext = ReturnType<typeof createTestContext>;

function setChunkSize(ctx: TContext, size: number) {
  ctx.db
    .insert(systemConfig)
    .values({ key: 'chunk_size', value: String(size), dataType: 'number', isEditable: false })
    .onConflictDoUpdate({ target: systemConfig.key, set: { value: String(size) } })
    .run();
}

/** A book ingested in 1 MiB chunks, then the configuration moved to 64 KiB segments. */
async function legacyBook(ctx: TContext, file = 'tracemonkey.pdf') {
  setChunkSize(ctx, LEGACY_CHUNK_SIZE);
  const book = createBook(ctx.db, { skipIndex: true });
  const pdf = readPdf(file);
  const { asset } = await ingestBookPdf({
    deps: ctx,
    bookId: book.id,
    pdf,
    source: 'cli',
    renderCover: false,
    segmentIvs: 'listed',
  });
  setChunkSize(ctx, SEGMENT);
  return { book, pdf, asset };
}

function run(ctx: TContext) {
  const out: string[] = [];
  const err: string[] = [];
  return runBooksResegment(ctx, { out: (text) => out.push(text), err: (text) => err.push(text) }).then((code) => ({
    code,
    out: out.join(''),
    err: err.join(''),
  }));
}

describe('re-cutting books into the configured segment size', () => {
  it('re-seals a version of listed random IVs as the next version with counter IVs (a compact manifest)', async () => {
    const ctx = createTestContext();
    setChunkSize(ctx, SEGMENT);
    const book = createBook(ctx.db, { skipIndex: true });
    const pdf = readPdf('tracemonkey.pdf');
    const { asset: v1 } = await ingestBookPdf({
      deps: ctx,
      bookId: book.id,
      pdf,
      source: 'cli',
      renderCover: false,
      segmentIvs: 'listed',
    });
    expect(v1).toMatchObject({ version: 1, chunkSize: SEGMENT, segmentIvs: 'listed' });
    expect(listBooksToResegment(ctx)).toEqual([{ bookId: book.id, slug: book.slug }]);
    // The same file imported again is not "unchanged" while its version has listed IVs.
    const again = await resegmentBook(ctx, book.id, 'cli');
    expect(again).toMatchObject({ outcome: 'resegmented', fromVersion: 1, toVersion: 2 });
    const v2 = getCurrentAsset({ db: ctx.db, bookId: book.id })!;
    expect(v2).toMatchObject({ version: 2, chunkSize: SEGMENT, segmentIvs: 'counter', sha256: v1.sha256 });
    expect(Buffer.from(await decryptStoredVersion(ctx, v2)).equals(Buffer.from(pdf))).toBe(true);
    expect(Buffer.from(await decryptStoredVersion(ctx, v1)).equals(Buffer.from(pdf))).toBe(true);
    expect(listBooksToResegment(ctx)).toEqual([]);
    expect(await resegmentBook(ctx, book.id, 'cli')).toBeNull();
    const unchanged = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'cli', renderCover: false });
    expect(unchanged).toMatchObject({ unchanged: true, asset: { version: 2 } });
  });

  it('stores the same file as the next version in 64 KiB segments; the old version still decrypts', async () => {
    const ctx = createTestContext();
    const { book, pdf, asset: v1 } = await legacyBook(ctx);
    expect(v1).toMatchObject({ version: 1, chunkSize: LEGACY_CHUNK_SIZE, chunkCount: 1 });
    expect(listBooksToResegment(ctx)).toEqual([{ bookId: book.id, slug: book.slug }]);

    const first = await run(ctx);
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      `${book.slug}: version 1 (${LEGACY_CHUNK_SIZE} B segments) → version 2 (${SEGMENT} B segments)`,
    );
    expect(first.out).toContain('Re-cut 1 book.');

    const v2 = getCurrentAsset({ db: ctx.db, bookId: book.id })!;
    expect(v2).toMatchObject({ version: 2, chunkSize: SEGMENT, chunkCount: Math.ceil(pdf.length / SEGMENT) });
    expect(v2.sha256).toBe(v1.sha256);
    expect(Buffer.from(await decryptStoredVersion(ctx, v2)).equals(Buffer.from(pdf))).toBe(true);
    // Version 1 keeps its rows, chunks and key for licences and downloads already issued.
    expect(Buffer.from(await decryptStoredVersion(ctx, v1)).equals(Buffer.from(pdf))).toBe(true);
    expect(ctx.db.select().from(bookChunks).where(eq(bookChunks.bookId, book.id)).all().length).toBe(1 + v2.chunkCount);
    expect(ctx.db.select().from(books).where(eq(books.id, book.id)).get()).toMatchObject({
      contentVersion: 2,
      chunkSize: SEGMENT,
    });
    expect(ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'books.resegment')).all()).toHaveLength(1);

    // Nothing left to do; the same file imported again is a no-op now that it is cut to size.
    expect(listBooksToResegment(ctx)).toEqual([]);
    expect(await run(ctx)).toEqual({ code: 0, out: 'Re-cut 0 books.\n', err: '' });
    const again = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'cli', renderCover: false });
    expect(again).toMatchObject({ unchanged: true, asset: { version: 2 } });
  });

  it('leaves a book alone when another version was stored meanwhile', async () => {
    const ctx = createTestContext();
    const { book, asset: v1 } = await legacyBook(ctx);
    const other = readPdf('an-introduction-to-mathematics.pdf');
    await ingestBookPdf({ deps: ctx, bookId: book.id, pdf: other, source: 'upload', renderCover: false });
    const result = await ingestBookPdf({
      deps: ctx,
      bookId: book.id,
      pdf: await decryptStoredVersion(ctx, v1),
      source: 'cli',
      renderCover: false,
      replacesVersion: v1.version,
    });
    expect(result).toMatchObject({ unchanged: true, asset: { version: 2 } });
    expect(ctx.db.select().from(pdfAssets).where(eq(pdfAssets.bookId, book.id)).all()).toHaveLength(2);
    expect(await resegmentBook(ctx, book.id, 'cli')).toBeNull();
  });

  it('refuses a version whose chunk fails authentication: nothing is stored, the command reports it', async () => {
    const ctx = createTestContext();
    const { book, pdf, asset } = await legacyBook(ctx);
    // A chunk sealed under another key at the same place: the stored tag no longer matches.
    const row = ctx.db
      .select()
      .from(bookChunks)
      .where(and(eq(bookChunks.bookId, book.id), eq(bookChunks.chunkIndex, 0)))
      .get()!;
    const wrongKey = Buffer.alloc(32, 7);
    const forged = encryptChunk(wrongKey, pdf.subarray(0, LEGACY_CHUNK_SIZE), {
      bookId: book.id,
      version: 1,
      index: 0,
    });
    await ctx.blobs.put(row.storageKey!, forged.ciphertext);
    ctx.db
      .update(bookChunks)
      .set({ iv: forged.iv.toString('base64url') })
      .where(eq(bookChunks.id, row.id))
      .run();
    chunkCacheFor(ctx.blobs).clear();
    expect((await getContentKey({ deps: ctx, bookId: book.id, version: 1 })).length).toBe(32);

    const result = await run(ctx);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${book.slug}: not re-cut (The chunk failed authentication)`);
    expect(getCurrentAsset({ db: ctx.db, bookId: book.id })).toMatchObject({ id: asset.id, version: 1 });
  });
});
