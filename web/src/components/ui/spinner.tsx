import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A spinner with a visible label; the label is also what screen readers announce. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
