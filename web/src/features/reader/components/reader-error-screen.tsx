/** The full-page message when a book cannot be opened or read, with the actions that can help. */
import { Link } from 'react-router-dom';
import { ArrowLeft, BookX, CloudOff, DownloadCloud, MonitorSmartphone, RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { bookDetailPath } from '@web/lib/paths';
import { useOnlineStatus } from '@web/lib/use-online-status';
import { FirstScreenHandOff } from '@web/lib/first-screen';
import { describeReaderFailure } from '../reader-failure';

export function ReaderErrorScreen({
  error,
  bookRef,
  onRetry,
}: {
  error: unknown;
  bookRef: string;
  onRetry?: () => void;
}) {
  const failure = describeReaderFailure(error);
  const isOnline = useOnlineStatus();
  return (
    <section
      aria-labelledby="reader-error-title"
      data-testid="reader-error"
      data-code={failure.code}
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      {/* The reader page's picture of the book's first page gives way to the message at once. */}
      <FirstScreenHandOff immediate />
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <BookX className="size-7" aria-hidden="true" />
      </span>
      <h1 id="reader-error-title" className="font-serif text-2xl font-bold md:text-3xl">
        {failure.title}
      </h1>
      <p role="alert" className="text-base leading-relaxed text-muted-foreground">
        {failure.message}
      </p>
      {!isOnline && failure.actions.includes('retry') && (
        <p className="flex items-start gap-2 text-left text-sm text-muted-foreground" data-testid="reader-offline-hint">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          You're offline. Connect to the internet, then try again.
        </p>
      )}
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        {failure.actions.includes('subscribe') && (
          <Button asChild size="lg">
            <Link to="/subscribe">
              <Sparkles aria-hidden="true" />
              See plans
            </Link>
          </Button>
        )}
        {failure.actions.includes('reload') && (
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload reader
          </Button>
        )}
        {failure.actions.includes('retry') && onRetry && (
          <Button size="lg" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        )}
        {failure.actions.includes('offline') && (
          <Button asChild size="lg" variant="outline">
            <Link to="/offline">
              <DownloadCloud aria-hidden="true" />
              Your offline books
            </Link>
          </Button>
        )}
        {failure.actions.includes('devices') && (
          <Button asChild size="lg" variant="outline">
            <Link to="/devices">
              <MonitorSmartphone aria-hidden="true" />
              Manage devices
            </Link>
          </Button>
        )}
        {failure.actions.includes('book') && bookRef && (
          <Button asChild size="lg" variant="outline">
            <Link to={bookDetailPath(bookRef)}>
              <ArrowLeft aria-hidden="true" />
              Back to the book
            </Link>
          </Button>
        )}
      </div>
    </section>
  );
}
