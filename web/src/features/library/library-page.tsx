/**
 * /library (signed in): "Continue where you left off", the quota panel, the reader's picks
 * (cover, author, lock end, 'Read now'; premium readers need no picks, so they are pointed at the whole
 * store) and the shelf of everything added, picked or started, with progress bars and filters.
 */
import { Link } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import { BookOpen, Library, MessageCircleQuestion } from 'lucide-react';
import type { TSelection } from '@shared/selections';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { assistantPath, readerPath } from '@web/lib/paths';
import { bookQueryOptions } from '@web/features/catalogue/queries';
import { QuotaPanel } from '@web/features/selections/components/quota-panel';
import { formatDate } from '@web/features/selections/format';
import { useEntitlements, selectionsQueryOptions } from '@web/features/selections/queries';
import { useSyncEngine } from '@web/features/sync/use-sync';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useOnlineStatus } from '@web/lib/use-online-status';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { NeedsConnection, OfflineNotice } from '@web/components/offline-notice';
import { InstallHintSlot } from '@web/features/install/install-hint-slot';
import { LazyDownloadedBooks } from '@web/features/offline/components/lazy-downloaded-books';
import { ContinueReadingCard } from './components/continue-reading-card';
import { BookListItem } from './components/book-list-item';
import { LibraryShelf } from './components/library-shelf';
import { LibraryHighlights } from '@web/features/highlights/components/library-highlights';

export default function LibraryPage() {
  useDocumentTitle('My Library');
  // Changes read offline go out when the reader opens their library.
  useSyncEngine();
  const entitlements = useEntitlements();
  const selections = useQuery(selectionsQueryOptions);
  // The selection answer has no author; the book records are shared with the book pages' cache.
  const books = useQueries({
    queries: (selections.data ?? []).map((selection) => ({ ...bookQueryOptions(selection.bookId), retry: false })),
  });
  const authorOf = (bookId: string) => books.find((book) => book.data?.id === bookId)?.data?.author;
  const isPremium = entitlements.data?.tier === 'premium';
  const isFree = entitlements.data?.tier === 'free';
  const isOnline = useOnlineStatus();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">My Library</h1>
      <p className="mt-2 text-muted-foreground">Your books, how far you have read, and what your plan allows.</p>

      <InstallHintSlot className="mt-6" />
      {!isOnline && (
        <>
          <OfflineNotice className="mt-6">
            {selections.data
              ? 'Your library is shown as it was when you were last online.'
              : 'Your library needs a connection to load.'}{' '}
            Books downloaded to this browser open from your downloads.
          </OfflineNotice>
          <LazyDownloadedBooks className="mt-6" />
        </>
      )}

      <ContinueReadingCard className="mt-6" />

      <QuotaPanel entitlements={entitlements.data} className="mt-6" />

      <section aria-labelledby="chosen-title" className="mt-10">
        <h2 id="chosen-title" className="font-serif text-2xl font-semibold">
          Your picks
        </h2>
        <div className="mt-4">
          {isWaitingForNetwork(selections) ? (
            <NeedsConnection what="Your picks" />
          ) : selections.isPending ? (
            <div role="status" className="grid gap-4 sm:grid-cols-2">
              <span className="sr-only">Loading your books...</span>
              {[0, 1].map((index) => (
                <Skeleton key={index} className="h-36 w-full" />
              ))}
            </div>
          ) : selections.isError ? (
            <ErrorPanel
              title="We couldn't load your books."
              error={selections.error}
              onRetry={() => void selections.refetch()}
              isRetrying={selections.isFetching}
            />
          ) : selections.data.length === 0 ? (
            <StatePanel
              icon={<Library />}
              title={isPremium ? 'Every book is yours to read' : isFree ? 'No active plan' : 'No picks yet'}
              action={
                <Button asChild>
                  {isFree ? (
                    <Link to="/subscribe">Choose a plan</Link>
                  ) : (
                    <Link to="/bookstore">Browse the Book Store</Link>
                  )}
                </Button>
              }
            >
              {isPremium
                ? 'Premium opens the whole catalogue: pick any book in the store and start reading.'
                : isFree
                  ? 'Choose Basic or Premium to pick books and read them in full. Previews stay free for everyone.'
                  : 'Find a book you like in the store and pick it to read it in full.'}
            </StatePanel>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {selections.data.map((selection) => (
                <ChosenBook key={selection.bookId} selection={selection} author={authorOf(selection.bookId)} />
              ))}
            </ul>
          )}
        </div>
      </section>

      <LibraryHighlights className="mt-10" />
      <LibraryShelf className="mt-10" />
    </div>
  );
}

function ChosenBook({ selection, author }: { selection: TSelection; author: string | undefined }) {
  const lockEnd = formatDate(selection.lockedUntil);
  return (
    <BookListItem book={selection} author={author}>
      <p className="text-xs text-muted-foreground">
        {lockEnd
          ? selection.canRemove
            ? `Lock ended ${lockEnd}`
            : `Locked until ${lockEnd}`
          : `Picked ${formatDate(selection.selectedAt)}`}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={readerPath(selection.bookId)}>
            <BookOpen aria-hidden="true" />
            Read now
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={assistantPath(selection.bookId)} aria-label={`Ask about ${selection.title}`}>
            <MessageCircleQuestion aria-hidden="true" />
            Ask
          </Link>
        </Button>
      </div>
    </BookListItem>
  );
}
