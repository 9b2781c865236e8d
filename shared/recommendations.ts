/**
 * Answers of the recommendations API (docs/product/recommendations.md): the reader's rows, each book with the reason
 * it is shown, and a book's "More like this". Pure: no I/O.
 */
import type { TBookSummary } from './catalogue';

export type TRecommendationRowType = 'because_you_read' | 'more_in_category' | 'quick_read' | 'highly_rated';

/** docs/product/recommendations.md#rows: row titles; the label is the anchor book's title or the category's name. */
export const RECOMMENDATION_ROW_TITLES: Record<TRecommendationRowType, (label: string) => string> = {
  because_you_read: (title) => `Because you read ${title}`,
  more_in_category: (category) => `More in ${category}`,
  quick_read: () => 'Quick reads',
  highly_rated: () => 'Highly rated',
};

export interface TRecommendedBook {
  book: TBookSummary;
  /** Why this book is shown, in words ("Because you read Deep Focus: readers of it also read this"). */
  reason: string;
}

export interface TRecommendationRow {
  type: TRecommendationRowType;
  title: string;
  /** "Because you read X": X's id, else null. */
  sourceBookId: string | null;
  items: TRecommendedBook[];
}

/** GET /api/recommendations */
export interface TRecommendationRows {
  rows: TRecommendationRow[];
}

/** GET /api/books/:idOrSlug/similar */
export interface TSimilarBooks {
  items: TRecommendedBook[];
}
