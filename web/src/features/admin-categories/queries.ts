/**
 * The back office's categories and bulk categorisation calls (docs/API.md: admin; docs/product/site-content.md#categories)
 * through the typed client, under categoriesAdminKeys.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TAdminCategory,
  TCategorizationJob,
  TCategoryMergeResult,
  TCategorySuggestions,
} from '@shared/admin-categories';
import type { TCategorizationRequestInput, TCategoryCreate, TCategoryUpdate } from '@shared/admin-categories.schemas';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';
import { booksAdminKeys } from '@web/features/admin-books/queries';
import { catalogueKeys } from '@web/features/catalogue/queries';

export const categoriesAdminKeys = {
  all: ['admin', 'categories'] as const,
  list: ['admin', 'categories', 'list'] as const,
  suggestions: (bookIds: string[]) => ['admin', 'categories', 'suggestions', bookIds] as const,
  job: (id: string) => ['admin', 'categorization-jobs', id] as const,
};

export function adminCategoriesQueryOptions() {
  return queryOptions({
    queryKey: categoriesAdminKeys.list,
    queryFn: ({ signal }) =>
      readJson<{ items: TAdminCategory[] }>(api.admin.categories.$get(undefined, withSignal(signal))),
  });
}

export function categorySuggestionsQueryOptions(bookIds: string[]) {
  return queryOptions({
    queryKey: categoriesAdminKeys.suggestions(bookIds),
    queryFn: ({ signal }) =>
      readJson<TCategorySuggestions>(
        api.admin.categories.suggestions.$get({ query: { bookIds: bookIds.join(',') } }, withSignal(signal)),
      ),
    enabled: bookIds.length > 0,
    staleTime: 30_000,
  });
}

/** Polled while the job runs; stops once it is done or failed. */
export function categorizationJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: categoriesAdminKeys.job(jobId),
    queryFn: ({ signal }) =>
      readJson<TCategorizationJob>(
        api.admin['categorization-jobs'][':id'].$get({ param: encodeParams({ id: jobId }) }, withSignal(signal)),
      ),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 400),
  });
}

export function createCategory(input: TCategoryCreate): Promise<TAdminCategory> {
  return readJson(api.admin.categories.$post({ json: input }));
}

export function updateCategory(id: string, changes: TCategoryUpdate): Promise<TAdminCategory> {
  return readJson(api.admin.categories[':id'].$patch({ param: encodeParams({ id }), json: changes }));
}

export function mergeCategory(id: string, intoCategoryId: string): Promise<TCategoryMergeResult> {
  return readJson(api.admin.categories[':id'].merge.$post({ param: encodeParams({ id }), json: { intoCategoryId } }));
}

export function startCategorization(request: TCategorizationRequestInput): Promise<TCategorizationJob> {
  return readJson(api.admin['categorization-jobs'].$post({ json: request }));
}

/** After a change: the admin lists, the suggestions and the shop's categories read again. */
export function refreshCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.categories }),
  ]);
}
