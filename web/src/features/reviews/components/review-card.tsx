/**
 * One review: stars, title, reviewer, "verified reader", date and "edited", the text (behind a click when it has
 * spoilers), and the helpful and report actions (docs/product/reviews-and-challenges.md#reviews). Every text is
 * rendered as text.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Flag, ThumbsUp } from 'lucide-react';
import type { TReview } from '@shared/reviews';
import { Button } from '@web/components/ui/button';
import { RatingStars } from '@web/components/rating-stars';
import { ReasonDialog } from '@web/components/reason-dialog';
import { describeError } from '@web/lib/api';
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
  // Once reported, the Report button gives way to "Reported": focus, which the closing dialog gave back to that
  // button, moves to the word that replaced it rather than falling to the top of the page.
  const reportedRef = useRef<HTMLSpanElement>(null);
  const wasReported = useRef(review.reportedByMe);
  useEffect(() => {
    if (review.reportedByMe && !wasReported.current && document.activeElement === document.body)
      reportedRef.current?.focus();
    wasReported.current = review.reportedByMe;
  }, [review.reportedByMe]);
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
              <span ref={reportedRef} tabIndex={-1} className="text-muted-foreground outline-none">
                Reported
              </span>
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
  return (
    <ReasonDialog
      trigger={
        <Button variant="ghost" size="sm">
          <Flag aria-hidden="true" />
          Report
        </Button>
      }
      title="Report this review"
      description="Tell the moderators what is wrong with it. The reviewer is not told who reported it."
      fieldId={`report-${review.id}`}
      submitLabel="Send report"
      pendingLabel="Sending..."
      send={(reason) => reportReview(review.id, reason)}
      onSent={() => {
        toast({ title: 'Thank you', description: 'A moderator will look at this review.' });
        return refreshAfterReviewChange(queryClient);
      }}
    />
  );
}
