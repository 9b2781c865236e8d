import { describe, expect, it } from 'vitest';
import { nextReadingSpeed } from '../reader-settings';
import { chapterBounds, formatTimeLeft, readingProgress } from './reading-progress';

const outline = [
  { id: '0', title: 'One', dest: null, page: 3, children: [] },
  { id: '1', title: 'Two', dest: null, page: 10, children: [] },
  { id: '2', title: 'Broken', dest: null, page: null, children: [] },
];

describe('reading progress', () => {
  it('finds the chapter being read from the outline', () => {
    expect(chapterBounds(outline, 5, 20)).toEqual({ title: 'One', first: 3, last: 9 });
    expect(chapterBounds(outline, 12, 20)).toEqual({ title: 'Two', first: 10, last: 20 });
    expect(chapterBounds(outline, 1, 20)).toEqual({ title: null, first: 1, last: 2 });
    expect(chapterBounds([], 7, 20)).toEqual({ title: null, first: 1, last: 20 });
  });

  it('gives the percent and the time left from the reader speed', () => {
    const progress = readingProgress({ page: 5, pagesCount: 20, outline, secondsPerPage: 60 });
    expect(progress.percent).toBe(25);
    expect(progress.pagesLeftInChapter).toBe(4);
    expect(progress.secondsLeftInChapter).toBe(270);
    expect(progress.secondsLeftInBook).toBe(15.5 * 60);
    expect(readingProgress({ page: 5, pagesCount: 20, outline, secondsPerPage: null }).secondsLeftInBook).toBeNull();
  });

  it('formats the time left', () => {
    expect(formatTimeLeft(20)).toBe('under a minute');
    expect(formatTimeLeft(6 * 60)).toBe('6 min');
    expect(formatTimeLeft(65 * 60)).toBe('1 h 5 min');
    expect(formatTimeLeft(12 * 3600 + 100)).toBe('12 h');
  });

  it('learns the speed from real page turns only', () => {
    const start = { secondsPerPage: null, speedSamples: 0 };
    expect(nextReadingSpeed(start, 1)).toBe(start);
    expect(nextReadingSpeed(start, 3600)).toBe(start);
    const first = nextReadingSpeed(start, 60);
    expect(first).toEqual({ secondsPerPage: 60, speedSamples: 1 });
    const second = nextReadingSpeed(first, 100);
    expect(second.secondsPerPage).toBeCloseTo(66);
    expect(second.speedSamples).toBe(2);
  });
});
