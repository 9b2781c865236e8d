/**
 * /reader/:bookId and /read/:bookId (sign-in and an active subscription or valid trial,
 * docs/product/routes-and-screens.md#route-table): opens the protected book (loan, licence, decrypted range transport)
 * and shows it in the reader shell with everything a subscriber gets: the licence watermark, bookmarks, search across
 * the whole book, copy allowance, read aloud, and the position saved as they read and restored when they come back
 * (`?page=` wins over the saved position). Owns the opened book for as long as it is shown.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { READER_MESSAGES, type TCopyBudget } from '@shared/reader';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/features/auth/queries';
import { bookDetailPath } from '@web/lib/paths';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { TOpenedBook } from '@web/protected-content/open-protected-book';
import {
  DownloadForOfflineButton,
  useIsDownloadForOfflineShown,
} from '@web/features/offline/components/download-for-offline-button';
import { ReaderErrorScreen } from './components/reader-error-screen';
import { pageFromSearch } from './page-number';
import { loadPdfjs } from './pdf/load-pdfjs';
import { takeDocumentTask } from './pdf/document-task';
import { claimEarlyBookOpen, startBookOpen } from './book-open';

// For the router, which starts the book's open with the screen's code (app/router.tsx).
export { startEarlyBookOpen } from './book-open';
import type { TPdfSource } from './pdf/use-pdf-viewer';
import { useReadingPosition } from '@web/features/sync/use-reading-position';
import { loadCopyBudget, recordOfflineCopy } from '@web/features/sync/copy-report';
import { useSyncEngineInstance } from '@web/features/sync/use-sync';
import { estimateCopyBudget, rememberServerCopyBudget } from '@web/storage/copy-counters';
import { CopyRefusedError, isNetworkFailure } from '@web/lib/copy-guard';
import { OtherDeviceNotice } from './components/other-device-notice';
import { fetchCopyBudget, recordCopyEvent, searchInBook } from './queries';
import type { TOpening } from './opening-position';
import { ReaderOfflineStatus } from './components/offline-status';
import { ReaderShell, type TCopyFeature } from './reader-shell';
import { LazyAssistantPanel } from '@web/features/assistant/lazy-assistant-panel';
import { useReaderBookmarks } from './use-reader-bookmarks';
import { useHighlights } from '@web/features/highlights/use-highlights';
import { useReadingSession } from './use-reading-session';

// pdf.js (library, viewer and worker) is most of what opening a book waits for: start fetching it as
// soon as the reader's own code arrives, while the route guard is still verifying access.
void loadPdfjs().catch(() => undefined);

export default function ReaderPage() {
  const { bookId: bookRef = '' } = useParams<{ bookId: string }>();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  // A retry opens the book afresh: each attempt mounts a new opener.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return <BookOpener key={attempt} bookRef={bookRef} userId={userId} onRetry={retry} />;
}

function BookOpener({ bookRef, userId, onRetry }: { bookRef: string; userId: string | null; onRetry: () => void }) {
  const [opened, setOpened] = useState<{ book: TOpenedBook; opening: TOpening } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const { search } = useLocation();
  // Read once per open: a page turn rewrites ?page= and must not reopen the book.
  const [pageInUrl] = useState(() => pageFromSearch(search));

  useEffect(() => {
    if (!userId || !bookRef) return;
    setOpened(null);
    setFailure(null);
    // Usually opened already, at start, from the page's own data (book-open.ts); otherwise now.
    const open = claimEarlyBookOpen(bookRef, userId) ?? startBookOpen({ bookRef, userId, queryClient, pageInUrl });
    let current = true;
    open.onError((error) => {
      if (current) setFailure(error);
    });
    open.ready.then(
      (result) => {
        if (current) setOpened(result);
      },
      (error: unknown) => {
        if (current) setFailure(error);
      },
    );
    return () => {
      current = false;
      open.cancel();
    };
  }, [bookRef, userId, queryClient, pageInUrl]);

  useDocumentTitle(opened?.book.manifest.title ?? 'Reader');

  if (failure) return <ReaderErrorScreen error={failure} bookRef={bookRef} onRetry={onRetry} />;
  if (!opened || !userId) return <Spinner label="Loading..." className="min-h-[60vh] py-16" />;
  return (
    <OpenedReader
      key={opened.book.licenseId}
      book={opened.book}
      opening={opened.opening}
      bookRef={bookRef}
      userId={userId}
      onRetry={onRetry}
    />
  );
}

function OpenedReader({
  book,
  opening,
  bookRef,
  userId,
  onRetry,
}: {
  book: TOpenedBook;
  opening: TOpening;
  bookRef: string;
  userId: string;
  onRetry: () => void;
}) {
  const { manifest, policy } = book;
  const bookId = manifest.bookId;
  const position = useReadingPosition(bookId);
  const syncEngine = useSyncEngineInstance();
  const bookmarks = useReaderBookmarks(bookId);
  const highlightsBook = useMemo(
    () => ({ title: manifest.title, slug: manifest.slug }),
    [manifest.title, manifest.slug],
  );
  const highlights = useHighlights(bookId, highlightsBook);
  const [copyBudget, setCopyBudget] = useState<TCopyBudget | null>(null);
  // Offline: the licence's budget as this browser counts it (the server's last figure plus the copies
  // it has not seen yet); dropped as soon as the server answers again.
  const [offlineCopyBudget, setOfflineCopyBudget] = useState<TCopyBudget | null>(null);
  const copyLimit = policy.copyLimitChars;

  useEffect(() => {
    const controller = new AbortController();
    const refresh = () =>
      loadCopyBudget({ userId, bookId, load: () => fetchCopyBudget(bookId, controller.signal) }).then(
        (budget) => {
          setCopyBudget(budget);
          setOfflineCopyBudget(null);
        },
        (error: unknown) => {
          // Without a known budget every online copy simply asks the server first.
          if (controller.signal.aborted || !(isNetworkFailure(error) || navigator.onLine === false)) return;
          estimateCopyBudget({ userId, bookId, limit: copyLimit }).then(setOfflineCopyBudget, () => undefined);
        },
      );
    void refresh();
    // Back online: the server's figure (with this browser's reported copies) replaces the estimate.
    window.addEventListener('online', refresh);
    return () => {
      controller.abort();
      window.removeEventListener('online', refresh);
    };
  }, [bookId, userId, copyLimit]);

  const setPosition = position.setPosition;
  const storePosition = useCallback((page: number, totalPages: number) => setPosition(page, totalPages), [setPosition]);
  const session = useReadingSession({
    bookId,
    restored: opening.restored,
    setPosition: storePosition,
  });

  const source = useMemo<TPdfSource>(
    () => ({ kind: 'range', params: book.documentParams, startedTask: () => takeDocumentTask(book) }),
    [book],
  );
  const copy = useMemo<TCopyFeature>(
    () => ({
      budget: offlineCopyBudget ?? copyBudget,
      record: (characters) => recordCopyEvent(bookId, characters),
      onBudget: (budget) => {
        setCopyBudget(budget);
        setOfflineCopyBudget(null);
        void rememberServerCopyBudget({ userId, bookId, budget }).catch(() => undefined);
      },
      recordOffline: async (characters) => {
        const outcome = await recordOfflineCopy({ engine: syncEngine, userId, bookId, characters, limit: copyLimit });
        setOfflineCopyBudget(outcome.budget);
        if (!outcome.allowed) throw new CopyRefusedError(READER_MESSAGES.copyLimitReached);
      },
    }),
    [syncEngine, bookId, userId, copyLimit, copyBudget, offlineCopyBudget],
  );
  const searchServer = useCallback(
    (query: string, signal: AbortSignal) => searchInBook(bookId, query, signal),
    [bookId],
  );
  const { otherDevice, dismissOtherDevice } = position;
  const canDownload = useIsDownloadForOfflineShown(bookId);

  return (
    <ReaderShell
      title={manifest.title}
      backTo={bookDetailPath(manifest.slug || bookRef)}
      backLabel="Back to the book"
      source={source}
      initialPage={opening.page}
      watermark={policy.watermark}
      bookmarks={bookmarks}
      highlights={highlights}
      copy={copy}
      searchServer={searchServer}
      renderAssistant={(openPage) => <LazyAssistantPanel bookId={bookId} onOpenPage={openPage} />}
      onPageChange={session.onPageChange}
      onReadAloudEvent={session.onReadAloudEvent}
      notice={(goToPage) =>
        otherDevice && (
          <OtherDeviceNotice
            page={otherDevice.page}
            deviceName={otherDevice.deviceName}
            lastReadAt={otherDevice.lastReadAt}
            onGo={() => {
              goToPage(otherDevice.page);
              dismissOtherDevice();
            }}
            onStay={dismissOtherDevice}
          />
        )
      }
      renderLoadError={(error) => <ReaderErrorScreen error={error} bookRef={bookRef} onRetry={onRetry} />}
      status={<ReaderOfflineStatus bookId={bookId} />}
      moreOptions={
        canDownload ? <DownloadForOfflineButton bookId={bookId} title={manifest.title} layout="menu" /> : undefined
      }
    />
  );
}
