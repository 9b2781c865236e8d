/**
 * Reviews and ratings (docs/product/reviews-and-challenges.md#reviews): the shapes the API answers with, the
 * limits and messages both sides use, and the Bayesian average that orders books by rating.
 */

export const REVIEW_SORTS = ['helpful', 'newest'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_TITLE_MAX = 200;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_REPORT_REASON_MAX = 500;
export const MODERATION_REASON_MAX = 500;

/** Pages a reader must have reached in a book they had on loan to be a "verified reader" (docs/product/reviews-and-challenges.md#verified-reader). */
export const VERIFIED_READER_MIN_PAGES = 3;

/**
 * Bayesian average (docs/product/reviews-and-challenges.md#bayesian-average): every book starts with
 * BAYES_PRIOR_WEIGHT imaginary ratings of BAYES_PRIOR_MEAN, so one 5-star rating does not top the list.
 */
export const BAYES_PRIOR_MEAN = 3.5;
export const BAYES_PRIOR_WEIGHT = 10;

export function bayesianAverage(rating: number, totalRatings: number): number {
  return (rating * totalRatings + BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT) / (totalRatings + BAYES_PRIOR_WEIGHT);
}

export const REVIEW_MESSAGES = {
  notFound: 'Review not found',
  ownVote: 'You cannot vote on your own review',
  ownReport: 'You cannot report your own review',
  alreadyReported: 'You have already reported this review',
} as const;

export interface TReview {
  id: string;
  bookId: string;
  rating: number;
  reviewTitle: string | null;
  reviewText: string | null;
  hasSpoilers: boolean;
  isVerifiedReader: boolean;
  helpfulVotes: number;
  /** The reviewer as shown to others: first name and last initial. */
  reviewerName: string;
  createdAt: string;
  updatedAt: string;
  isEdited: boolean;
  isOwn: boolean;
  /** Whether the signed-in reader has marked it helpful. */
  votedHelpful: boolean;
  reportedByMe: boolean;
}

/** The author's own review, with what moderation decided about it (the author is told). */
export interface TOwnReview extends TReview {
  isApproved: boolean;
  moderationReason: string | null;
  moderatedAt: string | null;
}

export interface TReviewList {
  bookId: string;
  rating: number;
  totalRatings: number;
  totalReviews: number;
  /** Ratings per star, index 0 = 1 star. */
  distribution: [number, number, number, number, number];
  items: TReview[];
  own: TOwnReview | null;
  total: number;
  page: number;
  limit: number;
}

export interface TBookRatingSummary {
  bookId: string;
  rating: number;
  totalRatings: number;
  totalReviews: number;
}

export interface TModerationReview {
  id: string;
  bookId: string;
  bookTitle: string;
  bookSlug: string;
  rating: number;
  reviewTitle: string | null;
  reviewText: string | null;
  reviewerName: string;
  isApproved: boolean;
  moderationReason: string | null;
  openReports: number;
  reportReasons: string[];
  createdAt: string;
}

export interface TModerationQueue {
  items: TModerationReview[];
}
