/**
 * The profile page's line about the book assistant (docs/product/assistant.md#modes): whether answers are made on
 * this service alone or by the configured model service, which then receives the retrieved passages.
 */
import { useQuery } from '@tanstack/react-query';
import { describeError } from '@web/lib/api';
import { assistantStatusQuery } from '../queries';

export function AssistantModeSection() {
  const status = useQuery(assistantStatusQuery);
  if (status.isPending) return <p className="text-sm text-muted-foreground">Checking the assistant...</p>;
  if (status.isError)
    return <p className="text-sm text-muted-foreground">{describeError(status.error) || 'Not known right now.'}</p>;
  return status.data.mode === 'model' ? (
    <div className="flex flex-col gap-1 text-sm" data-testid="assistant-mode">
      <p className="font-medium">Model mode ({status.data.model})</p>
      <p className="text-muted-foreground">
        Answers are written by a language model service this site is configured to use. It receives your question and
        the passages of the book found for it, and nothing else about you.
      </p>
    </div>
  ) : (
    <div className="flex flex-col gap-1 text-sm" data-testid="assistant-mode">
      <p className="font-medium">Built-in mode</p>
      <p className="text-muted-foreground">
        Answers are put together on this service from the book’s own text. Nothing you ask leaves Wonderful Books.
      </p>
    </div>
  );
}
