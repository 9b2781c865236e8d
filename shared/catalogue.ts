/**
 * Request and response shapes of the catalogue feature (books, categories, plans), shared by the API
 * (validation) and the web app (types). Pure: no I/O.
 */
import { z } from 'zod';
import { BOOK_TIERS } from './tiers';

export const BOOK_SORTS = ['popular', 'rating', 'newest', 'title'] as const;
export type TBookSort = (typeof BOOK_SORTS)[number];
/**
 * Order used when `sort` is omitted: search results by relevance (bm25), everything else by popularity.
 * An explicit `sort` always wins, so the store's sort menu keeps working while searching.
 */
export const BOOK_SORT_DEFAULT: TBookSort = 'popular';

export const BOOK_PAGE_SIZE_DEFAULT = 24;
export const BOOK_PAGE_SIZE_MAX = 100;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const ZBookListQuery = z.object({
  search: optionalText(200, 'Search'),
  author: optionalText(200, 'Author'),
  category: optionalText(100, 'Category'),
  tier: z.enum(BOOK_TIERS, { message: 'Tier must be one of trial, basic or premium' }).optional(),
  featured: z
    .enum(['true', 'false'], { message: 'Featured must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  // No default on purpose: an omitted sort means "relevance" when searching (see BOOK_SORT_DEFAULT).
  sort: z.enum(BOOK_SORTS, { message: 'Sort must be one of popular, rating, newest or title' }).optional(),
  page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(10_000, 'Page must be at most 10000')
    .default(1),
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(BOOK_PAGE_SIZE_MAX, `Limit must be at most ${BOOK_PAGE_SIZE_MAX}`)
    .default(BOOK_PAGE_SIZE_DEFAULT),
});
export type TBookListQuery = z.infer<typeof ZBookListQuery>;

export const ZIdOrSlugParam = z.object({
  idOrSlug: z
    .string()
    .min(1, 'Book id is required')
    .max(200, 'Book id is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens'),
});

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
  /** Primary category name (SPEC §3 Book list view). */
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
