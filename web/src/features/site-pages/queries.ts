/** The footer's pages (docs/product/site-content.md#static-pages): public reads and the admin's saves. */
import { queryOptions } from '@tanstack/react-query';
import type { TPageContent } from '@shared/content';
import type { TSitePage, TSitePageKey } from '@shared/site-pages';
import { api, readJson, withSignal } from '@web/lib/api';

export const sitePageKeys = { page: (key: string) => ['page-content', key] as const };

/** The record as stored; `null` content when it does not have a page's shape (admin-edited JSON). */
function asSitePage(record: TPageContent): TSitePage | null {
  const content = record.content as Partial<TSitePage>;
  return typeof content.title === 'string' && typeof content.body === 'string'
    ? {
        title: content.title,
        summary: typeof content.summary === 'string' ? content.summary : '',
        body: content.body,
        faq: Array.isArray(content.faq) ? content.faq : [],
      }
    : null;
}

export function sitePageQueryOptions(key: TSitePageKey) {
  return queryOptions({
    queryKey: sitePageKeys.page(key),
    queryFn: ({ signal }) =>
      readJson<TPageContent>(api['page-content'][':key'].$get({ param: { key } }, withSignal(signal))),
    staleTime: 5 * 60 * 1000,
    select: asSitePage,
  });
}

export function saveSitePage(key: TSitePageKey, page: TSitePage): Promise<TPageContent> {
  return readJson(api.admin['site-pages'][':key'].$put({ param: { key }, json: page }));
}
