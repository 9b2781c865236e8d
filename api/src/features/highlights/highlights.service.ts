/**
 * Highlights, notes and review cards, read side (docs/product/highlights.md): a reader's highlights
 * (per book or across books), the count per book for /library, the Markdown export (counted against
 * the book's copy budget, docs/product/highlights.md#export) and the review deck. Always the session
 * user's own rows; writes arrive through POST /api/sync (highlights.sync.ts).
 */
import {
  HIGHLIGHT_MESSAGES,
  highlightsToMarkdown,
  type TCardReview,
  type THighlightBookCount,
  type THighlightList,
  type THighlightListItem,
  type TReviewCard,
  type TReviewDeck,
} from '@shared/highlights';
import type { TCardKind, THighlightColor, THighlightsQuery, TReviewRating } from '@shared/highlights.schemas';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { AppError, notFound } from '../../lib/app-error';
import { addCopyEvent } from '../reader/reader.service';

const iso = (ms: number) => new Date(ms).toISOString();

interface THighlightRow {
  id: string;
  book_id: string;
  page: number;
  start_offset: number;
  end_offset: number;
  quote: string;
  color: THighlightColor;
  note: string | null;
  hlc: string | null;
  created_at: number;
  updated_at: number;
  title: string;
  slug: string;
}

const HIGHLIGHT_COLUMNS = `h.id, h.book_id, h.page, h.start_offset, h.end_offset, h.quote, h.color, h.note, h.hlc,
  h.created_at, h.updated_at, b.title, b.slug`;

const statements = perConnection((db: Db) => {
  const client = db.$client;
  return {
    bookByRef: client.prepare<[string, string], { id: string; title: string; author: string }>(
      'select id, title, author from books where id = ? or slug = ? limit 1',
    ),
    ofBook: client.prepare<[string, string], THighlightRow>(
      `select ${HIGHLIGHT_COLUMNS} from highlights h join books b on b.id = h.book_id
       where h.user_id = ? and h.book_id = ? and h.deleted_at is null
       order by h.page, h.start_offset, h.created_at, h.id`,
    ),
    countOfBook: client
      .prepare<[string, string], number>(
        'select count(*) from highlights where user_id = ? and book_id = ? and deleted_at is null',
      )
      .pluck(),
    all: client.prepare<[string, number, number], THighlightRow>(
      `select ${HIGHLIGHT_COLUMNS} from highlights h join books b on b.id = h.book_id
       where h.user_id = ? and h.deleted_at is null
       order by h.created_at desc, h.id limit ? offset ?`,
    ),
    countAll: client
      .prepare<[string], number>('select count(*) from highlights where user_id = ? and deleted_at is null')
      .pluck(),
    perBook: client.prepare<
      [string],
      { book_id: string; title: string; slug: string; highlights: number; notes: number; last_at: number }
    >(
      `select h.book_id, b.title, b.slug, count(*) as highlights, count(h.note) as notes, max(h.created_at) as last_at
       from highlights h join books b on b.id = h.book_id
       where h.user_id = ? and h.deleted_at is null
       group by h.book_id order by last_at desc`,
    ),
    cards: client.prepare<
      [string],
      { id: string; highlight_id: string; book_id: string; kind: TCardKind; hlc: string | null; created_at: number }
    >(
      `select c.id, c.highlight_id, c.book_id, c.kind, c.hlc, c.created_at from review_cards c
       join highlights h on h.id = c.highlight_id
       where c.user_id = ? and c.deleted_at is null and h.deleted_at is null
       order by c.created_at, c.id`,
    ),
    cardHighlights: client.prepare<[string], THighlightRow>(
      `select ${HIGHLIGHT_COLUMNS} from highlights h join books b on b.id = h.book_id
       where h.deleted_at is null and h.id in (
         select c.highlight_id from review_cards c where c.user_id = ? and c.deleted_at is null)`,
    ),
    reviews: client.prepare<[string], { id: string; card_id: string; rating: number; reviewed_at: number }>(
      `select r.id, r.card_id, r.rating, r.reviewed_at from card_reviews r
       join review_cards c on c.id = r.card_id
       where r.user_id = ? and c.deleted_at is null order by r.reviewed_at, r.id`,
    ),
  };
});

function toItem(row: THighlightRow): THighlightListItem {
  return {
    id: row.id,
    bookId: row.book_id,
    page: row.page,
    start: row.start_offset,
    end: row.end_offset,
    quote: row.quote,
    color: row.color,
    note: row.note,
    hlc: row.hlc,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    bookTitle: row.title,
    bookSlug: row.slug,
  };
}

function findBook(db: Db, bookRef: string) {
  const book = statements(db).bookByRef.get(bookRef, bookRef);
  if (!book) throw notFound('Book');
  return book;
}

/** GET /api/highlights: one book's highlights in page order, or all of them, newest first, paged. */
export function listHighlights(options: { db: Db; userId: string; query: THighlightsQuery }): THighlightList {
  const { db, userId, query } = options;
  const s = statements(db);
  if (query.bookId) {
    const book = findBook(db, query.bookId);
    const rows = s.ofBook.all(userId, book.id);
    const pageRows = rows.slice((query.page - 1) * query.limit, query.page * query.limit);
    return { items: pageRows.map(toItem), total: rows.length, page: query.page, limit: query.limit };
  }
  const rows = s.all.all(userId, query.limit, (query.page - 1) * query.limit);
  return { items: rows.map(toItem), total: s.countAll.get(userId) ?? 0, page: query.page, limit: query.limit };
}

/** GET /api/highlights/books: each book with highlights, most recently highlighted first. */
export function countHighlightsPerBook(options: { db: Db; userId: string }): THighlightBookCount[] {
  return statements(options.db)
    .perBook.all(options.userId)
    .map((row) => ({
      bookId: row.book_id,
      bookTitle: row.title,
      bookSlug: row.slug,
      highlights: row.highlights,
      notes: row.notes,
      lastHighlightedAt: iso(row.last_at),
    }));
}

/** Characters an export takes out of the book: its quotes, white space counted as in a copy. */
export function exportCharacters(quotes: readonly string[]): number {
  return quotes.reduce((sum, quote) => sum + [...quote.replace(/\s+/g, ' ').trim()].length, 0);
}

/**
 * POST /api/highlights/books/:bookId/export: the book's highlights and notes as Markdown. The quoted
 * book text counts against the copy budget like a copy from the reader (the reader's own notes do
 * not); an export that would pass the limit is refused whole (422) and counts nothing.
 */
export function exportHighlights(options: { db: Db; userId: string; bookRef: string; now: Date }): {
  fileName: string;
  markdown: string;
} {
  const { db, userId, bookRef, now } = options;
  const book = findBook(db, bookRef);
  const rows = statements(db).ofBook.all(userId, book.id);
  if (rows.length === 0) throw new AppError('nothing_to_export', 404, HIGHLIGHT_MESSAGES.nothingToExport);
  addCopyEvent({ db, userId, bookId: book.id, characters: exportCharacters(rows.map((row) => row.quote)), now });
  const slug = rows[0].slug || 'book';
  return {
    fileName: `${slug}-highlights.md`,
    markdown: highlightsToMarkdown({ title: book.title, author: book.author || null }, rows, now),
  };
}

/** GET /api/review-cards: the reader's live cards, their highlights and every review of them. */
export function readReviewDeck(options: { db: Db; userId: string }): TReviewDeck {
  const s = statements(options.db);
  const cards: TReviewCard[] = s.cards.all(options.userId).map((row) => ({
    id: row.id,
    highlightId: row.highlight_id,
    bookId: row.book_id,
    kind: row.kind,
    hlc: row.hlc,
    createdAt: iso(row.created_at),
  }));
  const reviews: TCardReview[] = s.reviews.all(options.userId).map((row) => ({
    id: row.id,
    cardId: row.card_id,
    rating: row.rating as TReviewRating,
    reviewedAt: iso(row.reviewed_at),
  }));
  return { cards, highlights: s.cardHighlights.all(options.userId).map(toItem), reviews };
}
