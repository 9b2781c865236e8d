/**
 * "Continue where you left off" (on /library and /dashboard): the most recently read book
 * that is not finished, with its position and a 'Continue reading' link into the reader.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import type { TProgressSummary } from '@shared/progress';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { BookCover } from '@web/features/catalogue/components/book-cover';
import { bookDetailPath, readerPath } from '@web/lib/paths';
import { formatDate } from '@web/features/selections/format';
import { recentProgressQueryOptions } from '@web/features/sync/queries';
import { cn } from '@web/lib/cn';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { ProgressBar } from './progress-bar';

export function positionText(item: Pick<TProgressSummary, 'currentPage' | 'totalPages'>): string {
  return item.totalPages ? `Page ${item.currentPage} of ${item.totalPages}` : `Page ${item.currentPage}`;
}

/**
 * A book the reader's plan no longer opens (a pick that ended, a lapsed plan) is never offered as "Continue reading":
 * the server says so (canOpen), and the way on is the book's page, where it can be chosen again or the plan changed.
 */
export function NotOpenableNow({ bookRef }: { bookRef: string }) {
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <p className="text-sm text-muted-foreground">Not in your plan at the moment.</p>
      <Button asChild size="sm" variant="outline">
        <Link to={bookDetailPath(bookRef)}>See the book</Link>
      </Button>
    </div>
  );
}

/** Renders nothing when there is no book in progress, unless `emptyState` is given. */
export function ContinueReadingCard({ className, emptyState }: { className?: string; emptyState?: ReactNode }) {
  const query = useQuery(recentProgressQueryOptions('in_progress', 1));
  const book = query.data?.[0];
  // With no connection and nothing cached there is no last book to offer; the page's offline notice says why.
  if (isWaitingForNetwork(query)) return null;
  if (query.isPending) {
    return (
      <div role="status" className={cn('rounded-xl border border-border bg-card p-4', className)}>
        <span className="sr-only">Loading your last book...</span>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (!book) return emptyState ?? null;
  const lastRead = formatDate(book.lastReadAt);
  return (
    <section
      aria-labelledby="continue-title"
      className={cn('rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5', className)}
    >
      <h2 id="continue-title" className="font-serif text-xl font-semibold">
        Continue where you left off
      </h2>
      <div className="mt-4 flex gap-4">
        <Link to={bookDetailPath(book.slug || book.bookId)} className="w-20 shrink-0" tabIndex={-1} aria-hidden="true">
          <BookCover src={book.coverImageUrl} title={book.title} width={160} height={224} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h3 className="line-clamp-2 font-serif text-lg font-semibold leading-snug">{book.title}</h3>
          <p className="line-clamp-1 text-sm text-muted-foreground">{book.author}</p>
          <p className="text-sm">
            {positionText(book)}
            {book.totalPages ? ` · ${Math.round(book.progressPercentage)}%` : ''}
          </p>
          <ProgressBar value={book.progressPercentage} label={`Reading progress of ${book.title}`} />
          {lastRead && <p className="text-xs text-muted-foreground">Last read {lastRead}</p>}
          {book.canOpen ? (
            <Button asChild size="sm" className="mt-2 self-start">
              <Link to={readerPath(book.bookId)}>
                <BookOpen aria-hidden="true" />
                Continue reading
              </Link>
            </Button>
          ) : (
            <NotOpenableNow bookRef={book.slug || book.bookId} />
          )}
        </div>
      </div>
    </section>
  );
}
