import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { StatePanel } from './state-panel';

/** A failed read with a way to try again; the technical message is kept small for support. */
export function ErrorPanel({
  title = 'Something went wrong while loading.',
  error,
  onRetry,
  isRetrying = false,
}: {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <StatePanel
      role="alert"
      icon={<AlertTriangle className="text-destructive" />}
      title={title}
      action={
        onRetry && (
          <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
            <RotateCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden="true" />
            {isRetrying ? 'Retrying...' : 'Try again'}
          </Button>
        )
      }
    >
      <p>Please check your connection and try again.</p>
      {detail && <p className="mt-1 break-words text-xs opacity-80">{detail}</p>}
    </StatePanel>
  );
}
