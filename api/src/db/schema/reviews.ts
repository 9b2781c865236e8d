/**
 * Reviews and ratings (docs/product/data-model.md#stored-tables: book_reviews, review_helpful_votes). One review per
 * reader and book; one helpfulness vote per reader and review. Written by the reviews service, which also keeps
 * books.rating / totalRatings / totalReviews and book_reviews.helpfulVotes up to date.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, timestamps } from './columns';
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
