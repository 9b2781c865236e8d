/**
 * Which segments pdf.js reads to open a book at a page (docs/decisions/026-opening-segments.md), found at ingest by
 * reading the plaintext the way the reader does: through a range transport with the first segment as initial data,
 * `rangeChunkSize` = the segment size, auto-fetch and streaming off (web/src/protected-content/open-protected-book.ts),
 * then drawing the page's operator list and text as the reader's first draw does. Every range pdf.js asks for is
 * recorded as the segments under it. The reader fetches these segments with the first ones, while the licence is
 * being issued, instead of one more round trip after it (pdf.js would ask for them only once it has parsed the
 * cross-reference table).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import type { TOpeningSegments } from '@shared/reader';
import { loadPdfjsInNode } from './pdf-analysis';

export type { TOpeningSegments } from '@shared/reader';

type TLoaded = Awaited<ReturnType<typeof loadPdfjsInNode>>;

interface TRecordingOpen {
  doc: PDFDocumentProxy;
  /** Segments asked for so far. */
  read: Set<number>;
  destroy(): Promise<void>;
}

/**
 * More than this and pdf.js is reading most of a damaged file to open it (it rebuilds the cross-reference table from
 * every byte): the list would make the manifest grow with the book (docs/decisions/022-compact-manifest.md), so none
 * is kept and the reader lets pdf.js ask, as for versions ingested before.
 */
export const MAX_OPENING_SEGMENTS = 64;

const sorted = (segments: Iterable<number>) => [...segments].sort((a, b) => a - b);

/** Opens `pdf` as the reader does, recording every segment pdf.js asks for (segment 0 is the initial data). */
async function openRecording(loaded: TLoaded, pdf: Uint8Array, segmentSize: number): Promise<TRecordingOpen> {
  const { pdfjs, readingOptions } = loaded;
  const read = new Set<number>([0]);
  const length = pdf.length;

  class RecordingTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      const first = Math.floor(begin / segmentSize);
      const last = Math.floor((Math.min(end, length) - 1) / segmentSize);
      for (let index = first; index <= last; index += 1) read.add(index);
      const from = first * segmentSize;
      const to = Math.min(length, (last + 1) * segmentSize);
      // Answered later, as the network would: pdf.js may ask for more meanwhile.
      setImmediate(() => this.onDataRange(from, pdf.slice(from, to)));
    }
  }

  const initial = pdf.slice(0, Math.min(segmentSize, length));
  const transport = new RecordingTransport(length, initial, initial.length >= length);
  const task = pdfjs.getDocument({
    range: transport,
    length,
    rangeChunkSize: segmentSize,
    disableAutoFetch: true,
    disableStream: true,
    ...readingOptions,
  });
  try {
    const doc = await task.promise;
    return { doc, read, destroy: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw error;
  }
}

/** What the reader's first draw asks of a page: its operator list (the canvas) and its text (the text layer). */
async function drawPage(doc: PDFDocumentProxy, pageNumber: number): Promise<void> {
  const page = await doc.getPage(pageNumber);
  await page.getOperatorList();
  await page.getTextContent();
  page.cleanup();
}

/**
 * The segments pdf.js reads to open `pdf` (cut into `segmentSize` segments) and to draw its page 1. Throws what
 * pdf.js throws; null when that is more than MAX_OPENING_SEGMENTS. Every other page is left to the reader's guess (chunkIndexForPage): recording each page exactly
 * means opening the file afresh per page, about 30 times the whole analysis (docs/decisions/026-opening-segments.md).
 */
export async function recordOpeningSegments(pdf: Uint8Array, segmentSize: number): Promise<TOpeningSegments | null> {
  const loaded = await loadPdfjsInNode();
  const { doc, read, destroy } = await openRecording(loaded, pdf, segmentSize);
  try {
    const document = sorted(read);
    await drawPage(doc, 1);
    if (read.size > MAX_OPENING_SEGMENTS) return null;
    return { document, firstPage: sorted([...read].filter((index) => !document.includes(index))) };
  } finally {
    await destroy();
  }
}
