/**
 * The feedback control on every page for signed-in readers (docs/product/feedback.md#sending): a small fixed button
 * in the first bundle (not in the reader, whose toolbar owns the bottom of the screen); the form loads when pressed.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@web/features/auth/queries';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

export function FeedbackLauncher() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  // The reader's own toolbar owns the bottom of the screen; its pages are the one place without the control.
  if (!user || /^\/(?:reader|read)\//.test(pathname)) return null;
  return (
    <SendFeedbackButton className="fixed bottom-6 left-4 z-30 inline-flex h-11 items-center rounded-full border border-border bg-background px-4 text-sm font-medium shadow-lg hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:left-6">
      Feedback
    </SendFeedbackButton>
  );
}

/** A button that opens the feedback form (loaded when pressed); focus comes back to it when the form closes. */
export function SendFeedbackButton({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
