/**
 * `npm run bench segments`: what pdf.js asks for to draw one page when it reads a book through a range
 * transport with auto-fetch and streaming off, as the protected reader does
 * (docs/decisions/016-small-segments-and-range-reading.md), for several segment sizes.
 *
 * For each PDF and segment size, pdf.js (the legacy build, in this process) opens the document with the
 * first segment as initial data and everything else asked for through requestDataRange, then builds
 * the operator list and the text of one page (page 1, and page 150 of a long book). Each range pdf.js
 * asks for becomes the segments it covers (one coalesced request per range, as the reader sends it);
 * ranges asked for while earlier ones are still unanswered are answered together, so "rounds" counts
 * round trips that wait for one another. The phone estimate is rounds × 150 ms + bytes at 1.6 Mbit/s
 * (ciphertext: + 16 bytes per segment, + ~400 bytes of HTTP headers per request), the phone
 * profile without CPU time. For page 1 it also gives the estimate when the manifest lists these segments, as
 * ingestion records them (docs/decisions/026-opening-segments.md): one round, one request per run. No network and
 * no crypto: this measures only what the layout of the file and the segment size make pdf.js fetch
 * (docs/decisions/028-16-kib-segments.md chose the size from it).
 *
 * PDFs: three demo books typeset as the seed does, the real-world PDFs in content/pdfs, and any PDF in
 * BENCH_SEGMENTS_DIR (for comparing, say, linearised copies of the same files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CHUNK_TAG_BYTES, MAX_CHUNKS_PER_REQUEST } from '@shared/reader';
import { coalesceRuns } from '../web/src/protected-content/segment-runs';
import { typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { writeResult } from './lib';

const KIB = 1024;
export const SEGMENT_SIZES = [16 * KIB, 32 * KIB, 64 * KIB, 128 * KIB, 256 * KIB, 1024 * KIB];
const PHONE_RTT_MS = 150;
const PHONE_BYTES_PER_MS = 1_600_000 / 8 / 1000;
const HTTP_OVERHEAD_BYTES = 400;
const RESUME_PAGE = 150;
const DEMO_BOOKS = ['the-wealth-of-nations', 'the-republic', 'the-prince'];

type TPdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

export interface TPageFetch {
  pdf: string;
  bytes: number;
  page: number;
  segmentSize: number;
  requests: number;
  rounds: number;
  segments: number;
  fetchedBytes: number;
  phoneEstimateMs: number;
  /**
   * Page 1 only: the estimate when the manifest lists these segments (docs/decisions/026-opening-segments.md), so
   * the reader asks for all of them in its first round, one request per run of adjacent segments.
   */
  listedPhoneEstimateMs: number | null;
}

async function loadPdfjs(): Promise<{ pdfjs: TPdfjs; standardFontDataUrl: string }> {
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { pdfjs, standardFontDataUrl: `${path.join(root, 'standard_fonts')}/` };
}

/** Opens `bytes` through a range transport and draws `page`'s operator list and text; counts what was asked. */
export async function measurePageFetch(
  loaded: { pdfjs: TPdfjs; standardFontDataUrl: string },
  name: string,
  bytes: Uint8Array,
  segmentSize: number,
  page: number,
): Promise<TPageFetch> {
  const { pdfjs } = loaded;
  const segmentCount = Math.ceil(bytes.length / segmentSize);
  const fetched = new Set<number>([0]);
  let requests = 0;
  let rounds = 0;
  let pending: { begin: number; end: number }[] = [];
  let scheduled = false;

  class CountingTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      pending.push({ begin, end });
      if (scheduled) return;
      scheduled = true;
      // Whatever pdf.js asks for before this answer arrives shares the round trip.
      setTimeout(() => {
        scheduled = false;
        const batch = pending;
        pending = [];
        rounds += 1;
        for (const range of batch) {
          const first = Math.floor(range.begin / segmentSize);
          const last = Math.floor((Math.min(range.end, bytes.length) - 1) / segmentSize);
          let missing = false;
          for (let index = first; index <= last; index += 1) {
            if (!fetched.has(index)) missing = true;
            fetched.add(index);
          }
          if (missing) requests += 1;
          const from = first * segmentSize;
          const to = Math.min(bytes.length, (last + 1) * segmentSize);
          this.onDataRange(from, bytes.slice(from, to));
        }
      }, 1);
    }
  }

  const initial = bytes.slice(0, Math.min(segmentSize, bytes.length));
  const transport = new CountingTransport(bytes.length, initial, initial.length >= bytes.length);
  const task = pdfjs.getDocument({
    range: transport,
    length: bytes.length,
    rangeChunkSize: segmentSize,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    standardFontDataUrl: loaded.standardFontDataUrl,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const proxy = await doc.getPage(Math.min(page, doc.numPages));
    await proxy.getOperatorList();
    await proxy.getTextContent();
  } finally {
    await task.destroy();
  }
  const fetchedBytes = [...fetched].reduce(
    (sum, index) => sum + Math.min(segmentSize, bytes.length - index * segmentSize) + CHUNK_TAG_BYTES,
    0,
  );
  const wireBytes = fetchedBytes + (requests + 1) * HTTP_OVERHEAD_BYTES;
  const listedRuns = coalesceRuns([...fetched], MAX_CHUNKS_PER_REQUEST).length;
  return {
    pdf: name,
    bytes: bytes.length,
    page,
    segmentSize,
    requests: requests + 1,
    rounds: rounds + 1,
    segments: Math.min(fetched.size, segmentCount),
    fetchedBytes,
    phoneEstimateMs: Math.round((rounds + 1) * PHONE_RTT_MS + wireBytes / PHONE_BYTES_PER_MS),
    listedPhoneEstimateMs:
      page === 1
        ? Math.round(PHONE_RTT_MS + (fetchedBytes + listedRuns * HTTP_OVERHEAD_BYTES) / PHONE_BYTES_PER_MS)
        : null,
  };
}

async function pdfsToMeasure(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const pdfs: { name: string; bytes: Uint8Array }[] = [];
  for (const slug of DEMO_BOOKS) pdfs.push({ name: slug, bytes: (await typesetContentBook(slug)).bytes });
  const folders = [path.resolve('content/pdfs'), process.env.BENCH_SEGMENTS_DIR].filter(Boolean) as string[];
  for (const folder of folders) {
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.pdf'))) {
      pdfs.push({
        name: path.join(path.basename(folder), file),
        bytes: new Uint8Array(fs.readFileSync(path.join(folder, file))),
      });
    }
  }
  return pdfs;
}

export async function benchSegments() {
  const loaded = await loadPdfjs();
  const rows: TPageFetch[] = [];
  for (const { name, bytes } of await pdfsToMeasure()) {
    const pages = [1];
    const doc = await loaded.pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    if (doc.numPages >= RESUME_PAGE) pages.push(RESUME_PAGE);
    await doc.destroy();
    for (const page of pages) {
      for (const segmentSize of SEGMENT_SIZES)
        rows.push(await measurePageFetch(loaded, name, bytes, segmentSize, page));
    }
  }
  writeResult('segments', { phone: { rttMs: PHONE_RTT_MS, kbps: 1600 }, rows });
  return rows;
}
