/**
 * /moderation: the moderators' review queue (docs/product/reviews-and-challenges.md#moderation). Reported reviews,
 * most reported first, and hidden ones; each can be hidden or restored with a reason the author sees. The API
 * decides who may (community:moderate); this screen only says so when it refuses.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { hasPermission } from '@shared/permissions';
import type { TModerationReview } from '@shared/reviews';
import { Button } from '@web/components/ui/button';
import { ErrorPanel } from '@web/components/error-panel';
import { StatePanel } from '@web/components/state-panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { FormField } from '@web/components/forms/form-field';
import { useCurrentUser } from '@web/features/auth/queries';
import { RatingStars } from '@web/components/rating-stars';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { moderateReview, moderationQueueQueryOptions, refreshAfterReviewChange } from './queries';

export default function ModerationPage() {
  const { user } = useCurrentUser();
  const allowed = hasPermission(user?.role, 'community:moderate');
  const queue = useQuery({ ...moderationQueueQueryOptions, enabled: allowed });
  useDocumentTitle('Review moderation');

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 pb-16 pt-6 sm:px-6 md:pt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Review moderation</h1>
        {hasPermission(user?.role, 'feedback:respond') && (
          // Moderators triage readers' feedback too (docs/product/feedback.md#triage).
          <Link className="text-sm font-medium underline underline-offset-2" to="/admin/feedback">
            Feedback triage
          </Link>
        )}
      </div>
      {!allowed ? (
        <StatePanel icon={<ShieldCheck />} title="Moderators only">
          This queue is for moderators and administrators.
        </StatePanel>
      ) : queue.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the queue...</span>
          <Skeleton className="h-32 w-full" aria-hidden="true" />
        </div>
      ) : queue.isError ? (
        <ErrorPanel
          title="We couldn't load the queue."
          error={queue.error}
          onRetry={() => void queue.refetch()}
          isRetrying={queue.isFetching}
        />
      ) : queue.data.items.length === 0 ? (
        <p className="text-muted-foreground">Nothing to look at: no reported or hidden reviews.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {queue.data.items.map((item) => (
            <li key={item.id}>
              <QueueItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueItem({ item }: { item: TModerationReview }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (isApproved: boolean) => moderateReview(item.id, isApproved, reason),
    onMutate: () => setError(undefined),
    onSuccess: async (_, isApproved) => {
      toast({
        title: isApproved ? 'Review restored' : 'Review hidden',
        description: 'The author can see your reason.',
      });
      setReason('');
      // Hiding or restoring moves the book's figures too; the catalogue's keys belong to the catalogue feature, so
      // every cached read is refreshed (a moderator's rare action).
      await Promise.all([refreshAfterReviewChange(queryClient), queryClient.invalidateQueries()]);
    },
    onError: (failure) =>
      setError(
        isApiError(failure)
          ? (failure.problem?.errors?.[0]?.message ?? describeError(failure))
          : describeError(failure),
      ),
  });
  const fieldId = `moderation-reason-${item.id}`;
  return (
    <article
      aria-labelledby={`${fieldId}-heading`}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${fieldId}-heading`} className="font-semibold">
          {item.reviewTitle ?? `${item.rating} out of 5`}{' '}
          <span className="font-normal text-muted-foreground">
            on{' '}
            <Link to={`/book/${item.bookSlug}`} className="text-primary underline-offset-4 hover:underline">
              {item.bookTitle}
            </Link>
          </span>
        </h2>
        <span className="text-sm font-medium">{item.isApproved ? 'Visible' : 'Hidden'}</span>
      </div>
      <RatingStars rating={item.rating} />
      <p className="text-sm text-muted-foreground">by {item.reviewerName}</p>
      {item.reviewText && <p className="whitespace-pre-line">{item.reviewText}</p>}
      {item.openReports > 0 && (
        <div className="text-sm">
          <p className="font-medium">
            {item.openReports} open {item.openReports === 1 ? 'report' : 'reports'}:
          </p>
          <ul className="list-disc pl-5">
            {item.reportReasons.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two reports may give the same reason; order is their identity.
              <li key={index}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {item.moderationReason && <p className="text-sm text-muted-foreground">Last decision: {item.moderationReason}</p>}
      <FormField id={fieldId} label="Reason (the author sees it)" error={error}>
        {(a11y) => (
          <textarea
            rows={2}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...a11y}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        {item.isApproved ? (
          <Button variant="destructive" disabled={decide.isPending} onClick={() => decide.mutate(false)}>
            Hide review
          </Button>
        ) : (
          <Button disabled={decide.isPending} onClick={() => decide.mutate(true)}>
            Restore review
          </Button>
        )}
        {item.isApproved && item.openReports > 0 && (
          <Button variant="outline" disabled={decide.isPending} onClick={() => decide.mutate(true)}>
            Keep visible
          </Button>
        )}
      </div>
    </article>
  );
}
