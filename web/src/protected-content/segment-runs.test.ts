import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHUNKS_PER_REQUEST } from '@shared/reader';
import { coalesceRuns, maxSegmentsPerRequest, segmentsOfRange, splitRun, tailSegments } from './segment-runs';

describe('segment arithmetic', () => {
  it('finds the segments under a byte range, at and across their edges', () => {
    expect(segmentsOfRange(0, 1, 100)).toEqual([0]);
    expect(segmentsOfRange(0, 100, 100)).toEqual([0]);
    expect(segmentsOfRange(99, 101, 100)).toEqual([0, 1]);
    expect(segmentsOfRange(100, 350, 100)).toEqual([1, 2, 3]);
    expect(segmentsOfRange(5, 5, 100)).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 999 }),
        (begin, length, size) => {
          const indexes = segmentsOfRange(begin, begin + length, size);
          // Every byte asked for is in one of them, and the first and last each hold one.
          expect(indexes[0] * size).toBeLessThanOrEqual(begin);
          expect((indexes.at(-1)! + 1) * size).toBeGreaterThanOrEqual(begin + length);
          expect(indexes[0] * size + size).toBeGreaterThan(begin);
          expect(indexes.at(-1)! * size).toBeLessThan(begin + length);
        },
      ),
    );
  });

  it('groups adjacent segments into runs no longer than the limit, each segment once', () => {
    expect(coalesceRuns([1, 2, 3, 7, 8], 2)).toEqual([
      { from: 1, count: 2 },
      { from: 3, count: 1 },
      { from: 7, count: 2 },
    ]);
    expect(coalesceRuns([8, 3, 3, 4], 64)).toEqual([
      { from: 3, count: 2 },
      { from: 8, count: 1 },
    ]);
    expect(coalesceRuns([], 4)).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 })), fc.integer({ min: 1, max: 70 }), (indexes, limit) => {
        const runs = coalesceRuns(indexes, limit);
        const covered = runs.flatMap((run) => Array.from({ length: run.count }, (_, offset) => run.from + offset));
        expect(covered).toEqual([...new Set(indexes)].sort((a, b) => a - b));
        expect(runs.every((run) => run.count >= 1 && run.count <= limit)).toBe(true);
      }),
    );
  });

  it('keeps a request within the server limit and 4 MiB, at any segment size', () => {
    expect(maxSegmentsPerRequest(64 * 1024)).toBe(MAX_CHUNKS_PER_REQUEST);
    expect(maxSegmentsPerRequest(128 * 1024)).toBe(32);
    expect(maxSegmentsPerRequest(1024 * 1024)).toBe(4);
    expect(maxSegmentsPerRequest(16 * 1024 * 1024)).toBe(1);
  });

  it('names the segments holding the end of the file, two when the last one is short', () => {
    expect(tailSegments(10_000, 4096)).toEqual([2]);
    expect(tailSegments(8192 + 100, 4096)).toEqual([1, 2]);
    expect(tailSegments(500, 4096)).toEqual([0]);
  });

  it('splits a run answer by the manifest sizes, and refuses one of the wrong length', () => {
    const body = new Uint8Array([1, 2, 3, 4, 5, 6]).buffer;
    expect(splitRun(body, [2, 4])?.map((part) => [...new Uint8Array(part)])).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
    expect(splitRun(body, [2, 3])).toBeNull();
    expect(splitRun(body, [2, 5])).toBeNull();
  });
});
