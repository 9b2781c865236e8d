/**
 * One open of a protected book for the reader screen (docs/ARCHITECTURE.md#protected-content, the open
 * sequence): the book (device, licence, key, range transport), the page to draw first, and pdf.js's
 * loading task started as soon as the book is ready. With the reader page's data
 * (reader-page-data.ts) it needs no manifest, position or bookmarks request, and it can start before
 * React renders anything: `startEarlyBookOpen` runs when the route matches at start
 * (app/router.tsx) and the screen claims that open instead of starting its own
 * (docs/decisions/021-reader-open-path.md).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import { authKeys } from '@web/features/auth/queries';
import { bookmarksQueryOptions, readingPositionQueryOptions } from '@web/features/sync/queries';
import { knownPositionOnThisDevice } from '@web/features/sync/known-position';
import { openProtectedBook, type TOpenedBook } from '@web/protected-content/open-protected-book';
import { startOpeningPosition, type TOpening, type TOpeningPosition } from './opening-position';
import { pageFromSearch } from './page-number';
import { loadPdfjs } from './pdf/load-pdfjs';
import { dropDocumentTask, startDocumentTask } from './pdf/document-task';
import { prefetchReadingState } from './queries';
import { takeReaderPageData, type TReaderPageData } from './reader-page-data';

/** Links to the reader carry the book's id (a UUID); a slug is resolved by the manifest. */
const BOOK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An early open no screen claimed (the reader went elsewhere first) is given up after this long. */
const UNCLAIMED_OPEN_MS = 30_000;

export interface TBookOpen {
  /** The opened book and its first page; rejects with the open's error (or an AbortError once cancelled). */
  ready: Promise<{ book: TOpenedBook; opening: TOpening }>;
  /** Errors of ranges read after the open (network, a tampered segment); one given before is passed on now. */
  onError(listener: (error: unknown) => void): void;
  /** Stops the open, or closes the book it opened once its viewer has let go of it. */
  cancel(): void;
}

export function startBookOpen(options: {
  bookRef: string;
  userId: string;
  queryClient: QueryClient;
  pageInUrl: number | null;
  page?: TReaderPageData | null;
}): TBookOpen {
  const { bookRef, userId, queryClient, pageInUrl, page } = options;
  const controller = new AbortController();
  let book: TOpenedBook | null = null;
  let listener: ((error: unknown) => void) | null = null;
  let earlyError: unknown;
  const report = (error: unknown) => {
    if (listener) listener(error);
    else earlyError ??= error;
  };
  if (page) {
    // The page's answers are this moment's: the screen's queries start from them instead of asking again.
    queryClient.setQueryData(readingPositionQueryOptions(page.manifest.bookId).queryKey, page.progress);
    queryClient.setQueryData(bookmarksQueryOptions(page.manifest.bookId).queryKey, page.bookmarks);
  }
  // The saved position (server and device) is known as soon as the book id is: the first page drawn is
  // the saved one, and its segment is fetched with the first ones. A slug's id comes with the manifest.
  let position: TOpeningPosition | null = null;
  const positionOf = (bookId: string) => {
    position ??= startOpeningPosition({
      pageInUrl,
      isOnline: navigator.onLine !== false,
      readServer: page ? async () => page.progress : () => prefetchReadingState(queryClient, bookId),
      readDevice: () => knownPositionOnThisDevice(userId, bookId),
    });
    return position;
  };
  if (page) positionOf(page.manifest.bookId);
  else if (BOOK_ID_PATTERN.test(bookRef)) positionOf(bookRef);
  const ready = openProtectedBook({
    bookRef,
    userId,
    manifest: page?.manifest,
    signal: controller.signal,
    onError: report,
    loadRangeTransportClass: async () => (await loadPdfjs()).lib.PDFDataRangeTransport,
    firstPage: (manifest) => positionOf(manifest.bookId).firstPage(),
  }).then(async (result) => {
    if (controller.signal.aborted) {
      result.close();
      throw controller.signal.reason;
    }
    book = result;
    startDocumentTask(result);
    const opening = await positionOf(result.manifest.bookId).settle(result.manifest.pageCount);
    controller.signal.throwIfAborted();
    return { book: result, opening };
  });
  ready.catch(() => undefined);
  return {
    ready,
    onError(next) {
      listener = next;
      if (earlyError !== undefined) next(earlyError);
    },
    cancel() {
      controller.abort();
      // After the viewer has destroyed its pdf.js document (its cleanup runs in the same commit).
      const toClose = book;
      setTimeout(() => {
        if (!toClose) return;
        dropDocumentTask(toClose);
        toClose.close();
      }, 0);
    },
  };
}

let early: { bookRef: string; userId: string; open: TBookOpen; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * At start, on a reader page that carries its book: opens it before React has rendered anything. Needs
 * the signed-in user the page carries too (app/server-session.ts, already in the query cache).
 */
export function startEarlyBookOpen(queryClient: QueryClient, location: Location): void {
  const userId = queryClient.getQueryData<TCurrentUser | null>(authKeys.user)?.id;
  if (early || !userId) return;
  const page = takeReaderPageData();
  if (!page || page.userId !== userId) return;
  const open = startBookOpen({
    bookRef: page.bookRef,
    userId,
    queryClient,
    pageInUrl: pageFromSearch(location.search),
    page,
  });
  const timer = setTimeout(() => {
    if (early?.open !== open) return;
    early = null;
    open.cancel();
  }, UNCLAIMED_OPEN_MS);
  early = { bookRef: page.bookRef, userId, open, timer };
}

/** The early open of this book for this reader, once: the screen that claims it owns it. */
export function claimEarlyBookOpen(bookRef: string, userId: string): TBookOpen | null {
  if (!early || early.bookRef !== bookRef || early.userId !== userId) return null;
  const { open, timer } = early;
  clearTimeout(timer);
  early = null;
  return open;
}
