/**
 * The feedback form (docs/product/feedback.md#sending): type, category, title, description and priority, with the
 * page and device shown before sending. The item goes into the sync outbox, so it is sent at once when online and
 * when the connection returns otherwise. An optional screenshot of the page (docs/product/feedback.md#screenshots) is
 * shown to the reader, who can remove it; it is uploaded once the item has reached the server, online only. Loaded only
 * when a reader opens it (feedback-launcher.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
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
import { EnumSelectField } from '@web/components/forms/enum-select-field';
import { FormField } from '@web/components/forms/form-field';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSyncEngine } from '@web/features/sync/use-sync';
import { useOnlineStatus } from '@web/lib/use-online-status';
import { currentFeedbackContext } from './device-info';
import { capturePageScreenshot } from './page-screenshot';
import { uploadFeedbackScreenshot } from './queries';

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
  const online = useOnlineStatus();
  const [screenshot, setScreenshot] = useState<{ blob: Blob; url: string } | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [captureError, setCaptureError] = useState<string | null>(null);
  useEffect(() => () => (screenshot ? URL.revokeObjectURL(screenshot.url) : undefined), [screenshot]);

  async function takeScreenshot() {
    setCapturing(true);
    setCaptureError(null);
    try {
      const blob = await capturePageScreenshot();
      setScreenshot({ blob, url: URL.createObjectURL(blob) });
    } catch (error) {
      setCaptureError(error instanceof Error ? error.message : 'The screenshot could not be made.');
    } finally {
      setCapturing(false);
    }
  }

  async function submit(values: TFeedbackForm) {
    try {
      const id = crypto.randomUUID();
      await engine.queueMutation({ type: 'feedback.submit', payload: { id, ...values, ...context } }, { flush: 'now' });
      let screenshotFailed: string | null = null;
      if (screenshot && navigator.onLine) {
        // The item must be on the server before its screenshot: send the outbox now, then the picture.
        await engine.flushOutbox();
        await uploadFeedbackScreenshot(id, screenshot.blob).catch((error: unknown) => {
          screenshotFailed = describeError(error);
        });
      }
      toast({
        title: 'Thank you for your feedback',
        description: screenshotFailed
          ? `It was sent, but the screenshot was not: ${screenshotFailed}`
          : navigator.onLine
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
            <EnumSelectField
              id="feedback-type"
              label="Type"
              error={errors.type?.message}
              values={FEEDBACK_TYPE_VALUES}
              labels={FEEDBACK_LABELS.type}
              {...form.register('type')}
            />
            <EnumSelectField
              id="feedback-category"
              label="Category"
              error={errors.category?.message}
              values={FEEDBACK_CATEGORY_VALUES}
              labels={FEEDBACK_LABELS.category}
              {...form.register('category')}
            />
            <EnumSelectField
              id="feedback-priority"
              label="Priority"
              error={errors.priority?.message}
              values={FEEDBACK_PRIORITY_VALUES}
              labels={FEEDBACK_LABELS.priority}
              {...form.register('priority')}
            />
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
          <section aria-labelledby="feedback-screenshot-heading" className="flex flex-col gap-2 text-sm">
            <h3 id="feedback-screenshot-heading" className="font-medium">
              Screenshot (optional)
            </h3>
            {screenshot ? (
              <>
                <img
                  src={screenshot.url}
                  alt="Screenshot of the page that will be sent with your feedback"
                  className="max-h-48 w-full rounded-md border border-border object-contain object-top"
                />
                <div>
                  <button
                    type="button"
                    className="text-sm font-medium underline underline-offset-2"
                    onClick={() => setScreenshot(null)}
                    disabled={isSubmitting}
                  >
                    Remove screenshot
                  </button>
                </div>
              </>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-muted disabled:opacity-50"
                  onClick={() => void takeScreenshot()}
                  disabled={capturing || !online || isSubmitting}
                  aria-describedby="feedback-screenshot-hint"
                >
                  {capturing ? 'Taking the screenshot...' : 'Add a screenshot of this page'}
                </button>
                <span id="feedback-screenshot-hint" className="text-muted-foreground">
                  {online
                    ? 'You see it before sending and can remove it. At most 1 MB.'
                    : 'Screenshots need a connection; you can send your feedback without one.'}
                </span>
              </div>
            )}
            {captureError && (
              <p role="alert" className="font-medium text-destructive">
                {captureError}
              </p>
            )}
          </section>
          <DialogFormActions isPending={isSubmitting} submitLabel="Send feedback" pendingLabel="Sending..." />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
