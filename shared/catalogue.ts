/**
 * Request and response shapes of the catalogue feature (books, categories, plans), shared by the API
 * and the web app. Pure and zod-free so the landing page's bundle stays small; the request schemas
 * live in catalogue.schemas.ts.
 */
import type { BOOK_TIERS } from './tiers';

export const BOOK_SORTS = ['popular', 'rating', 'newest', 'title'] as const;
export type TBookSort = (typeof BOOK_SORTS)[number];
/**
 * Order used when `sort` is omitted: search results by relevance (bm25), everything else by popularity.
 * An explicit `sort` always wins, so the store's sort menu keeps working while searching.
 */
export const BOOK_SORT_DEFAULT: TBookSort = 'popular';

export const BOOK_PAGE_SIZE_DEFAULT = 24;
export const BOOK_PAGE_SIZE_MAX = 100;

export interface TCategoryRef {
  id: string;
  name: string;
  slug: string;
}

export interface TBookSummary {
  id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  /** Primary category name (docs/product/data-model.md#client-visible-entities). */
  category: string | null;
  /** The stored cover, or the generated `/api/books/:id/cover.svg?v=…` when the book has none. */
  coverImageUrl: string;
  requiredTier: (typeof BOOK_TIERS)[number];
  rating: number;
  totalRatings: number;
  isFeatured: boolean;
  publishedYear: number | null;
}

export interface TBookDetail extends TBookSummary {
  longDescription: string | null;
  authorBio: string | null;
  pageCount: number | null;
  tableOfContents: string[];
  keyTakeaways: string[];
  targetAudience: string | null;
  tags: string[];
  categories: TCategoryRef[];
  totalReviews: number;
  previewPageCount: number;
  language: string;
  /**
   * Premium early access (docs/product/back-office.md#early-access): until this instant (ISO) only Premium readers may
   * read the book; others are told "Coming on <date>". Past instants mean public; null: no early access.
   */
  publicReleaseAt: string | null;
}

export interface TPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Answer of GET /api/books. */
export type TBookList = TPage<TBookSummary>;

export interface TCategory extends TCategoryRef {
  description: string | null;
  icon: string | null;
  color: string | null;
  bookCount: number;
}

export interface TPlan {
  id: string;
  tier: (typeof BOOK_TIERS)[number];
  name: string;
  price: string;
  priceAmount: number;
  currency: string;
  period: string;
  description: string | null;
  bookLimit: number;
  features: string[];
  badge: string | null;
  displayOrder: number;
}

/** Answers of GET /api/categories and GET /api/plans (small, unpaged lists). */
export interface TCategoryList {
  items: TCategory[];
}
export interface TPlanList {
  items: TPlan[];
}
