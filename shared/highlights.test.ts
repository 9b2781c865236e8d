import { describe, expect, it } from 'vitest';
import {
  anchorText,
  highlightsToMarkdown,
  locateHighlight,
  mergeHighlight,
  reviewStreak,
  scheduleCard,
  type THighlightValue,
} from './highlights';

const value = (change: Partial<THighlightValue> = {}): THighlightValue => ({
  id: 'h1',
  bookId: 'b1',
  page: 3,
  start: 0,
  end: 5,
  quote: 'hello',
  color: 'yellow',
  note: null,
  hlc: '000000000001000-000000-a',
  deleted: false,
  ...change,
});

describe('mergeHighlight', () => {
  it('keeps the later stamp, lets a tombstone win a tie, and is commutative', () => {
    const older = value();
    const newer = value({ color: 'blue', hlc: '000000000002000-000000-b' });
    expect(mergeHighlight(older, newer)).toBe(newer);
    expect(mergeHighlight(newer, older)).toBe(newer);
    const tombstone = value({ deleted: true });
    expect(mergeHighlight(older, tombstone)).toBe(tombstone);
    expect(mergeHighlight(tombstone, older)).toBe(tombstone);
  });
});

describe('anchoring', () => {
  it('counts the same characters in the page view and the reflowed text view', () => {
    expect(anchorText('A quiet har-\nbour, at  night')).toBe(anchorText('A quiet harbour, at night'));
  });

  it('uses the stored offsets while the quote is there, else the nearest occurrence, else nothing', () => {
    const page = anchorText('the sea; the sea again; the sea');
    const at = page.indexOf('thesea', 10);
    expect(locateHighlight(page, { start: at, end: at + 6, quote: 'the sea' })).toEqual({ start: at, end: at + 6 });
    const last = page.lastIndexOf('thesea');
    expect(locateHighlight(page, { start: last + 3, end: last + 9, quote: 'the sea' })).toEqual({
      start: last,
      end: last + 6,
    });
    expect(locateHighlight(page, { start: 0, end: 4, quote: 'lighthouse' })).toBeNull();
  });
});

describe('scheduleCard', () => {
  it('is due at once when new, later after a good review, and the same whatever order the reviews arrive in', () => {
    expect(scheduleCard([]).due.getTime()).toBe(0);
    const reviews = [
      { id: 'r1', rating: 3 as const, reviewedAt: '2026-01-01T10:00:00.000Z' },
      { id: 'r2', rating: 1 as const, reviewedAt: '2026-01-01T10:05:00.000Z' },
      { id: 'r3', rating: 4 as const, reviewedAt: '2026-01-02T10:00:00.000Z' },
    ];
    const forward = scheduleCard(reviews);
    const backward = scheduleCard([...reviews].reverse());
    expect(forward).toEqual(backward);
    expect(forward.reps).toBe(3);
    expect(forward.lapses).toBeGreaterThanOrEqual(0);
    expect(forward.due.getTime()).toBeGreaterThan(Date.parse('2026-01-02T10:00:00.000Z'));
  });
});

describe('reviewStreak', () => {
  it('counts days in a row ending today, or yesterday before today is reviewed', () => {
    const now = new Date(2026, 2, 10, 12);
    const day = (d: number) => new Date(2026, 2, d, 9).toISOString();
    expect(reviewStreak([day(10), day(9), day(8), day(6)], now)).toBe(3);
    expect(reviewStreak([day(9), day(8)], now)).toBe(2);
    expect(reviewStreak([day(7)], now)).toBe(0);
    expect(reviewStreak([], now)).toBe(0);
  });
});

describe('highlightsToMarkdown', () => {
  it('escapes markup so quotes and notes stay text', () => {
    const markdown = highlightsToMarkdown(
      { title: 'A # Title', author: null },
      [{ page: 4, quote: '<b>bold</b>', note: '[link](javascript:x)', color: 'yellow' }],
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(markdown).toBe(
      '# A \\# Title\n\nHighlights and notes exported on 2026-03-01\\.\n\n'.replace('\\.', '.') +
        '> \\<b\\>bold\\</b\\>\n\nNote: \\[link\\]\\(javascript:x\\)\n\n— page 4\n',
    );
  });
});
