/**
 * One feedback item in triage (docs/product/feedback.md#triage): what the reader sent with the page and device,
 * status, priority and visibility, comments (internal unless chosen otherwise) and the public response that
 * e-mails the reader.
 */
import type { z } from 'zod';
import * as Dialog from '@radix-ui/react-dialog';
import { feedbackScreenshotHref } from '@web/features/feedback/queries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_LABELS,
  FEEDBACK_PRIORITY_VALUES,
  FEEDBACK_STATUS_VALUES,
  ZFeedbackCommentCreate,
  ZFeedbackResponse,
  type TFeedbackCommentCreate,
  type TFeedbackResponse,
  type TFeedbackTriageDetail,
  type TFeedbackTriageRow,
  type TFeedbackTriageUpdate,
} from '@shared/feedback';
import { EnumSelectField } from '@web/components/forms/enum-select-field';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { formatDateTime } from '@web/features/admin-shell/filter-controls';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import {
  addFeedbackComment,
  feedbackAdminKeys,
  feedbackDetailQueryOptions,
  respondToFeedback,
  updateFeedback,
} from './queries';

const textareaClass = 'rounded-md border border-input bg-background px-3 py-2 text-sm';

function CommentForm({ item, onSaved }: { item: TFeedbackTriageDetail; onSaved: () => Promise<unknown> }) {
  const form = useForm<z.input<typeof ZFeedbackCommentCreate>, unknown, TFeedbackCommentCreate>({
    resolver: zodResolver(ZFeedbackCommentCreate),
    defaultValues: { comment: '', isInternal: true },
  });
  const { errors, isSubmitting } = form.formState;
  async function submit(values: TFeedbackCommentCreate) {
    try {
      await addFeedbackComment(item.id, values);
      form.reset();
      await onSaved();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['comment']) === 0)
        toast({ title: 'Could not add the comment', description: describeError(error), variant: 'destructive' });
    }
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-3 flex flex-col gap-2">
      <FormField id="feedback-comment" label="Add a comment" error={errors.comment?.message}>
        {(a11y) => <textarea rows={2} className={textareaClass} {...a11y} {...form.register('comment')} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('isInternal')} />
        Internal (never shown to the reader)
      </label>
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add comment'}
        </Button>
      </div>
    </form>
  );
}

function ResponseForm({ item, onSaved }: { item: TFeedbackTriageDetail; onSaved: () => Promise<unknown> }) {
  const form = useForm<z.input<typeof ZFeedbackResponse>, unknown, TFeedbackResponse>({
    resolver: zodResolver(ZFeedbackResponse),
    defaultValues: { response: item.adminResponse ?? '', status: 'resolved' },
  });
  const { errors, isSubmitting } = form.formState;
  async function submit(values: TFeedbackResponse) {
    try {
      await respondToFeedback(item.id, values);
      toast({ title: 'Response sent', description: `${item.userEmail ?? 'The reader'} has been e-mailed.` });
      await onSaved();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['response', 'status']) === 0)
        toast({ title: 'Could not send the response', description: describeError(error), variant: 'destructive' });
    }
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-3 flex flex-col gap-2">
      <FormField
        id="feedback-response"
        label="Public response"
        error={errors.response?.message}
        hint="The reader sees this on their feedback page and gets it by e-mail."
      >
        {(a11y) => <textarea rows={3} className={textareaClass} {...a11y} {...form.register('response')} />}
      </FormField>
      <div className="flex flex-wrap items-end gap-2">
        <EnumSelectField
          id="feedback-response-status"
          label="Then mark as"
          size="sm"
          error={errors.status?.message}
          values={FEEDBACK_STATUS_VALUES}
          labels={FEEDBACK_LABELS.status}
          {...form.register('status')}
        />
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send response'}
        </Button>
      </div>
    </form>
  );
}

function DetailBody({ item, refresh }: { item: TFeedbackTriageDetail; refresh: () => Promise<unknown> }) {
  async function change(update: TFeedbackTriageUpdate) {
    try {
      await updateFeedback(item.id, update);
      await refresh();
    } catch (error) {
      toast({ title: 'Could not save', description: describeError(error), variant: 'destructive' });
    }
  }
  return (
    <div className="mt-3 flex flex-col gap-4 text-sm">
      <div className="flex flex-wrap gap-2">
        {item.premium && <Badge variant="premium">Premium</Badge>}
        <Badge variant="outline">{FEEDBACK_LABELS.type[item.type]}</Badge>
        {item.category && (
          <Badge variant="outline">
            {FEEDBACK_LABELS.category[item.category as keyof typeof FEEDBACK_LABELS.category] ?? item.category}
          </Badge>
        )}
      </div>
      <p className="whitespace-pre-line">{item.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-muted/60 p-3 text-muted-foreground">
        <dt>From</dt>
        <dd className="text-foreground">
          {item.userName ? `${item.userName} (${item.userEmail})` : (item.userEmail ?? 'Deleted account')}
        </dd>
        <dt>Sent</dt>
        <dd className="text-foreground">{formatDateTime(item.createdAt)}</dd>
        <dt>Page</dt>
        <dd className="break-all text-foreground">{item.url ?? '—'}</dd>
        <dt>Device</dt>
        <dd className="text-foreground">
          {item.deviceInfo
            ? `${item.deviceInfo.platform}, ${item.deviceInfo.browser}, screen ${item.deviceInfo.screenResolution}, window ${item.deviceInfo.viewport}`
            : '—'}
        </dd>
      </dl>
      {item.hasScreenshot && (
        // The reader's picture of the page (docs/product/feedback.md#screenshots), served only to the writer and the team.
        <a href={feedbackScreenshotHref(item.id)} target="_blank" rel="noreferrer" className="block">
          <img
            src={feedbackScreenshotHref(item.id)}
            alt={`Screenshot sent with "${item.title}" (opens full size in a new tab)`}
            className="max-h-64 w-full rounded-md border border-border object-contain object-top"
          />
        </a>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <EnumSelectField
          id="feedback-status"
          label="Status"
          size="sm"
          values={FEEDBACK_STATUS_VALUES}
          labels={FEEDBACK_LABELS.status}
          value={item.status}
          onChange={(event) => void change({ status: event.target.value as TFeedbackTriageUpdate['status'] })}
        />
        <EnumSelectField
          id="feedback-priority-edit"
          label="Priority"
          size="sm"
          values={FEEDBACK_PRIORITY_VALUES}
          labels={FEEDBACK_LABELS.priority}
          value={item.priority}
          onChange={(event) => void change({ priority: event.target.value as TFeedbackTriageUpdate['priority'] })}
        />
        <label className="flex h-10 items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={item.isPublic}
            onChange={(event) => void change({ isPublic: event.target.checked })}
          />
          Public (other readers can see and upvote it)
        </label>
      </div>
      <section aria-labelledby="feedback-comments-heading">
        <h3 id="feedback-comments-heading" className="font-medium">
          Comments
        </h3>
        {item.comments.length === 0 ? (
          <p className="mt-1 text-muted-foreground">No comments yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {item.comments.map((comment) => (
              <li key={comment.id} className="rounded-lg border border-border p-2">
                <p className="text-xs text-muted-foreground">
                  {comment.authorName}, {formatDateTime(comment.createdAt)} ·{' '}
                  {comment.isInternal ? 'Internal' : 'Shown to the reader'}
                </p>
                <p className="mt-1 whitespace-pre-line">{comment.comment}</p>
              </li>
            ))}
          </ul>
        )}
        <CommentForm item={item} onSaved={refresh} />
      </section>
      <section aria-labelledby="feedback-response-heading">
        <h3 id="feedback-response-heading" className="font-medium">
          Response to the reader
        </h3>
        {item.adminResponse && (
          <p className="mt-1 text-muted-foreground">
            Last sent {formatDateTime(item.adminResponseAt)} by {item.adminResponseByName ?? 'a former staff member'}.
          </p>
        )}
        <ResponseForm key={item.adminResponseAt ?? 'none'} item={item} onSaved={refresh} />
      </section>
    </div>
  );
}

/**
 * The open item's dialog. The page holds which item is open (not a cell of the table), so refreshing the queue after
 * a change never unmounts the dialog in the middle of triage.
 */
export function FeedbackDetailDialog({ row, onClose }: { row: TFeedbackTriageRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery(feedbackDetailQueryOptions(row.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.all });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPanel title={row.title} size="lg" hasDescription={false}>
        {detail.data ? (
          <DetailBody item={detail.data} refresh={refresh} />
        ) : detail.isError ? (
          <p className="mt-3 text-sm text-destructive">{describeError(detail.error)}</p>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label="Loading..." />
          </div>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
