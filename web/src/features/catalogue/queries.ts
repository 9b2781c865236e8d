/** TanStack Query factories for the catalogue reads (books, one book, categories). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TBookDetail, TBookList, TBookSort, TCategoryList } from '@shared/catalogue';
import type { TBookTier } from '@shared/tiers';
import { api, readJson } from '@web/lib/api';
import { isNotFoundError, toQueryStrings, withSignal } from '@web/lib/query-helpers';

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
    queryKey: ['books', normalised] as const,
    queryFn: ({ signal }) => fetchBooks(normalised, signal),
    // Keep the current page on screen while the next filter or page loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export const FEATURED_BOOKS_LIMIT = 8;

/** SPEC §9: featured books are fresh for 5 minutes and kept for 10. */
export function featuredBooksQueryOptions() {
  const params = { featured: true, limit: FEATURED_BOOKS_LIMIT } satisfies TBooksParams;
  return queryOptions({
    queryKey: ['books', params] as const,
    queryFn: ({ signal }) => fetchBooks(params, signal),
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
  });
}

export function bookQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['books', idOrSlug] as const,
    queryFn: ({ signal }) =>
      readJson<TBookDetail>(api.books[':idOrSlug'].$get({ param: { idOrSlug } }, withSignal(signal))),
    // A missing book will not appear on a retry; other failures get the usual single retry.
    retry: (failureCount, error) => !isNotFoundError(error) && failureCount < 1,
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => readJson<TCategoryList>(api.categories.$get(undefined, withSignal(signal))),
    staleTime: FIVE_MINUTES,
  });
}
