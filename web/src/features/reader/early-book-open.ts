/**
 * One open of a protected book (docs/ARCHITECTURE.md#protected-content, the open sequence): the book (device,
 * licence, key, range transport), the page to draw first, and pdf.js's loading task started as soon as the book is
 * ready. Nothing here needs React or the query cache, so the reader page's own small script
 * (web/src/reader-first-page.ts) starts it from the data the page carries, draws the first page, and the app's
 * reader screen claims the same open once it has loaded (docs/decisions/025-reader-first-page.md). book-open.ts
 * adds what the screen's queries need.
 */
import type { TReadingProgress } from '@shared/progress';
import { readerBookRef } from '@shared/spa-routes';
import { lastKnownUser } from '@web/features/auth/last-known-user';
import { knownPositionOnThisDevice } from '@web/features/sync/known-position';
import { openProtectedBook, type TOpenedBook } from '@web/protected-content/open-protected-book';
import { startOpeningPosition, type TOpening, type TOpeningPosition } from './opening-position';
import { pageFromSearch } from './page-number';
import { loadPdfjsLib } from './pdf/load-pdfjs';
import { dropDocumentTask, startDocumentTask } from './pdf/document-task';
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

export function openBook(options: {
  bookRef: string;
  userId: string;
  pageInUrl: number | null;
  /** The server's saved position of the book (null for none); asked once, when the book's id is known. */
  readServerPosition: (bookId: string) => Promise<TReadingProgress | null>;
  /** What the reader page carries: its manifest saves the manifest request. */
  page?: TReaderPageData | null;
}): TBookOpen {
  const { bookRef, userId, pageInUrl, page, readServerPosition } = options;
  const controller = new AbortController();
  let book: TOpenedBook | null = null;
  let listener: ((error: unknown) => void) | null = null;
  let earlyError: unknown;
  const report = (error: unknown) => {
    if (listener) listener(error);
    else earlyError ??= error;
  };
  // The saved position (server and device) is known as soon as the book id is: the first page drawn is
  // the saved one, and its segment is fetched with the first ones. A slug's id comes with the manifest.
  let position: TOpeningPosition | null = null;
  const positionOf = (bookId: string) => {
    position ??= startOpeningPosition({
      pageInUrl,
      isOnline: navigator.onLine !== false,
      readServer: () => readServerPosition(bookId),
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
    loadRangeTransportClass: async () => (await loadPdfjsLib()).PDFDataRangeTransport,
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

export interface TPageBookOpen {
  bookRef: string;
  userId: string;
  open: TBookOpen;
  /** The page's answers (position, bookmarks), for the screen's queries; null once handed to them. */
  page: TReaderPageData | null;
}

let early: (TPageBookOpen & { timer: ReturnType<typeof setTimeout> }) | null = null;

/**
 * On a reader page that carries its book (reader-page-data.ts): opens it now, before any of the app has loaded.
 * Once per page; null when the page carries no book (the screen then opens it itself).
 */
export function startPageBookOpen(location: Pick<Location, 'search'>): TPageBookOpen | null {
  if (early) return early;
  const page = takeReaderPageData();
  if (!page) return null;
  const open = openBook({
    bookRef: page.bookRef,
    userId: page.userId,
    pageInUrl: pageFromSearch(location.search),
    readServerPosition: async () => page.progress,
    page,
  });
  return keepUntilClaimed({ bookRef: page.bookRef, userId: page.userId, open, page });
}

/**
 * On the service worker's offline reader page (docs/decisions/029-offline-reader-page.md), which carries no book: opens
 * the book the address names for the reader this browser last knew (features/auth/last-known-user.ts), from its
 * download, before any of the app has loaded. Null when the address names no book or no reader is known; the screen
 * then explains. The open is the app's own (no position from the server: it cannot be reached), claimed the same way.
 */
export function startOfflinePageBookOpen(location: Pick<Location, 'pathname' | 'search'>): TPageBookOpen | null {
  if (early) return early;
  const bookRef = readerBookRef(location.pathname);
  const userId = lastKnownUser()?.id;
  if (bookRef === null || !userId) return null;
  const open = openBook({
    bookRef,
    userId,
    pageInUrl: pageFromSearch(location.search),
    readServerPosition: async () => null,
  });
  return keepUntilClaimed({ bookRef, userId, open, page: null });
}

/** Keeps an open started before the app until its screen claims it, or gives it up. */
function keepUntilClaimed(started: TPageBookOpen): TPageBookOpen {
  const { open } = started;
  const timer = setTimeout(() => {
    if (early?.open !== open) return;
    early = null;
    open.cancel();
  }, UNCLAIMED_OPEN_MS);
  early = { ...started, timer };
  return early;
}

/** The page's answers of the open started from the page, once (the screen's queries start from them). */
export function takeEarlyPageData(): TReaderPageData | null {
  const page = early?.page ?? null;
  if (early) early.page = null;
  return page;
}

/** The open started from the page for this book and this reader, once: the screen that claims it owns it. */
export function claimEarlyBookOpen(bookRef: string, userId: string): TBookOpen | null {
  if (!early || early.bookRef !== bookRef || early.userId !== userId) return null;
  const { open, timer } = early;
  clearTimeout(timer);
  early = null;
  return open;
}
