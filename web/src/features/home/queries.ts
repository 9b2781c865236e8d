/** TanStack Query factory for admin-editable page content (the landing page's hero and stats). */
import { queryOptions } from '@tanstack/react-query';
import { isHomepageContent, type THomepageContent, type TPageContent } from '@shared/content';
import { HOMEPAGE_CONTENT_KEY } from '@shared/initial-data';
import { api, readJson, withSignal } from '@web/lib/api';

export const homeKeys = {
  pageContent: (key: string) => ['page-content', key] as const,
};

export function homepageContentQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.pageContent(HOMEPAGE_CONTENT_KEY),
    queryFn: ({ signal }) =>
      readJson<TPageContent>(
        api['page-content'][':key'].$get({ param: { key: HOMEPAGE_CONTENT_KEY } }, withSignal(signal)),
      ),
    staleTime: 5 * 60 * 1000,
    // The record is admin-edited JSON: use it only when it has the homepage shape.
    select: (record): THomepageContent | null => (isHomepageContent(record.content) ? record.content : null),
  });
}
