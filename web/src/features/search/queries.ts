/**
 * TanStack Query factory for the search box's suggestions (docs/product/catalogue-and-search.md#search-box; the server
 * applies the rules).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isSuggestible, type TSuggestResponse } from '@shared/search';
import { api, readJson, withSignal } from '@web/lib/api';

export const searchKeys = {
  suggest: (query: string) => ['search-suggest', query] as const,
};

export function searchSuggestQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: searchKeys.suggest(query),
    queryFn: ({ signal }) =>
      readJson<TSuggestResponse>(api.search.suggest.$get({ query: { q: query } }, withSignal(signal))),
    enabled: isSuggestible(query),
    staleTime: 60 * 1000,
    // Keep the last list on screen while the next one loads, so the menu does not flicker per keystroke.
    placeholderData: keepPreviousData,
  });
}
