/**
 * The reader screen's side of opening a book (early-book-open.ts holds the open itself): the page's answers
 * go into the query cache so the screen's position and bookmarks queries start from them instead of asking
 * again, and a book the page did not carry is opened with the position read through the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import { authKeys } from '@web/features/auth/queries';
import { bookmarksQueryOptions, readingPositionQueryOptions } from '@web/features/sync/queries';
import { claimEarlyBookOpen, openBook, startPageBookOpen, takeEarlyPageData, type TBookOpen } from './early-book-open';
import { prefetchReadingState } from './queries';

export { claimEarlyBookOpen, type TBookOpen } from './early-book-open';

/** Opens a book for the screen when no open was started from the page. */
export function startBookOpen(options: {
  bookRef: string;
  userId: string;
  queryClient: QueryClient;
  pageInUrl: number | null;
}): TBookOpen {
  const { queryClient, ...rest } = options;
  return openBook({ ...rest, readServerPosition: (bookId) => prefetchReadingState(queryClient, bookId) });
}

/**
 * At the app's start on a reader page: the open the page's own script started (or, when the app runs without
 * it, one started now from the page's data), with the page's answers put into the query cache. Needs the
 * signed-in user the page carries (app/server-session.ts, already in the query cache): a page for another
 * reader is left alone.
 */
export function startEarlyBookOpen(queryClient: QueryClient, location: Location): void {
  const userId = queryClient.getQueryData<TCurrentUser | null>(authKeys.user)?.id;
  if (!userId) return;
  const started = startPageBookOpen(location);
  if (!started) return;
  if (started.userId !== userId) {
    claimEarlyBookOpen(started.bookRef, started.userId)?.cancel();
    return;
  }
  const page = takeEarlyPageData();
  if (!page) return;
  // The page's answers are this moment's: the screen's queries start from them instead of asking again.
  queryClient.setQueryData(readingPositionQueryOptions(page.manifest.bookId).queryKey, page.progress);
  queryClient.setQueryData(bookmarksQueryOptions(page.manifest.bookId).queryKey, page.bookmarks);
}
