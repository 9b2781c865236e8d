/** TanStack Query factory for admin-editable page content (the landing page's hero and stats). */
import { queryOptions } from '@tanstack/react-query';
import { isHomepageContent, type THomepageContent, type TPageContent } from '@shared/content';
import { api, readJson } from '@web/lib/api';
import { withSignal } from '@web/lib/query-helpers';

export const HOMEPAGE_CONTENT_KEY = 'homepage';

export function homepageContentQueryOptions() {
  return queryOptions({
    queryKey: ['page-content', HOMEPAGE_CONTENT_KEY] as const,
    queryFn: ({ signal }) =>
      readJson<TPageContent>(
        api['page-content'][':key'].$get({ param: { key: HOMEPAGE_CONTENT_KEY } }, withSignal(signal)),
      ),
    staleTime: 5 * 60 * 1000,
    // The record is admin-edited JSON: use it only when it has the homepage shape.
    select: (record): THomepageContent | null => (isHomepageContent(record.content) ? record.content : null),
  });
}
