/**
 * The segments that open a book (docs/decisions/026-opening-segments.md): ingest records what pdf.js reads to open a
 * real PDF and draw page 1 through a range transport, found independently here from the file's bytes (page 1's content
 * stream by its object number, the trailer at the end); the manifest carries them; a damaged file that pdf.js reads
 * whole is stored without them; versions stored before get them in place through `books:resegment`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfAssets, systemConfig } from '../../db/schema';
import { createBook } from '../../test-factories';
import { createTestContext } from '../../test-utils';
import { getCurrentAsset } from '../content-access/book-content';
import { getManifest, ingestBookPdf } from './ingest.service';
import { MAX_OPENING_SEGMENTS, recordOpeningSegments } from './opening-segments';
import { fillOpeningSegments, listVersionsWithoutOpeningSegments } from './resegment';
import { runBooksResegment } from './resegment-cli';

const PDF_DIR = path.resolve(import.meta.dirname, '../../../../content/pdfs');
const readPdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDF_DIR, name)));
const SEGMENT = 64 * 1024;

function setup() {
  const ctx = createTestContext();
  ctx.db
    .insert(systemConfig)
    .values({ key: 'chunk_size', value: String(SEGMENT), dataType: 'number' })
    .run();
  return ctx;
}

/** Byte offsets of page 1's content streams, from the objects' own `N G obj` headers (streams never sit in object streams). */
async function pageOneContentOffsets(pdf: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const text = Buffer.from(pdf).toString('latin1');
  return refs.map((ref) => {
    if (!(ref instanceof PDFRef)) throw new Error('page 1 has no content stream reference');
    const match = new RegExp(`(^|[\\r\\n\\s])${ref.objectNumber} ${ref.generationNumber} obj`, 'm').exec(text);
    if (!match) throw new Error(`object ${ref.objectNumber} not found`);
    return match.index + match[1].length;
  });
}

describe('the segments that open a book', () => {
  it.each(['tracemonkey.pdf', 'an-introduction-to-mathematics.pdf'])(
    'records what pdf.js reads to open %s at page 1, including its content stream and the trailer',
    async (file) => {
      const pdf = readPdf(file);
      const recorded = await recordOpeningSegments(pdf, SEGMENT);
      expect(recorded).not.toBeNull();
      const all = new Set([...recorded!.document, ...recorded!.firstPage]);
      const last = Math.ceil(pdf.length / SEGMENT) - 1;
      expect(recorded!.document).toContain(0);
      expect(recorded!.document).toContain(last);
      for (const offset of await pageOneContentOffsets(pdf)) expect(all).toContain(Math.floor(offset / SEGMENT));
      // Only what page 1 needs, not the whole book; sorted, no overlap between the two lists.
      expect(all.size).toBeLessThan(last + 1);
      expect(recorded!.document).toEqual([...recorded!.document].sort((a, b) => a - b));
      expect(recorded!.firstPage.some((index) => recorded!.document.includes(index))).toBe(false);
    },
  );

  it('is stored with the version at ingest and answered in the manifest', async () => {
    const ctx = setup();
    const book = createBook(ctx.db, { skipIndex: true });
    const pdf = readPdf('tracemonkey.pdf');
    const { asset } = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'cli', renderCover: false });
    const expected = await recordOpeningSegments(pdf, SEGMENT);
    expect(asset.openingSegments).toEqual(expected);
    expect((await getManifest({ deps: ctx, bookId: book.id })).openingSegments).toEqual(expected);
  });

  it('keeps none for a file pdf.js must read whole to open (no cross-reference table at its end)', async () => {
    const ctx = setup();
    const book = createBook(ctx.db, { skipIndex: true });
    const pdf = readPdf('tracemonkey.pdf');
    // The file followed by zeros: pdf.js finds no startxref and rebuilds the table from every segment.
    const padded = new Uint8Array(SEGMENT * MAX_OPENING_SEGMENTS * 2);
    padded.set(pdf);
    expect(await recordOpeningSegments(padded, SEGMENT)).toBeNull();
    const { asset } = await ingestBookPdf({
      deps: ctx,
      bookId: book.id,
      pdf: padded,
      source: 'cli',
      renderCover: false,
    });
    expect(asset.openingSegments).toBeNull();
    expect('openingSegments' in (await getManifest({ deps: ctx, bookId: book.id }))).toBe(false);
  });

  it('fills a version stored without them in place (books:resegment), once', async () => {
    const ctx = setup();
    const book = createBook(ctx.db, { skipIndex: true });
    const pdf = readPdf('tracemonkey.pdf');
    const { asset } = await ingestBookPdf({ deps: ctx, bookId: book.id, pdf, source: 'cli', renderCover: false });
    ctx.db.update(pdfAssets).set({ openingSegments: null }).where(eq(pdfAssets.id, asset.id)).run();
    expect(listVersionsWithoutOpeningSegments(ctx)).toEqual([{ bookId: book.id, slug: book.slug }]);
    expect('openingSegments' in (await getManifest({ deps: ctx, bookId: book.id }))).toBe(false);

    const out: string[] = [];
    expect(await runBooksResegment(ctx, { out: (text) => out.push(text), err: (text) => out.push(text) })).toBe(0);
    expect(out.join('')).toContain('Recorded the opening segments of 1 book.');
    const filled = getCurrentAsset({ db: ctx.db, bookId: book.id })!;
    // The same version: the segments are the same bytes.
    expect(filled).toMatchObject({ id: asset.id, version: asset.version });
    expect(filled.openingSegments).toEqual(await recordOpeningSegments(pdf, SEGMENT));
    expect(listVersionsWithoutOpeningSegments(ctx)).toEqual([]);
    expect(await fillOpeningSegments(ctx)).toEqual([]);
  });
});
