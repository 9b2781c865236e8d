import { describe, expect, it } from 'vitest';
import { pickContinueReading, progressPercentage, reachesEnd, readingStatus } from './progress';

describe('progressPercentage', () => {
  it('is the position as a percentage with one decimal, within 0-100', () => {
    expect(progressPercentage(30, 300)).toBe(10);
    expect(progressPercentage(1, 3)).toBe(33.3);
    expect(progressPercentage(400, 300)).toBe(100);
    expect(progressPercentage(0, 300)).toBe(0);
  });

  it('is 0 when the length of the book is unknown', () => {
    expect(progressPercentage(12, null)).toBe(0);
    expect(progressPercentage(12, 0)).toBe(0);
  });
});

describe('readingStatus', () => {
  it('finished beats in progress; nothing read is not started', () => {
    expect(readingStatus(null)).toBe('not_started');
    expect(readingStatus({ completedAt: null, furthestPage: 0 })).toBe('not_started');
    expect(readingStatus({ completedAt: null, furthestPage: 4 })).toBe('in_progress');
    expect(readingStatus({ completedAt: '2026-03-01T00:00:00.000Z', furthestPage: 4 })).toBe('finished');
  });

  it('reachesEnd only with a known length', () => {
    expect(reachesEnd(300, 300)).toBe(true);
    expect(reachesEnd(299, 300)).toBe(false);
    expect(reachesEnd(300, null)).toBe(false);
  });
});

describe('pickContinueReading', () => {
  it('picks the most recently read book still in progress', () => {
    const items = [
      { id: 'a', status: 'in_progress' as const, lastReadAt: '2026-03-01T10:00:00.000Z' },
      { id: 'b', status: 'finished' as const, lastReadAt: '2026-03-03T10:00:00.000Z' },
      { id: 'c', status: 'in_progress' as const, lastReadAt: '2026-03-02T10:00:00.000Z' },
    ];
    expect(pickContinueReading(items)?.id).toBe('c');
    expect(pickContinueReading(items.filter((item) => item.status === 'finished'))).toBeNull();
  });
});
