/**
 * The bookstore's filters live in the URL (?search, author, category, tier, sort, page) so links,
 * reloads and the back button all keep them. This hook reads them leniently (unknown values are
 * ignored) and writes changes back, returning to page 1 whenever a filter changes.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOOK_SORTS, type TBookSort } from '@shared/catalogue';
import { BOOK_TIERS, type TBookTier } from '@shared/tiers';

export interface TBookstoreFilters {
  search?: string;
  author?: string;
  category?: string;
  tier?: TBookTier;
  sort?: TBookSort;
  page: number;
}

export const FILTER_KEYS = ['search', 'author', 'category', 'tier', 'sort'] as const;
export type TFilterKey = (typeof FILTER_KEYS)[number];

function textParam(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function parseBookstoreParams(params: URLSearchParams): TBookstoreFilters {
  const tier = params.get('tier');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: textParam(params.get('search')),
    author: textParam(params.get('author')),
    category: textParam(params.get('category')),
    tier: (BOOK_TIERS as readonly string[]).includes(tier ?? '') ? (tier as TBookTier) : undefined,
    sort: (BOOK_SORTS as readonly string[]).includes(sort ?? '') ? (sort as TBookSort) : undefined,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

export type TFiltersPatch = Partial<Record<TFilterKey, string | undefined>> & { page?: number };

export function useBookstoreParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseBookstoreParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: TFiltersPatch) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (key === 'page') continue;
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        // Any filter change starts again from the first page; page 1 is the default and stays implicit.
        const page = patch.page ?? 1;
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  const hasFilters = FILTER_KEYS.some((key) => key !== 'sort' && filters[key] !== undefined);

  return { filters, update, clear, hasFilters, searchParams };
}
