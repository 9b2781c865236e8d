import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import type { TBookSummary } from '@shared/catalogue';
import { cn } from '@web/lib/cn';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { bookDetailPath } from '@web/lib/paths';
import { BookCover } from './book-cover';
import { RatingStars } from '@web/components/rating-stars';
import { TierBadge } from './tier-badge';

// The pick control (Radix dialog, mutations) loads only for readers who pick: trial and Basic.
const CardChooseAction = lazy(() => import('@web/features/selections/components/card-choose-action'));

export type TBookCardData = Pick<
  TBookSummary,
  'id' | 'title' | 'author' | 'coverImageUrl' | 'requiredTier' | 'rating'
> &
  Partial<Pick<TBookSummary, 'totalRatings' | 'category'>>;

/**
 * One book in a grid: the whole card is clickable through the title link's stretched hit area, so
 * keyboard and screen-reader users meet a single link per book. Signed-in trial and Basic readers
 * also get a small 'Pick' / 'Picked' control above that hit area.
 */
export function BookCard({
  book,
  headingLevel = 3,
  className,
  coverPriority = false,
}: {
  book: TBookCardData;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** The cover is above the fold: loaded at once instead of lazily. */
  coverPriority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const { user, isAuthenticated } = useCurrentUser();
  const mayPick = isAuthenticated && (user?.subscriptionTier === 'trial' || user?.subscriptionTier === 'basic');
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-3 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-ring',
        className,
      )}
    >
      <BookCover src={book.coverImageUrl} title={book.title} priority={coverPriority} />
      <div className="flex flex-1 flex-col gap-1">
        <TierBadge tier={book.requiredTier} className="mb-1 self-start" />
        <Heading className="line-clamp-2 font-serif text-base font-semibold leading-snug">
          <Link
            to={bookDetailPath(book.id)}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
          >
            {book.title}
          </Link>
        </Heading>
        <p className="line-clamp-1 text-sm text-muted-foreground">{book.author}</p>
        <RatingStars rating={book.rating} totalRatings={book.totalRatings} className="mt-auto pt-1" />
        {mayPick ? (
          <Suspense fallback={null}>
            <CardChooseAction bookId={book.id} title={book.title} requiredTier={book.requiredTier} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}

export function BookCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3" aria-hidden="true">
      <Skeleton className="aspect-[5/7] w-full" />
      <Skeleton className="h-5 w-16 rounded-full" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-3 w-2/5" />
    </div>
  );
}
