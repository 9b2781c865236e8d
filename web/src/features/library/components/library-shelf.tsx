/**
 * The shelf on /library: every book the reader added, picked or started, with its progress, filtered
 * by In progress / Finished / Picked / All (the filter lives in the URL's ?status=, so it can be
 * linked and survives a reload), and add / remove from the library.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BookMarked, BookOpen, MessageCircleQuestion, Minus, Plus } from 'lucide-react';
import { LIBRARY_FILTERS, type TLibraryFilter, type TLibraryItem } from '@shared/progress';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { NeedsConnection } from '@web/components/offline-notice';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { assistantPath, bookDetailPath, readerPath } from '@web/lib/paths';
import {
  LazyDownloadForOfflineButton,
  LazyRegisterDeviceNotice,
} from '@web/features/offline/components/lazy-download-for-offline-button';
import { useEntitlements } from '@web/features/selections/queries';
import { libraryQueryOptions, useLibraryMembership } from '../queries';
import { BookListItem } from './book-list-item';
import { positionText } from './continue-reading-card';
import { ProgressBar } from './progress-bar';

export const FILTER_LABELS: Record<TLibraryFilter, string> = {
  in_progress: 'In progress',
  finished: 'Finished',
  selected: 'Picked',
  all: 'All',
};

const EMPTY_TEXT: Record<TLibraryFilter, string> = {
  in_progress: 'No books in progress. Open a book to start reading and it will appear here.',
  finished: 'No finished books yet. Books you read to the last page appear here.',
  selected: 'No picks yet. Books you pick with your plan appear here.',
  all: 'Your library is empty. Add books from the store to keep them here.',
};

function isFilter(value: string | null): value is TLibraryFilter {
  return value !== null && (LIBRARY_FILTERS as readonly string[]).includes(value);
}

export function LibraryShelf({ className }: { className?: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: TLibraryFilter = isFilter(requested) ? requested : 'all';
  const query = useQuery(libraryQueryOptions(filter));
  const counts = query.data?.counts;
  const tier = useEntitlements().data?.tier;

  const choose = (next: TLibraryFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="shelf-title" className={className}>
      <h2 id="shelf-title" className="font-serif text-2xl font-semibold">
        Your reading
      </h2>
      <fieldset className="mt-4 flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Filter your books</legend>
        {(['in_progress', 'finished', 'selected', 'all'] as const).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={option === filter ? 'default' : 'outline'}
            aria-pressed={option === filter}
            onClick={() => choose(option)}
          >
            {FILTER_LABELS[option]}
            {counts ? <span className="tabular-nums opacity-80">({counts[option]})</span> : null}
          </Button>
        ))}
      </fieldset>
      <div className="mt-4">
        {isWaitingForNetwork(query) ? (
          <NeedsConnection what="Your books and how far you have read" />
        ) : query.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-2">
            <span className="sr-only">Loading your library...</span>
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-36 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorPanel
            title="We couldn't load your library."
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data.items.length === 0 ? (
          <StatePanel
            icon={<BookMarked />}
            title={`Nothing here yet`}
            action={
              <Button asChild variant="outline">
                <Link to="/bookstore">Browse the Book Store</Link>
              </Button>
            }
          >
            {EMPTY_TEXT[filter]}
          </StatePanel>
        ) : (
          <>
            {query.data.items.some((item) => canDownloadBook(item, tier)) && (
              <LazyRegisterDeviceNotice className="mb-4" />
            )}
            <ul className="grid gap-4 sm:grid-cols-2" aria-label={`${FILTER_LABELS[filter]} books`}>
              {query.data.items.map((item) => (
                <ShelfBook key={item.bookId} item={item} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

const STATUS_BADGE: Record<TLibraryItem['status'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  finished: 'Finished',
};
const READ_LABEL: Record<TLibraryItem['status'], string> = {
  not_started: 'Start reading',
  in_progress: 'Continue reading',
  finished: 'Read again',
};

/** Downloads are for books the plan lets this reader open: every book on Premium, the picks on Basic. */
function canDownloadBook(item: TLibraryItem, tier: string | undefined): boolean {
  return item.canOpen && (tier === 'premium' || (tier === 'basic' && item.selected));
}

function ShelfBook({ item }: { item: TLibraryItem }) {
  const membership = useLibraryMembership();
  const busy = membership.isPending;
  const canDownload = canDownloadBook(item, useEntitlements().data?.tier);
  return (
    <BookListItem book={item} author={item.author}>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant={item.status === 'finished' ? 'accent' : 'secondary'}>{STATUS_BADGE[item.status]}</Badge>
        {item.selected && <Badge variant="outline">Picked</Badge>}
      </div>
      {item.progress && (
        <div className="mt-1 flex flex-col gap-1">
          <ProgressBar value={item.progress.progressPercentage} label={`Reading progress of ${item.title}`} />
          <p className="text-xs text-muted-foreground">
            {item.status === 'finished'
              ? `Last on ${positionText(item.progress).toLowerCase()}`
              : `${positionText(item.progress)}${item.progress.totalPages ? ` · ${Math.round(item.progress.progressPercentage)}%` : ''}`}
          </p>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {item.canOpen ? (
          <Button asChild size="sm">
            <Link to={readerPath(item.bookId)}>
              <BookOpen aria-hidden="true" />
              {READ_LABEL[item.status]}
            </Link>
          </Button>
        ) : null}
        {item.canOpen ? (
          <Button asChild size="sm" variant="outline">
            <Link to={assistantPath(item.bookId)} aria-label={`Ask about ${item.title}`}>
              <MessageCircleQuestion aria-hidden="true" />
              Ask
            </Link>
          </Button>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link to={bookDetailPath(item.slug || item.bookId)}>See the book</Link>
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => membership.mutate({ bookId: item.bookId, title: item.title, inLibrary: !item.inLibrary })}
        >
          {item.inLibrary ? <Minus aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {item.inLibrary ? 'Remove from library' : 'Add to library'}
        </Button>
        {canDownload && (
          <LazyDownloadForOfflineButton
            bookId={item.bookId}
            title={item.title}
            registerPrompt="list"
            className="min-w-0 basis-full"
          />
        )}
      </div>
    </BookListItem>
  );
}
