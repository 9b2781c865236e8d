/**
 * TanStack Query factory for a page type's SEO config (docs/product/calls.md#cache-and-retry: fresh 5 minutes, kept
 * 10).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TSeoConfig, TSeoPageType } from '@shared/content';
import { api, readJson, withSignal } from '@web/lib/api';

export const seoKeys = {
  config: (pageType: TSeoPageType) => ['seo', pageType] as const,
};

export const SEO_FETCH_ERROR = 'Failed to fetch SEO config';

export function seoConfigQueryOptions(pageType: TSeoPageType) {
  return queryOptions({
    queryKey: seoKeys.config(pageType),
    queryFn: async ({ signal }) => {
      try {
        return await readJson<TSeoConfig>(api.seo.config.$get({ query: { pageType } }, withSignal(signal)));
      } catch (cause) {
        throw new Error(SEO_FETCH_ERROR, { cause });
      }
    },
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
  });
}
