/**
 * Reviews and ratings (docs/product/reviews-and-challenges.md#reviews): one review per reader and book, helpful
 * votes, reports and the moderators' queue. Every write recomputes the book's rating, totalRatings and
 * totalReviews (and the review's helpfulVotes) inside the same BEGIN IMMEDIATE transaction, so the figures on
 * covers and in the bookstore always agree with the reviews that exist.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  VERIFIED_READER_MIN_PAGES,
  type TBookRatingSummary,
  type TModerationQueue,
  type TOwnReview,
  type TReview,
  type TReviewList,
  type TReviewSort,
} from '@shared/reviews';
import { immediateTransaction, type Db } from '../../db/client';
import { bookReviews, books, loans, readingProgress, reviewHelpfulVotes, reviewReports, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { lookUpBook } from '../selections/entitlement-state';
import { queueRecommendationRefresh } from '../recommendations/recommendation-refresh';

export const REVIEWS_PAGE_SIZE = 10;

function publishedBook(db: Db, ref: string) {
  const book = lookUpBook(db, ref);
  if (!book) throw notFound('Book');
  return book;
}

/** "Ada L." — a reviewer's first name and last initial; never the e-mail address. */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  const initial = lastName?.trim().charAt(0);
  if (!first) return 'A reader';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * Verified reader (docs/product/reviews-and-challenges.md#verified-reader): the reviewer has had a loan of the
 * book (any status) and reached at least VERIFIED_READER_MIN_PAGES pages in it.
 */
export function isVerifiedReader(db: Db, userId: string, bookId: string): boolean {
  const loan = db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.bookId, bookId)))
    .limit(1)
    .get();
  if (!loan) return false;
  const progress = db
    .select({ furthestPage: readingProgress.furthestPage })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.bookId, bookId)))
    .get();
  return (progress?.furthestPage ?? 0) >= VERIFIED_READER_MIN_PAGES;
}

/**
 * Recomputes books.rating / totalRatings / totalReviews from the approved reviews. Called inside every
 * transaction that changes a review (docs/product/reviews-and-challenges.md#book-rating).
 */
export function recomputeBookRating(db: Db, bookId: string, now: Date): TBookRatingSummary {
  const figures = db
    .select({
      totalRatings: count(),
      average: sql<number | null>`avg(${bookReviews.rating})`,
      totalReviews: sql<number>`coalesce(sum(case when coalesce(${bookReviews.reviewText}, ${bookReviews.reviewTitle}) is not null then 1 else 0 end), 0)`,
    })
    .from(bookReviews)
    .where(and(eq(bookReviews.bookId, bookId), eq(bookReviews.isApproved, true)))
    .get();
  const rating = figures?.average ? Math.round(figures.average * 100) / 100 : 0;
  const totalRatings = figures?.totalRatings ?? 0;
  const totalReviews = figures?.totalReviews ?? 0;
  db.update(books).set({ rating, totalRatings, totalReviews, updatedAt: now }).where(eq(books.id, bookId)).run();
  return { bookId, rating, totalRatings, totalReviews };
}

function recomputeHelpfulVotes(db: Db, reviewId: string) {
  db.update(bookReviews)
    .set({
      helpfulVotes: sql`(select count(*) from ${reviewHelpfulVotes} where ${reviewHelpfulVotes.reviewId} = ${reviewId} and ${reviewHelpfulVotes.isHelpful} = 1)`,
    })
    .where(eq(bookReviews.id, reviewId))
    .run();
}

const REVIEW_COLUMNS = {
  id: bookReviews.id,
  userId: bookReviews.userId,
  bookId: bookReviews.bookId,
  rating: bookReviews.rating,
  reviewTitle: bookReviews.reviewTitle,
  reviewText: bookReviews.reviewText,
  hasSpoilers: bookReviews.hasSpoilers,
  isVerifiedPurchase: bookReviews.isVerifiedPurchase,
  helpfulVotes: bookReviews.helpfulVotes,
  isApproved: bookReviews.isApproved,
  moderationReason: bookReviews.moderationReason,
  moderatedAt: bookReviews.moderatedAt,
  createdAt: bookReviews.createdAt,
  updatedAt: bookReviews.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

type TReviewRow = {
  id: string;
  userId: string;
  bookId: string;
  rating: number;
  reviewTitle: string | null;
  reviewText: string | null;
  hasSpoilers: boolean;
  isVerifiedPurchase: boolean;
  helpfulVotes: number;
  isApproved: boolean;
  moderationReason: string | null;
  moderatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
};

function toReview(row: TReviewRow, viewerId: string | null, voted: Set<string>, reported: Set<string>): TReview {
  return {
    id: row.id,
    bookId: row.bookId,
    rating: row.rating,
    reviewTitle: row.reviewTitle,
    reviewText: row.reviewText,
    hasSpoilers: row.hasSpoilers,
    isVerifiedReader: row.isVerifiedPurchase,
    helpfulVotes: row.helpfulVotes,
    reviewerName: reviewerName(row.firstName, row.lastName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // A moderator's decision touches updatedAt too; only the author's edits count as "edited".
    isEdited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000 && !row.moderatedAt,
    isOwn: row.userId === viewerId,
    votedHelpful: voted.has(row.id),
    reportedByMe: reported.has(row.id),
  };
}

function toOwnReview(row: TReviewRow, voted: Set<string>, reported: Set<string>): TOwnReview {
  return {
    ...toReview(row, row.userId, voted, reported),
    isEdited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    isApproved: row.isApproved,
    moderationReason: row.moderationReason,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

function viewerSets(db: Db, viewerId: string | null, reviewIds: string[]) {
  const voted = new Set<string>();
  const reported = new Set<string>();
  if (!viewerId || reviewIds.length === 0) return { voted, reported };
  const ids = sql.join(
    reviewIds.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const vote of db
    .select({ reviewId: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .where(
      and(
        eq(reviewHelpfulVotes.userId, viewerId),
        eq(reviewHelpfulVotes.isHelpful, true),
        sql`${reviewHelpfulVotes.reviewId} in (${ids})`,
      ),
    )
    .all())
    voted.add(vote.reviewId);
  for (const report of db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .where(and(eq(reviewReports.userId, viewerId), sql`${reviewReports.reviewId} in (${ids})`))
    .all())
    reported.add(report.reviewId);
  return { voted, reported };
}

const SORT_ORDER: Record<TReviewSort, ReturnType<typeof desc>[]> = {
  helpful: [desc(bookReviews.helpfulVotes), desc(bookReviews.createdAt), desc(bookReviews.id)],
  newest: [desc(bookReviews.createdAt), desc(bookReviews.id)],
};

/** A book's approved reviews (other readers' hidden ones never appear), the rating figures, and the viewer's own. */
export function listReviews(options: {
  db: Db;
  bookRef: string;
  viewerId: string | null;
  sort: TReviewSort;
  page: number;
}): TReviewList {
  const { db, viewerId, sort, page } = options;
  const book = publishedBook(db, options.bookRef);
  const approved = and(eq(bookReviews.bookId, book.id), eq(bookReviews.isApproved, true));
  const rows = db
    .select(REVIEW_COLUMNS)
    .from(bookReviews)
    .innerJoin(users, eq(users.id, bookReviews.userId))
    .where(approved)
    .orderBy(...SORT_ORDER[sort])
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE)
    .all();
  const total = db.select({ total: count() }).from(bookReviews).where(approved).get()?.total ?? 0;
  const distribution: TReviewList['distribution'] = [0, 0, 0, 0, 0];
  for (const star of db
    .select({ rating: bookReviews.rating, total: count() })
    .from(bookReviews)
    .where(approved)
    .groupBy(bookReviews.rating)
    .all())
    distribution[star.rating - 1] = star.total;
  const ownRow = viewerId
    ? (db
        .select(REVIEW_COLUMNS)
        .from(bookReviews)
        .innerJoin(users, eq(users.id, bookReviews.userId))
        .where(and(eq(bookReviews.bookId, book.id), eq(bookReviews.userId, viewerId)))
        .get() ?? null)
    : null;
  const { voted, reported } = viewerSets(db, viewerId, [...rows.map((row) => row.id)]);
  return {
    bookId: book.id,
    rating: book.rating,
    totalRatings: book.totalRatings,
    totalReviews: book.totalReviews,
    distribution,
    items: rows.map((row) => toReview(row, viewerId, voted, reported)),
    own: ownRow ? toOwnReview(ownRow, voted, reported) : null,
    total,
    page,
    limit: REVIEWS_PAGE_SIZE,
  };
}

function loadOwn(db: Db, userId: string, bookId: string): TOwnReview {
  const row = db
    .select(REVIEW_COLUMNS)
    .from(bookReviews)
    .innerJoin(users, eq(users.id, bookReviews.userId))
    .where(and(eq(bookReviews.bookId, bookId), eq(bookReviews.userId, userId)))
    .get();
  if (!row) throw notFound('Review');
  return toOwnReview(row, new Set(), new Set());
}

/** Writes the reader's review of a book (creating it or replacing its content). 201 when new. */
export function saveOwnReview(options: {
  db: Db;
  userId: string;
  bookRef: string;
  input: { rating: number; reviewTitle: string | null; reviewText: string | null; hasSpoilers: boolean };
  now: Date;
}): { review: TOwnReview; created: boolean } {
  const { db, userId, input, now } = options;
  const saved = immediateTransaction(db, () => {
    const book = publishedBook(db, options.bookRef);
    const verified = isVerifiedReader(db, userId, book.id);
    const existing = db
      .select({ id: bookReviews.id })
      .from(bookReviews)
      .where(and(eq(bookReviews.userId, userId), eq(bookReviews.bookId, book.id)))
      .get();
    if (existing) {
      db.update(bookReviews)
        .set({ ...input, isVerifiedPurchase: verified, updatedAt: now })
        .where(eq(bookReviews.id, existing.id))
        .run();
    } else {
      db.insert(bookReviews)
        .values({ userId, bookId: book.id, ...input, isVerifiedPurchase: verified, createdAt: now, updatedAt: now })
        .run();
    }
    recomputeBookRating(db, book.id, now);
    return { review: loadOwn(db, userId, book.id), created: !existing };
  });
  // A rating tells the reader's taste: their recommendations follow (docs/product/recommendations.md#after-reading).
  queueRecommendationRefresh(db, userId, now);
  return saved;
}

export function deleteOwnReview(options: { db: Db; userId: string; bookRef: string; now: Date }): TBookRatingSummary {
  const { db, userId, now } = options;
  const summary = immediateTransaction(db, () => {
    const book = publishedBook(db, options.bookRef);
    const deleted = db
      .delete(bookReviews)
      .where(and(eq(bookReviews.userId, userId), eq(bookReviews.bookId, book.id)))
      .returning({ id: bookReviews.id })
      .all();
    if (deleted.length === 0) throw notFound('Review');
    return recomputeBookRating(db, book.id, now);
  });
  queueRecommendationRefresh(db, userId, now);
  return summary;
}

function visibleReview(db: Db, reviewId: string) {
  const review = db
    .select({ id: bookReviews.id, userId: bookReviews.userId, isApproved: bookReviews.isApproved })
    .from(bookReviews)
    .where(eq(bookReviews.id, reviewId))
    .get();
  if (!review?.isApproved) throw new AppError('not_found', 404, REVIEW_MESSAGES.notFound);
  return review;
}

/** Marks (helpful = true) or unmarks a review as helpful; one vote per reader, never on one's own review. */
export function setHelpfulVote(options: { db: Db; userId: string; reviewId: string; helpful: boolean; now: Date }) {
  const { db, userId, reviewId, helpful, now } = options;
  return immediateTransaction(db, () => {
    const review = visibleReview(db, reviewId);
    if (review.userId === userId) throw new AppError('own_review', 403, REVIEW_MESSAGES.ownVote);
    if (helpful) {
      db.insert(reviewHelpfulVotes)
        .values({ userId, reviewId, isHelpful: true, createdAt: now })
        .onConflictDoUpdate({
          target: [reviewHelpfulVotes.userId, reviewHelpfulVotes.reviewId],
          set: { isHelpful: true },
        })
        .run();
    } else {
      db.delete(reviewHelpfulVotes)
        .where(and(eq(reviewHelpfulVotes.userId, userId), eq(reviewHelpfulVotes.reviewId, reviewId)))
        .run();
    }
    recomputeHelpfulVotes(db, reviewId);
    const votes = db
      .select({ helpfulVotes: bookReviews.helpfulVotes })
      .from(bookReviews)
      .where(eq(bookReviews.id, reviewId))
      .get();
    return { reviewId, helpfulVotes: votes?.helpfulVotes ?? 0, votedHelpful: helpful };
  });
}

export function reportReview(options: { db: Db; userId: string; reviewId: string; reason: string; now: Date }) {
  const { db, userId, reviewId, reason, now } = options;
  immediateTransaction(db, () => {
    const review = visibleReview(db, reviewId);
    if (review.userId === userId) throw new AppError('own_review', 403, REVIEW_MESSAGES.ownReport);
    const inserted = db
      .insert(reviewReports)
      .values({ userId, reviewId, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id })
      .all();
    if (inserted.length === 0) throw new AppError('already_reported', 409, REVIEW_MESSAGES.alreadyReported);
  });
}

/** The moderators' queue: reviews with open reports, and hidden reviews (to restore), most reported first. */
export function moderationQueue(db: Db): TModerationQueue {
  const openReports = sql<number>`(select count(*) from ${reviewReports} where ${reviewReports.reviewId} = ${bookReviews.id} and ${reviewReports.resolvedAt} is null)`;
  const rows = db
    .select({
      id: bookReviews.id,
      bookId: bookReviews.bookId,
      bookTitle: books.title,
      bookSlug: books.slug,
      rating: bookReviews.rating,
      reviewTitle: bookReviews.reviewTitle,
      reviewText: bookReviews.reviewText,
      firstName: users.firstName,
      lastName: users.lastName,
      isApproved: bookReviews.isApproved,
      moderationReason: bookReviews.moderationReason,
      createdAt: bookReviews.createdAt,
      openReports,
    })
    .from(bookReviews)
    .innerJoin(books, eq(books.id, bookReviews.bookId))
    .innerJoin(users, eq(users.id, bookReviews.userId))
    .where(sql`${openReports} > 0 or ${bookReviews.isApproved} = 0`)
    .orderBy(desc(openReports), desc(bookReviews.createdAt))
    .limit(200)
    .all();
  return {
    items: rows.map((row) => ({
      id: row.id,
      bookId: row.bookId,
      bookTitle: row.bookTitle,
      bookSlug: row.bookSlug,
      rating: row.rating,
      reviewTitle: row.reviewTitle,
      reviewText: row.reviewText,
      reviewerName: reviewerName(row.firstName, row.lastName),
      isApproved: row.isApproved,
      moderationReason: row.moderationReason,
      openReports: row.openReports,
      reportReasons: db
        .select({ reason: reviewReports.reason })
        .from(reviewReports)
        .where(and(eq(reviewReports.reviewId, row.id), isNull(reviewReports.resolvedAt)))
        .orderBy(reviewReports.createdAt)
        .limit(5)
        .all()
        .map((report) => report.reason),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Hides (isApproved false) or restores a review with a reason the author sees on the book page; resolves its
 * open reports and recomputes the book's figures (a hidden review's rating does not count).
 */
export function moderateReview(options: {
  db: Db;
  moderatorId: string;
  reviewId: string;
  isApproved: boolean;
  reason: string;
  now: Date;
}) {
  const { db, moderatorId, reviewId, isApproved, reason, now } = options;
  return immediateTransaction(db, () => {
    const review = db
      .select({ id: bookReviews.id, bookId: bookReviews.bookId })
      .from(bookReviews)
      .where(eq(bookReviews.id, reviewId))
      .get();
    if (!review) throw new AppError('not_found', 404, REVIEW_MESSAGES.notFound);
    db.update(bookReviews)
      .set({ isApproved, moderationReason: reason, moderatedAt: now, moderatedById: moderatorId, updatedAt: now })
      .where(eq(bookReviews.id, reviewId))
      .run();
    db.update(reviewReports)
      .set({ resolvedAt: now })
      .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
      .run();
    return { reviewId, isApproved, book: recomputeBookRating(db, review.bookId, now) };
  });
}
