/**
 * Segment arithmetic of the protected reader (docs/decisions/016-small-segments-and-range-reading.md): which
 * segments hold a byte range of the book, and how the missing ones are grouped into runs of adjacent
 * segments, each fetched with one request (GET /api/books/:id/chunks?v=&from=&count=). Pure.
 */
import { MAX_CHUNK_RUN_BYTES, MAX_CHUNKS_PER_REQUEST } from '@shared/reader';

export interface TSegmentRun {
  from: number;
  count: number;
}

/** Indexes of the segments holding bytes [begin, end) of a book cut into `chunkSize` segments. */
export function segmentsOfRange(begin: number, end: number, chunkSize: number): number[] {
  if (!(end > begin) || begin < 0 || chunkSize <= 0) return [];
  const first = Math.floor(begin / chunkSize);
  const last = Math.floor((end - 1) / chunkSize);
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

/** The most segments one request may carry at this segment size (and never more than the server answers). */
export function maxSegmentsPerRequest(chunkSize: number): number {
  return Math.max(1, Math.min(MAX_CHUNKS_PER_REQUEST, Math.floor(MAX_CHUNK_RUN_BYTES / chunkSize)));
}

/**
 * Groups segment indexes into runs of adjacent segments of at most `maxCount` each, in ascending order.
 * Duplicates are ignored; [1, 2, 3, 7, 8] with a limit of 2 gives {1, 2}, {3, 1}, {7, 2}.
 */
export function coalesceRuns(indexes: readonly number[], maxCount: number): TSegmentRun[] {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const runs: TSegmentRun[] = [];
  for (const index of sorted) {
    const run = runs.at(-1);
    if (run && run.from + run.count === index && run.count < maxCount) run.count += 1;
    else runs.push({ from: index, count: 1 });
  }
  return runs;
}

/**
 * The segments holding the last `tailBytes` bytes of the file: what pdf.js reads right after the first
 * segment (startxref, the trailer and the cross-reference table at the end of the file).
 */
export function tailSegments(size: number, chunkSize: number, tailBytes = 1024): number[] {
  return segmentsOfRange(Math.max(0, size - tailBytes), size, chunkSize);
}

/** Splits the body of a run answer into its segments' ciphertexts, by their sizes from the manifest. */
export function splitRun(body: ArrayBuffer, sizes: readonly number[]): ArrayBuffer[] | null {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (body.byteLength !== total) return null;
  let offset = 0;
  return sizes.map((size) => {
    const part = body.slice(offset, offset + size);
    offset += size;
    return part;
  });
}
