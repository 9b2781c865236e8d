import { describe, expect, it } from 'vitest';
import { formatReadingTime } from './format';

describe('formatReadingTime', () => {
  it('reads as hours and minutes', () => {
    expect(formatReadingTime(0)).toBe('0 min');
    expect(formatReadingTime(30_000)).toBe('Under a minute');
    expect(formatReadingTime(45 * 60_000)).toBe('45 min');
    expect(formatReadingTime(120 * 60_000)).toBe('2 h');
    expect(formatReadingTime((3 * 60 + 25) * 60_000 + 59_000)).toBe('3 h 25 min');
    expect(formatReadingTime(Number.NaN)).toBe('0 min');
  });
});
