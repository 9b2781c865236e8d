/**
 * The feedback form (docs/product/feedback.md#sending): type, category, title, description and priority, with the
 * page and device shown before sending. The item goes into the sync outbox, so it is sent at once when online and
 * when the connection returns otherwise. Loaded only when a reader opens it (feedback-launcher.tsx).
 */
import { useMemo } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import {
  FEEDBACK_CATEGORY_VALUES,
  FEEDBACK_LABELS,
  FEEDBACK_PRIORITY_VALUES,
  FEEDBACK_TYPE_VALUES,
  ZFeedbackForm,
  type TFeedbackForm,
} from '@shared/feedback';
import { FormField } from '@web/components/forms/form-field';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSyncEngine } from '@web/features/sync/use-sync';
import { currentFeedbackContext } from './device-info';

const controlClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const DEFAULTS: TFeedbackForm = {
  type: 'feedback',
  category: 'reading',
  title: '',
  description: '',
  priority: 'medium',
};

export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const engine = useSyncEngine();
  const context = useMemo(() => currentFeedbackContext(), []);
  const form = useForm<TFeedbackForm>({ resolver: zodResolver(ZFeedbackForm), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: TFeedbackForm) {
    try {
      await engine.queueMutation(
        { type: 'feedback.submit', payload: { id: crypto.randomUUID(), ...values, ...context } },
        { flush: 'now' },
      );
      toast({
        title: 'Thank you for your feedback',
        description: navigator.onLine
          ? 'The team will read it soon. You can follow it on your feedback page.'
          : 'You are offline: it is saved on this device and will be sent when you are back online.',
      });
      onClose();
    } catch (error) {
      toast({ title: 'Could not save your feedback', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogPanel title="Send feedback" size="lg" closeDisabled={isSubmitting}>
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          Tell us about a problem, an idea or something you like. Follow your items on{' '}
          <Link to="/feedback" className="underline" onClick={onClose}>
            your feedback page
          </Link>
          .
        </Dialog.Description>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-4 flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="feedback-type" label="Type" error={errors.type?.message}>
              {(a11y) => (
                <select className={controlClass} {...a11y} {...form.register('type')}>
                  {FEEDBACK_TYPE_VALUES.map((value) => (
                    <option key={value} value={value}>
                      {FEEDBACK_LABELS.type[value]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="feedback-category" label="Category" error={errors.category?.message}>
              {(a11y) => (
                <select className={controlClass} {...a11y} {...form.register('category')}>
                  {FEEDBACK_CATEGORY_VALUES.map((value) => (
                    <option key={value} value={value}>
                      {FEEDBACK_LABELS.category[value]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="feedback-priority" label="Priority" error={errors.priority?.message}>
              {(a11y) => (
                <select className={controlClass} {...a11y} {...form.register('priority')}>
                  {FEEDBACK_PRIORITY_VALUES.map((value) => (
                    <option key={value} value={value}>
                      {FEEDBACK_LABELS.priority[value]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField id="feedback-title" label="Title" error={errors.title?.message} hint="At least 5 characters.">
            {(a11y) => <input className={controlClass} autoComplete="off" {...a11y} {...form.register('title')} />}
          </FormField>
          <FormField
            id="feedback-description"
            label="Description"
            error={errors.description?.message}
            hint="At least 10 characters. What happened, and what did you expect?"
          >
            {(a11y) => (
              <textarea
                rows={5}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                {...a11y}
                {...form.register('description')}
              />
            )}
          </FormField>
          <section aria-labelledby="feedback-context-heading" className="rounded-lg bg-muted/60 p-3 text-sm">
            <h3 id="feedback-context-heading" className="font-medium">
              Sent with your feedback
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
              <dt>Page</dt>
              <dd className="break-all text-foreground">{context.url}</dd>
              <dt>Platform</dt>
              <dd className="text-foreground">{context.deviceInfo.platform}</dd>
              <dt>Browser</dt>
              <dd className="text-foreground">{context.deviceInfo.browser}</dd>
              <dt>Screen</dt>
              <dd className="text-foreground">{context.deviceInfo.screenResolution}</dd>
              <dt>Window</dt>
              <dd className="text-foreground">{context.deviceInfo.viewport}</dd>
            </dl>
          </section>
          <DialogFormActions isPending={isSubmitting} submitLabel="Send feedback" pendingLabel="Sending..." />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
