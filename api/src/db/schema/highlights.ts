/**
 * Highlights, notes and review cards (docs/product/highlights.md). Every row is made on a device and
 * arrives through offline sync (api/src/features/sync with the handlers of features/highlights): ids
 * are the device's, deletions are tombstones (deletedAt) so devices converge, and a card's schedule is
 * not stored but replayed from card_reviews (append-once by the device-made id). Written only by the
 * highlights sync handlers and the demo seed.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
// Relative, not @shared: drizzle-kit loads the schema without the project's path aliases.
import { CARD_KINDS, HIGHLIGHT_COLORS } from '../../../../shared/highlights.schemas';
import { enumCheck, id, timestampMs, timestamps, createdAt } from './columns';
import { ownedBookId, ownerUserId } from './refs';

export const highlights = sqliteTable(
  'highlights',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    page: integer('page').notNull(),
    /** Offsets into the page's anchor text (shared/highlights.ts anchorText). */
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    /** The highlighted text as selected: shown in lists and used to find the place again. */
    quote: text('quote').notNull(),
    color: text('color', { enum: HIGHLIGHT_COLORS }).notNull(),
    note: text('note'),
    hlc: text('hlc'),
    deletedAt: timestampMs('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('highlights_user_book_idx').on(table.userId, table.bookId, table.page),
    index('highlights_book_idx').on(table.bookId),
    check('highlights_page_check', sql`${table.page} >= 1`),
    check('highlights_offsets_check', sql`${table.startOffset} >= 0 and ${table.endOffset} > ${table.startOffset}`),
    enumCheck('highlights_color_check', table.color, HIGHLIGHT_COLORS),
  ],
);

export const reviewCards = sqliteTable(
  'review_cards',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    highlightId: text('highlight_id')
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    /** 'quote': the highlighted text is the question; 'note': the reader's note is. */
    kind: text('kind', { enum: CARD_KINDS }).notNull(),
    hlc: text('hlc'),
    deletedAt: timestampMs('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('review_cards_user_idx').on(table.userId),
    index('review_cards_highlight_idx').on(table.highlightId),
    index('review_cards_book_idx').on(table.bookId),
    enumCheck('review_cards_kind_check', table.kind, CARD_KINDS),
  ],
);

export const cardReviews = sqliteTable(
  'card_reviews',
  {
    id: id(),
    userId: ownerUserId(),
    cardId: text('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    reviewedAt: timestampMs('reviewed_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('card_reviews_user_idx').on(table.userId, table.reviewedAt),
    index('card_reviews_card_idx').on(table.cardId),
    check('card_reviews_rating_check', sql`${table.rating} between 1 and 4`),
  ],
);
