import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TRecommendedBook } from '@shared/recommendations';
import { cn } from '@web/lib/cn';
import { bookDetailPath } from '@web/lib/paths';
import { useCurrentUser } from '@web/features/auth/queries';
import { COVER_DEFAULT_HEIGHT, COVER_DEFAULT_WIDTH } from '@shared/limits';
import { apiHref } from '@web/lib/api';
import { RatingStars } from '@web/components/rating-stars';

// Picking (Radix dialog, mutations) loads only for readers who pick: trial and Basic.
const CardChooseAction = lazy(() => import('@web/features/selections/components/card-choose-action'));

/**
 * One recommended book: cover, title (the whole card opens the book through the title's stretched link), author and
 * the reason it is shown (docs/product/recommendations.md#rows). On the reader's own rows it also carries the pick
 * control and "Not interested"; on a book page's "More like this" only the reason.
 */
export function RecommendationCard({
  item,
  headingLevel = 3,
  onOpen,
  onDismiss,
  className,
}: {
  item: TRecommendedBook;
  headingLevel?: 3 | 4;
  onOpen?: () => void;
  onDismiss?: () => void;
  className?: string;
}) {
  const { book, reason } = item;
  const Heading = `h${headingLevel}` as const;
  const { user, isAuthenticated } = useCurrentUser();
  const mayPick =
    Boolean(onDismiss) && isAuthenticated && (user?.subscriptionTier === 'trial' || user?.subscriptionTier === 'basic');
  return (
    <article
      data-testid="recommendation-card"
      className={cn(
        'group relative flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-ring',
        className,
      )}
    >
      <RecommendationCover bookId={book.id} src={book.coverImageUrl} title={book.title} />
      <Heading className="line-clamp-2 font-serif text-sm font-semibold leading-snug">
        <Link
          to={bookDetailPath(book.id)}
          onClick={onOpen}
          className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
        >
          {book.title}
        </Link>
      </Heading>
      <p className="line-clamp-1 text-xs text-muted-foreground">{book.author}</p>
      <RatingStars rating={book.rating} totalRatings={book.totalRatings} />
      <p className="text-xs leading-snug text-foreground/80" data-testid="recommendation-reason">
        <span className="sr-only">Why it is shown: </span>
        {reason}
      </p>
      {onDismiss ? (
        <div className="relative z-10 mt-auto flex flex-wrap items-center gap-2 pt-1">
          {mayPick ? (
            <Suspense fallback={null}>
              <CardChooseAction bookId={book.id} title={book.title} requiredTier={book.requiredTier} />
            </Suspense>
          ) : null}
          <button
            type="button"
            onClick={onDismiss}
            aria-label={`Not interested in ${book.title}`}
            className="inline-flex h-8 items-center rounded-full px-2 text-xs font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Not interested
          </button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The card's cover. The catalogue's BookCover cannot be used here (the catalogue's pages show these rows, and
 * features do not import each other both ways); a stored cover that fails to load falls back to the book's generated
 * cover, which always exists.
 */
function RecommendationCover({ bookId, src, title }: { bookId: string; src: string; title: string }) {
  const generated = apiHref(`/books/${encodeURIComponent(bookId)}/cover.svg`);
  const [current, setCurrent] = useState(src || generated);
  return (
    <img
      src={current}
      alt={`Cover of ${title}`}
      width={COVER_DEFAULT_WIDTH}
      height={COVER_DEFAULT_HEIGHT}
      loading="lazy"
      decoding="async"
      onError={() => setCurrent(generated)}
      className="aspect-[5/7] h-auto w-full rounded-md bg-muted object-cover shadow-sm"
    />
  );
}
