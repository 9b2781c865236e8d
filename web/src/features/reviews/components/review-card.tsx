/**
 * One review: stars, title, reviewer, "verified reader", date and "edited", the text (behind a click when it has
 * spoilers), and the helpful and report actions (docs/product/reviews-and-challenges.md#reviews). Every text is
 * rendered as text.
 */
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Flag, ThumbsUp } from 'lucide-react';
import type { TReview } from '@shared/reviews';
import { Button } from '@web/components/ui/button';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { FormField } from '@web/components/forms/form-field';
import { RatingStars } from '@web/components/rating-stars';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { refreshAfterReviewChange, reportReview, voteHelpful } from '../queries';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function ReviewCard({ review, canAct }: { review: TReview; canAct: boolean }) {
  const queryClient = useQueryClient();
  const [spoilerShown, setSpoilerShown] = useState(false);
  const vote = useMutation({
    mutationFn: () => voteHelpful(review.id, !review.votedHelpful),
    onSettled: () => refreshAfterReviewChange(queryClient),
    onError: (error) =>
      toast({ title: 'Your vote was not counted', description: describeError(error), variant: 'destructive' }),
  });
  const hidden = review.hasSpoilers && !spoilerShown;
  const headingId = `review-${review.id}-title`;

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-2 border-b border-border pb-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.rating} />
        <h3 id={headingId} className="font-semibold">
          {review.reviewTitle ?? `${review.rating} out of 5`}
        </h3>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{review.reviewerName}</span>
        {review.isVerifiedReader && (
          <span className="inline-flex items-center gap-1 font-medium text-primary">
            <BadgeCheck className="size-4" aria-hidden="true" />
            Verified reader
          </span>
        )}
        <span>{DATE_FORMAT.format(new Date(review.createdAt))}</span>
        {review.isEdited && <span>(edited)</span>}
      </p>
      {review.reviewText &&
        (hidden ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <span>This review gives away the plot.</span>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setSpoilerShown(true)}>
              Show review
            </Button>
          </div>
        ) : (
          <p className="whitespace-pre-line leading-relaxed">{review.reviewText}</p>
        ))}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted-foreground">
          {review.helpfulVotes} {review.helpfulVotes === 1 ? 'reader' : 'readers'} found this helpful
        </span>
        {canAct && !review.isOwn && (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-pressed={review.votedHelpful}
              disabled={vote.isPending}
              onClick={() => vote.mutate()}
            >
              <ThumbsUp aria-hidden="true" />
              {review.votedHelpful ? 'Helpful (undo)' : 'Helpful'}
            </Button>
            {review.reportedByMe ? (
              <span className="text-muted-foreground">Reported</span>
            ) : (
              <ReportDialog review={review} />
            )}
          </>
        )}
      </div>
    </article>
  );
}

function ReportDialog({ review }: { review: TReview }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useMutation({
    mutationFn: () => reportReview(review.id, reason),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Thank you', description: 'A moderator will look at this review.' });
      await refreshAfterReviewChange(queryClient);
    },
    onError: (failure) =>
      setError(
        isApiError(failure)
          ? (failure.problem?.errors?.[0]?.message ?? describeError(failure))
          : describeError(failure),
      ),
  });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Flag aria-hidden="true" />
          Report
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Report this review">
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          Tell the moderators what is wrong with it. The reviewer is not told who reported it.
        </Dialog.Description>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            report.mutate();
          }}
        >
          <FormField id={`report-${review.id}`} label="Reason" error={error}>
            {(a11y) => (
              <textarea
                rows={3}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...a11y}
              />
            )}
          </FormField>
          <DialogFormActions isPending={report.isPending} submitLabel="Send report" pendingLabel="Sending..." />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
