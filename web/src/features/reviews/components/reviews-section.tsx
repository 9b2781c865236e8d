/**
 * "Reviews" on a book page (docs/product/reviews-and-challenges.md#reviews): the rating figures with their
 * distribution, the reader's own review (write, edit, delete; what moderation decided), and the other readers'
 * reviews sorted by most helpful or newest.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOwnReview, TReviewList, TReviewSort } from '@shared/reviews';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ErrorPanel } from '@web/components/error-panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { RatingStars, formatRating } from '@web/components/rating-stars';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { deleteReview, refreshAfterReviewChange, reviewsQueryOptions } from '../queries';
import { ReviewCard } from './review-card';
import { ReviewForm } from './review-form';

const SORT_LABELS: Record<TReviewSort, string> = { helpful: 'Most helpful', newest: 'Newest' };

export function ReviewsSection({
  bookId,
  bookSlug,
  onRatingChanged,
}: {
  bookId: string;
  bookSlug: string;
  /** Called after the reader's own review changes (the book's rating, totalRatings and totalReviews moved). */
  onRatingChanged: () => unknown;
}) {
  const { user } = useCurrentUser();
  const [sort, setSort] = useState<TReviewSort>('helpful');
  const [page, setPage] = useState(1);
  const reviews = useQuery({
    ...reviewsQueryOptions(bookId, sort, page, user?.id ?? null),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-5">
      <h2 id="reviews-title" className="font-serif text-2xl font-semibold">
        Reviews
      </h2>
      {reviews.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading reviews...</span>
          <Skeleton className="h-16 w-full" aria-hidden="true" />
          <Skeleton className="h-24 w-full" aria-hidden="true" />
        </div>
      ) : reviews.isError ? (
        <ErrorPanel
          title="We couldn't load the reviews."
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
          isRetrying={reviews.isFetching}
        />
      ) : (
        <>
          <RatingSummary list={reviews.data} />
          {user ? (
            <OwnReview bookId={bookId} own={reviews.data.own} onRatingChanged={onRatingChanged} />
          ) : (
            <p className="text-sm">
              <Link
                to={`/auth/login?redirect=${encodeURIComponent(`/book/${bookSlug}`)}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Sign in
              </Link>{' '}
              to rate and review this book.
            </p>
          )}
          {reviews.data.total > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted-foreground">Sort by</span>
              {(Object.keys(SORT_LABELS) as TReviewSort[]).map((option) => (
                <Button
                  key={option}
                  size="sm"
                  variant={sort === option ? 'secondary' : 'ghost'}
                  aria-pressed={sort === option}
                  onClick={() => {
                    setSort(option);
                    setPage(1);
                  }}
                >
                  {SORT_LABELS[option]}
                </Button>
              ))}
            </div>
          )}
          {reviews.data.items.length === 0 ? (
            <p className="text-muted-foreground">No reviews yet. Be the first to share what you thought.</p>
          ) : (
            <div className="flex flex-col gap-5">
              {reviews.data.items.map((review) => (
                <ReviewCard key={review.id} review={review} canAct={Boolean(user)} />
              ))}
            </div>
          )}
          {reviews.data.total > reviews.data.limit && (
            <nav aria-label="Review pages" className="flex items-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {Math.ceil(reviews.data.total / reviews.data.limit)}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page * reviews.data.limit >= reviews.data.total}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function RatingSummary({ list }: { list: TReviewList }) {
  if (list.totalRatings === 0) return null;
  const most = Math.max(...list.distribution, 1);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex flex-col gap-1">
        <p className="font-serif text-4xl font-bold">{formatRating(list.rating)}</p>
        <RatingStars rating={list.rating} totalRatings={list.totalRatings} />
        <p className="text-sm text-muted-foreground">
          {list.totalReviews} written {list.totalReviews === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <table className="w-full max-w-xs text-sm">
        <caption className="sr-only">Ratings by number of stars</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((star) => (
            <tr key={star}>
              <th scope="row" className="w-14 py-0.5 text-left font-normal">
                {star} {star === 1 ? 'star' : 'stars'}
              </th>
              <td className="py-0.5">
                <span className="block h-2 rounded-full bg-muted" aria-hidden="true">
                  <span
                    className="block h-2 rounded-full bg-star"
                    style={{ width: `${(list.distribution[star - 1] / most) * 100}%` }}
                  />
                </span>
              </td>
              <td className="w-12 py-0.5 text-right tabular-nums">{list.distribution[star - 1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OwnReview({
  bookId,
  own,
  onRatingChanged,
}: {
  bookId: string;
  own: TOwnReview | null;
  onRatingChanged: () => unknown;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteReview(bookId),
    onSuccess: async () => {
      toast({ title: 'Your review is deleted' });
      await Promise.all([refreshAfterReviewChange(queryClient), onRatingChanged()]);
    },
    onError: (error) => toast({ title: 'Not deleted', description: describeError(error), variant: 'destructive' }),
  });
  if (editing)
    return <ReviewForm bookId={bookId} own={own} onDone={() => setEditing(false)} onSaved={onRatingChanged} />;
  if (!own) {
    return (
      <Button className="self-start" onClick={() => setEditing(true)}>
        Write a review
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Your review</h3>
      {!own.isApproved && (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
          A moderator has hidden your review from other readers. Reason: {own.moderationReason}
        </p>
      )}
      {own.isApproved && own.moderationReason && (
        <p className="text-sm text-muted-foreground">A moderator restored your review: {own.moderationReason}</p>
      )}
      <ReviewCard review={own} canAct={false} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Edit your review
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              Delete
            </Button>
          }
          title="Delete your review?"
          confirmLabel="Delete review"
          pendingLabel="Deleting..."
          confirmVariant="destructive"
          onConfirm={() => remove.mutateAsync()}
        >
          Your rating and text are removed from this book.
        </ConfirmDialog>
      </div>
    </div>
  );
}
