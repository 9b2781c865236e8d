/**
 * /feedback (signed in; docs/product/feedback.md#the-readers-list): the reader's own items with their status, the
 * team's public response and comments meant for them, items still waiting in this device's outbox, and the public
 * items of every reader with one upvote each.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, ThumbsUp } from 'lucide-react';
import { FEEDBACK_LABELS, type TFeedbackItem, type TFeedbackStatus } from '@shared/feedback';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { formatDate } from '@web/features/selections/format';
import { usePendingMutations } from '@web/features/sync/use-sync';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { SendFeedbackButton } from './feedback-launcher';
import { feedbackKeys, feedbackListsQueryOptions, feedbackScreenshotHref, upvoteFeedback } from './queries';

const STATUS_VARIANT: Record<TFeedbackStatus, BadgeProps['variant']> = {
  open: 'outline',
  in_progress: 'secondary',
  resolved: 'default',
  closed: 'secondary',
};

function FeedbackCard({ item, onUpvote }: { item: TFeedbackItem; onUpvote?: (item: TFeedbackItem) => void }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_VARIANT[item.status]}>{FEEDBACK_LABELS.status[item.status]}</Badge>
        <Badge variant="outline">{FEEDBACK_LABELS.type[item.type]}</Badge>
        <span className="text-xs text-muted-foreground">{formatDate(item.createdAt)}</span>
      </div>
      <h3 className="mt-2 font-serif text-lg font-semibold">{item.title}</h3>
      <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{item.description}</p>
      {item.hasScreenshot && (
        <a
          className="mt-2 inline-block text-sm font-medium underline underline-offset-2"
          href={feedbackScreenshotHref(item.id)}
          target="_blank"
          rel="noreferrer"
        >
          See the screenshot you sent (opens in a new tab)
        </a>
      )}
      {item.teamComments.map((comment) => (
        <p key={comment.id} className="mt-3 rounded-lg bg-muted/60 p-3 text-sm">
          <span className="font-medium">Team note ({formatDate(comment.createdAt)}): </span>
          {comment.comment}
        </p>
      ))}
      {item.adminResponse && (
        <div className="mt-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
          <p className="font-medium">
            Response from the team{item.adminResponseAt ? ` (${formatDate(item.adminResponseAt)})` : ''}
          </p>
          <p className="mt-1 whitespace-pre-line">{item.adminResponse}</p>
        </div>
      )}
      {item.isPublic && (
        <div className="mt-3 flex items-center gap-3 text-sm">
          {onUpvote && !item.mine ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={item.upvotedByMe}
              aria-pressed={item.upvotedByMe}
              onClick={() => onUpvote(item)}
            >
              <ThumbsUp className="size-4" aria-hidden="true" />
              {item.upvotedByMe ? 'Upvoted' : 'Upvote'}
            </Button>
          ) : null}
          <span className="text-muted-foreground">
            {item.upvotes} upvote{item.upvotes === 1 ? '' : 's'}
          </span>
        </div>
      )}
    </li>
  );
}

export default function FeedbackPage() {
  useDocumentTitle('My Feedback');
  const queryClient = useQueryClient();
  const lists = useQuery(feedbackListsQueryOptions());
  const waiting = usePendingMutations().filter((entry) => entry.type === 'feedback.submit');
  const upvote = useMutation({
    mutationFn: (item: TFeedbackItem) => upvoteFeedback(item.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
    onError: (error) => toast({ title: 'Could not upvote', description: describeError(error), variant: 'destructive' }),
  });
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-24 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">My Feedback</h1>
      <p className="mt-2 text-muted-foreground">
        What you have told us and what the team answered. Use the Feedback button on any page to send more.
      </p>
      {waiting.length > 0 && (
        <p role="status" className="mt-4 rounded-lg border border-border bg-muted/60 p-3 text-sm">
          {waiting.length === 1 ? '1 item is' : `${waiting.length} items are`} saved on this device and will be sent
          when you are back online.
        </p>
      )}
      {lists.isPending ? (
        <div role="status" className="mt-6 flex flex-col gap-3">
          <span className="sr-only">Loading your feedback...</span>
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-28 w-full" />
          ))}
        </div>
      ) : lists.isError ? (
        <div className="mt-6">
          <ErrorPanel
            title="We couldn't load your feedback."
            error={lists.error}
            onRetry={() => void lists.refetch()}
            isRetrying={lists.isFetching}
          />
        </div>
      ) : (
        <>
          <section aria-labelledby="my-feedback-heading" className="mt-8">
            <h2 id="my-feedback-heading" className="font-serif text-xl font-semibold">
              Your feedback
            </h2>
            {lists.data.mine.length === 0 ? (
              <div className="mt-3">
                <StatePanel
                  icon={<MessageSquare />}
                  title="Nothing sent yet"
                  action={<SendFeedbackButton className={buttonVariants()}>Send feedback</SendFeedbackButton>}
                >
                  A problem, an idea or something you like: the team reads every item and answers here.
                </StatePanel>
              </div>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {lists.data.mine.map((item) => (
                  <FeedbackCard key={item.id} item={item} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="public-feedback-heading" className="mt-10">
            <h2 id="public-feedback-heading" className="font-serif text-xl font-semibold">
              Ideas from other readers
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Upvote the ones you would like too.</p>
            {lists.data.public.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">No public feedback yet.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {lists.data.public.map((item) => (
                  <FeedbackCard key={item.id} item={item} onUpvote={(chosen) => upvote.mutate(chosen)} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
