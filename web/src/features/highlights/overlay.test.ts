import { describe, expect, it } from 'vitest';
import type { THighlightListItem, TReviewDeck } from '@shared/highlights';
import type { TOutboxEntry } from '@web/storage/db';
import { dueCards, overlayDeck, overlayHighlights } from './overlay';

const BOOK = '11111111-1111-4111-8111-111111111111';
let counter = 0;
const entry = (type: string, payload: unknown, wallMs: number): TOutboxEntry => ({
  id: `m${++counter}`,
  userId: 'u',
  deviceId: 'd',
  type,
  hlc: `${String(wallMs).padStart(15, '0')}-000000-dev`,
  payload,
  createdAt: wallMs,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
});
const server = (change: Partial<THighlightListItem> = {}): THighlightListItem => ({
  id: 'h1',
  bookId: BOOK,
  page: 4,
  start: 0,
  end: 5,
  quote: 'hello',
  color: 'yellow',
  note: null,
  hlc: `${String(1000).padStart(15, '0')}-000000-srv`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  bookTitle: 'A Book',
  bookSlug: 'a-book',
  ...change,
});

describe('overlayHighlights', () => {
  it('shows a pending highlight at once, applies a newer edit, and hides one with a pending delete', () => {
    const added = entry(
      'highlight.upsert',
      { id: 'h2', bookId: BOOK, page: 2, start: 3, end: 9, quote: 'offline', color: 'green', note: ' n ' },
      2000,
    );
    const edit = entry('highlight.upsert', { ...server(), id: 'h1', bookId: BOOK, color: 'pink', note: null }, 3000);
    const list = overlayHighlights([server()], [added, edit], BOOK, { title: 'A Book', slug: 'a-book' });
    expect(list.map((item) => [item.id, item.color, item.note])).toEqual([
      ['h2', 'green', 'n'],
      ['h1', 'pink', null],
    ]);
    const deleted = overlayHighlights([server()], [entry('highlight.delete', { id: 'h1', bookId: BOOK }, 4000)], BOOK);
    expect(deleted).toEqual([]);
  });

  it('keeps the server copy when a pending change is older, and ignores other books', () => {
    const stale = entry('highlight.upsert', { ...server(), color: 'blue' }, 500);
    const other = entry('highlight.delete', { id: 'h1', bookId: 'another-book' }, 5000);
    expect(overlayHighlights([server()], [stale, other], BOOK)).toEqual([server()]);
  });
});

describe('overlayDeck', () => {
  const deck: TReviewDeck = {
    cards: [
      { id: 'c1', highlightId: 'h1', bookId: BOOK, kind: 'quote', hlc: null, createdAt: '2026-01-01T00:00:00.000Z' },
    ],
    highlights: [server()],
    reviews: [],
  };

  it('puts a new card due at once and moves it on after a pending review', () => {
    const now = new Date('2026-02-01T10:00:00.000Z');
    expect(dueCards(overlayDeck(deck, []), now).map((item) => item.card.id)).toEqual(['c1']);
    const reviewed = overlayDeck(deck, [
      entry('card.review', { id: 'r1', cardId: 'c1', rating: 4, reviewedAt: now.toISOString() }, 6000),
    ]);
    expect(reviewed.reviews).toHaveLength(1);
    expect(dueCards(reviewed, now)).toEqual([]);
  });

  it('adds pending cards of known highlights, drops deleted cards and cards whose highlight is deleted', () => {
    const withNew = overlayDeck(deck, [
      entry('highlight.upsert', { id: 'h3', bookId: BOOK, page: 1, start: 0, end: 2, quote: 'hi', color: 'blue' }, 100),
      entry('card.upsert', { id: 'c3', highlightId: 'h3', kind: 'quote' }, 200),
      entry('card.upsert', { id: 'c4', highlightId: 'unknown', kind: 'quote' }, 300),
    ]);
    expect(withNew.cards.map((item) => item.card.id).sort()).toEqual(['c1', 'c3']);
    expect(overlayDeck(deck, [entry('card.delete', { id: 'c1' }, 400)]).cards).toEqual([]);
    expect(overlayDeck(deck, [entry('highlight.delete', { id: 'h1', bookId: BOOK }, 9000)]).cards).toEqual([]);
  });
});
