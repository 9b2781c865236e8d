import { AlertTriangle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FirstScreenHandOff } from '@web/lib/first-screen';

/**
 * The full-page screen for a rendering error (docs/product/errors.md#rendering-errors). It covers the whole window, and
 * 'Go Home' loads / afresh, so the broken tree is gone until the page is reloaded.
 */
export function ErrorScreen() {
  return (
    <div
      role="alert"
      className="fixed inset-0 z-[90] flex items-center justify-center overflow-y-auto bg-background px-4 py-12"
    >
      <FirstScreenHandOff immediate />
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="mb-6 inline-flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle className="size-7" aria-hidden="true" />
        </span>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-4 text-base text-muted-foreground">
          We're sorry, but something unexpected happened. Please try refreshing the page.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
          <Button size="lg" variant="outline" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </div>
      </div>
    </div>
  );
}
