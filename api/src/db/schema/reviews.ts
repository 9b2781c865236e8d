/**
 * Reviews and ratings (docs/product/data-model.md#stored-tables: book_reviews, review_helpful_votes). One review per
 * reader and book; one helpfulness vote per reader and review. Written by the reviews service, which also keeps
 * books.rating / totalRatings / totalReviews and book_reviews.helpfulVotes up to date. review_reports: readers' reports
 * of a review, for the moderators' queue.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId, ownedBookId } from './refs';

export const bookReviews = sqliteTable(
  'book_reviews',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    rating: integer('rating').notNull(),
    reviewTitle: text('review_title', { length: 200 }),
    reviewText: text('review_text'),
    isVerifiedPurchase: bool('is_verified_purchase').notNull().default(false),
    helpfulVotes: integer('helpful_votes').notNull().default(0),
    isApproved: bool('is_approved').notNull().default(true),
    /** The reviewer marked the text as giving away the plot: readers see it only after a click. */
    hasSpoilers: bool('has_spoilers').notNull().default(false),
    /** Why a moderator hid (or restored) it; shown to the author (docs/product/reviews-and-challenges.md#moderation). */
    moderationReason: text('moderation_reason'),
    moderatedAt: timestampMs('moderated_at'),
    moderatedById: text('moderated_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('book_reviews_user_book_unique').on(table.userId, table.bookId),
    index('book_reviews_book_idx').on(table.bookId, table.isApproved, table.createdAt),
    index('book_reviews_user_idx').on(table.userId, table.createdAt),
    check('book_reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('book_reviews_title_check', sql`${table.reviewTitle} is null or length(${table.reviewTitle}) <= 200`),
    check('book_reviews_votes_check', sql`${table.helpfulVotes} >= 0`),
  ],
);

export const reviewHelpfulVotes = sqliteTable(
  'review_helpful_votes',
  {
    id: id(),
    userId: ownerUserId(),
    reviewId: text('review_id')
      .notNull()
      .references(() => bookReviews.id, { onDelete: 'cascade' }),
    isHelpful: bool('is_helpful').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('review_helpful_votes_user_review_unique').on(table.userId, table.reviewId),
    index('review_helpful_votes_review_idx').on(table.reviewId),
  ],
);

/** A reader's report of a review (one per reader and review); open until a moderator decides. */
export const reviewReports = sqliteTable(
  'review_reports',
  {
    id: id(),
    userId: ownerUserId(),
    reviewId: text('review_id')
      .notNull()
      .references(() => bookReviews.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolvedAt: timestampMs('resolved_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('review_reports_user_review_unique').on(table.userId, table.reviewId),
    index('review_reports_open_idx').on(table.resolvedAt, table.createdAt),
    index('review_reports_review_idx').on(table.reviewId),
  ],
);
