/**
 * The reader's entry to the assistant: the panel's code loads only when a reader opens it, so the reader's own
 * bundle does not grow (docs/product/assistant.md#screens).
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '@web/components/ui/spinner';

const AssistantPanel = lazy(() => import('./components/assistant-panel'));

export function LazyAssistantPanel(props: { bookId: string; onOpenPage: (page: number) => void }) {
  return (
    <Suspense
      fallback={
        <div className="flex items-center gap-2 p-4 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" /> Loading the assistant...
        </div>
      }
    >
      <AssistantPanel {...props} />
    </Suspense>
  );
}
