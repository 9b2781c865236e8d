// @vitest-environment node
/**
 * The transport against the real pdf.js: a PDF encrypted in chunks opens through it, the first page's
 * text is there before the whole book has been fetched, and later pages arrive by range requests.
 * Runs pdf.js's legacy build with its in-thread worker, as Node (the test runtime) needs.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChunkSource, type CiphertextFetcher } from './chunk-source';
import { createProtectedRangeTransport } from './protected-range-transport';
import { encryptBook } from './protected-test-support';

type TPdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: TPdfjs;

beforeAll(async () => {
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
});

afterAll(() => {
  delete (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker;
});

async function makePdf(pageCount: number): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed.toString(36);
  };
  for (let number = 1; number <= pageCount; number++) {
    const page = pdf.addPage([420, 595]);
    page.drawText(`Protected page ${number}`, { x: 40, y: 550, size: 18, font });
    for (let line = 0; line < 40; line++) {
      page.drawText(Array.from({ length: 8 }, word).join(' '), { x: 40, y: 520 - line * 12, size: 9, font });
    }
  }
  // Object streams (pdf-lib's default, as the ingest pipeline writes) keep the page dictionaries
  // together, so opening needs the ends of the file rather than every chunk.
  return new Uint8Array(await pdf.save({ useObjectStreams: true }));
}

async function pageText(
  document: Awaited<ReturnType<TPdfjs['getDocument']>['promise']>,
  number: number,
): Promise<string> {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('protected range transport with pdf.js', () => {
  it('renders page 1 from part of the book, then fetches other pages by range', async () => {
    const plaintext = await makePdf(60);
    const chunkSize = 16 * 1024;
    const book = await encryptBook(plaintext, { bookId: 'book-pdf', chunkSize });
    expect(book.manifest.chunkCount).toBeGreaterThan(6);
    const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    const fetched = new Set<number>();
    const fetcher: CiphertextFetcher = {
      async fetchChunk(index) {
        fetched.add(index);
        return book.chunks[index].slice(0);
      },
    };
    const source = createChunkSource({ manifest: book.manifest, key, fetcher });
    const errors: unknown[] = [];
    const range = createProtectedRangeTransport(pdfjs.PDFDataRangeTransport, {
      source,
      initialData: await source.readChunk(0),
      onError: (error) => errors.push(error),
    });
    const task = pdfjs.getDocument({
      range,
      length: book.manifest.size,
      rangeChunkSize: chunkSize,
      disableAutoFetch: true,
      disableStream: true,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    try {
      const document = await task.promise;
      expect(document.numPages).toBe(60);
      expect(await pageText(document, 1)).toContain('Protected page 1');
      expect(fetched.size).toBeLessThanOrEqual(book.manifest.chunkCount / 2);
      expect(await pageText(document, 60)).toContain('Protected page 60');
      expect(await pageText(document, 31)).toContain('Protected page 31');
      expect(errors).toEqual([]);
    } finally {
      await task.destroy();
      source.close();
    }
  });
});
