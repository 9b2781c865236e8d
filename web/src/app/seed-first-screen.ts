/**
 * Puts the server's first-screen data (docs/ARCHITECTURE.md#first-screen-data) into the query cache under the keys
 * of the calls it answers, before the first render, so the landing page's hero, the bookstore's first page
 * and a book's details draw with the screen instead of after a round trip. The usual freshness rules
 * apply from then on.
 */
import type { QueryClient } from '@tanstack/react-query';
import { HOMEPAGE_CONTENT_KEY, type TInitialData } from '@shared/initial-data';
import { catalogueKeys, normaliseBooksParams } from '@web/features/catalogue/queries';
import { homeKeys } from '@web/features/home/queries';

export function seedFirstScreenQueries(queryClient: QueryClient, data: TInitialData): void {
  if (data.homepageContent) queryClient.setQueryData(homeKeys.pageContent(HOMEPAGE_CONTENT_KEY), data.homepageContent);
  if (data.bookList)
    queryClient.setQueryData(catalogueKeys.bookList(normaliseBooksParams(data.bookList.params)), data.bookList.list);
  if (data.categories) queryClient.setQueryData(catalogueKeys.categories, data.categories);
  if (data.book) queryClient.setQueryData(catalogueKeys.book(data.book.idOrSlug), data.book.detail);
}
