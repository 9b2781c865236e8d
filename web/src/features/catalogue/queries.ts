/** TanStack Query factories for the catalogue reads (books, one book, categories) and cover URLs. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { COVER_DEFAULT_HEIGHT, COVER_DEFAULT_WIDTH } from '@shared/limits';
import type { TBookDetail, TBookList, TBookSort, TCategoryList } from '@shared/catalogue';
import type { TBookTier } from '@shared/tiers';
import { api, apiHref, readJson, withSignal } from '@web/lib/api';
import { isNotFoundError, toQueryStrings } from '@web/lib/query-helpers';

export const catalogueKeys = {
  /** Every book list and every book: one prefix. */
  books: ['books'] as const,
  bookList: (params: TBooksParams) => [...catalogueKeys.books, params] as const,
  book: (idOrSlug: string) => [...catalogueKeys.books, idOrSlug] as const,
  categories: ['categories'] as const,
};

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

export interface TBooksParams {
  search?: string;
  author?: string;
  category?: string;
  tier?: TBookTier;
  featured?: boolean;
  sort?: TBookSort;
  page?: number;
  limit?: number;
}

/** Drops empty values so equal filters always make the same query key. */
export function normaliseBooksParams(params: TBooksParams): TBooksParams {
  const result: TBooksParams = {};
  for (const [key, value] of Object.entries(params) as [keyof TBooksParams, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

function fetchBooks(params: TBooksParams, signal: AbortSignal): Promise<TBookList> {
  const { featured, tier, sort, ...rest } = params;
  return readJson<TBookList>(
    api.books.$get(
      {
        query: {
          ...toQueryStrings(rest),
          tier,
          sort,
          featured: featured === undefined ? undefined : featured ? 'true' : 'false',
        },
      },
      withSignal(signal),
    ),
  );
}

export function booksQueryOptions(params: TBooksParams) {
  const normalised = normaliseBooksParams(params);
  return queryOptions({
    queryKey: catalogueKeys.bookList(normalised),
    queryFn: ({ signal }) => fetchBooks(normalised, signal),
    // Keep the current page on screen while the next filter or page loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export const FEATURED_BOOKS_LIMIT = 8;

/** docs/product/calls.md#cache-and-retry: featured books are fresh for 5 minutes and kept for 10. */
/** `limit`: the homepage record's featured count (docs/product/site-content.md#homepage), else 8. */
export function featuredBooksQueryOptions(limit: number = FEATURED_BOOKS_LIMIT) {
  const params = { featured: true, limit } satisfies TBooksParams;
  return queryOptions({
    queryKey: catalogueKeys.bookList(params),
    queryFn: ({ signal }) => fetchBooks(params, signal),
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
  });
}

export function bookQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: catalogueKeys.book(idOrSlug),
    queryFn: ({ signal }) =>
      readJson<TBookDetail>(api.books[':idOrSlug'].$get({ param: { idOrSlug } }, withSignal(signal))),
    // A missing book will not appear on a retry; other failures get the usual single retry.
    retry: (failureCount, error) => !isNotFoundError(error) && failureCount < 1,
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => readJson<TCategoryList>(api.categories.$get(undefined, withSignal(signal))),
    staleTime: FIVE_MINUTES,
  });
}

/** The generated cover of a size, for books without one or whose cover fails to load. */
export function placeholderCoverUrl(width = COVER_DEFAULT_WIDTH, height = COVER_DEFAULT_HEIGHT): string {
  return apiHref(
    api.placeholder[':width'][':height'].$path({ param: { width: String(width), height: String(height) } }),
  );
}
