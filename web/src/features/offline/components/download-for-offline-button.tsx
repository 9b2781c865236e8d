/**
 * "Download for offline" for one book, used on the book page, in the library and in the reader. It
 * follows the download manager's state for the book: idle → "Download for offline"; this browser not
 * registered → a link to /devices; downloading → a progress bar with Cancel; paused or failed → the
 * reason with Resume; stored → "Available offline until <date>". Shown only to signed-in readers
 * whose plan includes offline reading (the caller decides whether they may read the book), or when
 * the book is already on this browser.
 */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Download, Pause, Play, ShieldCheck, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/features/auth/queries';
import { thisBrowserDeviceQueryOptions } from '../queries';
import { useEntitlements } from '@web/features/selections/queries';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/features/selections/format';
import { downloadPercent, formatBytes } from '../format';
import { downloadManager, type TDownloadState } from '../offline-engine';
import { useDownloadState, useOfflineBooks } from '../use-offline';

export interface DownloadForOfflineButtonProps {
  bookId: string;
  /** The book's title, for accessible names ("Cancel download of …"). */
  title?: string;
  /** 'menu' fits a menu or sheet (the reader's More options); 'inline' sits under a call to action. */
  layout?: 'inline' | 'menu';
  /**
   * 'list': the button is one of many in a list that shows one RegisterDeviceNotice above them, so it shows
   * nothing while this browser is not registered instead of repeating the prompt on every book.
   */
  registerPrompt?: 'here' | 'list';
  className?: string;
}

export type TDownloadButtonView =
  | { kind: 'hidden' }
  | { kind: 'register' }
  | { kind: 'idle' }
  | { kind: 'downloading'; percent: number; receivedBytes: number; totalBytes: number }
  | { kind: 'paused'; percent: number; message: string }
  | { kind: 'error'; percent: number; message: string; fixOnDevicesPage: boolean }
  | { kind: 'complete'; expiresAt: string | null };

/**
 * The button's state machine, pure: what to show from who the reader is, whether this browser is
 * registered, the live download state and the stored copy (if any).
 */
export function downloadButtonView(input: {
  isSignedIn: boolean;
  offlineAllowed: boolean | undefined;
  isDeviceRegistered: boolean | undefined;
  state: TDownloadState;
  /** The stored copy's offline expiry, when the book is on this browser. */
  storedExpiresAt: string | null | undefined;
}): TDownloadButtonView {
  const { state } = input;
  if (!input.isSignedIn) return { kind: 'hidden' };
  const percent = downloadPercent(state.receivedBytes, state.totalBytes);
  if (state.status === 'downloading')
    return { kind: 'downloading', percent, receivedBytes: state.receivedBytes, totalBytes: state.totalBytes };
  // A stored book stays readable offline whatever the plan says now (the server revokes it if not).
  if (state.status === 'complete' || input.storedExpiresAt)
    return { kind: 'complete', expiresAt: input.storedExpiresAt ?? null };
  if (input.offlineAllowed !== true) return { kind: 'hidden' };
  // An unregistered browser cannot get a licence, so registering comes before resuming.
  if (input.isDeviceRegistered === false) return { kind: 'register' };
  if (state.status === 'paused')
    return { kind: 'paused', percent, message: state.error || `Download paused at ${percent}%.` };
  if (state.status === 'error')
    return {
      kind: 'error',
      percent,
      message: state.error || 'The download stopped.',
      fixOnDevicesPage: state.fixOnDevicesPage === true,
    };
  return { kind: 'idle' };
}

/** What the download control of a book shows now, and for whom (the signed-in user's id). */
export function useDownloadButtonView(bookId: string): { view: TDownloadButtonView; userId: string | null } {
  const { user, isAuthenticated } = useCurrentUser();
  const userId = isAuthenticated ? (user?.id ?? null) : null;
  const entitlements = useEntitlements();
  const thisBrowser = useQuery(thisBrowserDeviceQueryOptions(userId));
  const state = useDownloadState(bookId);
  const books = useOfflineBooks(userId);
  const stored = books.data?.find((book) => book.bookId === bookId);
  const view = downloadButtonView({
    isSignedIn: userId !== null,
    offlineAllowed: entitlements.data?.offlineAllowed,
    isDeviceRegistered: thisBrowser.isPending ? undefined : Boolean(thisBrowser.data?.offlineRegistered),
    state,
    storedExpiresAt: stored?.expiresAt,
  });
  return { view, userId };
}

/** Whether a book's download control has anything to show (the reader adds its menu entry only then). */
export function useIsDownloadForOfflineShown(bookId: string): boolean {
  return useDownloadButtonView(bookId).view.kind !== 'hidden';
}

/**
 * One "register this browser" prompt above a list of books whose download buttons leave it out
 * (registerPrompt="list"): shown when the plan includes offline reading and this browser is not registered.
 */
export function RegisterDeviceNotice({ className }: { className?: string }) {
  const { user, isAuthenticated } = useCurrentUser();
  const userId = isAuthenticated ? (user?.id ?? null) : null;
  const entitlements = useEntitlements();
  const thisBrowser = useQuery(thisBrowserDeviceQueryOptions(userId));
  if (!userId || entitlements.data?.offlineAllowed !== true || thisBrowser.isPending) return null;
  if (thisBrowser.data?.offlineRegistered) return null;
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center',
        className,
      )}
    >
      <RegisterPrompt className="sm:shrink-0" />
    </div>
  );
}

function RegisterPrompt({ className }: { className?: string }) {
  return (
    <>
      {/* A long label: it may wrap on narrow screens rather than push the page sideways. */}
      <Button asChild variant="outline" className={cn('h-auto min-h-10 whitespace-normal py-2 text-left', className)}>
        <Link to="/devices">
          <ShieldCheck aria-hidden="true" />
          Register this device for offline reading
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">
        Books download only to a browser you have registered on the Devices page.
      </p>
    </>
  );
}

export function DownloadForOfflineButton({
  bookId,
  title,
  layout = 'inline',
  registerPrompt = 'here',
  className,
}: DownloadForOfflineButtonProps) {
  const { view, userId } = useDownloadButtonView(bookId);
  if (view.kind === 'hidden') return null;
  if (view.kind === 'register' && registerPrompt === 'list') return null;
  const name = title ? ` of “${title}”` : '';
  const isMenu = layout === 'menu';

  return (
    <div
      className={cn('flex flex-col gap-2', isMenu && 'px-3 py-2', className)}
      data-testid="download-for-offline"
      data-state={view.kind}
    >
      {view.kind === 'idle' && (
        <Button
          variant="outline"
          className={cn(!isMenu && 'sm:self-start')}
          onClick={() => void downloadManager.start(bookId, { userId: userId ?? undefined })}
        >
          <Download aria-hidden="true" />
          Download for offline
        </Button>
      )}
      {view.kind === 'register' && <RegisterPrompt className={cn(!isMenu && 'sm:self-start')} />}
      {view.kind === 'downloading' && (
        <>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="font-medium" aria-live="polite">
              Downloading… {view.percent}%
            </span>
            {view.totalBytes > 0 && (
              <span className="text-xs text-muted-foreground">
                {formatBytes(view.receivedBytes)} of {formatBytes(view.totalBytes)}
              </span>
            )}
          </div>
          <ProgressBar percent={view.percent} label={`Download progress${name}`} />
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void downloadManager.cancel(bookId)}
            aria-label={`Cancel download${name}`}
          >
            <X aria-hidden="true" />
            Cancel
          </Button>
        </>
      )}
      {(view.kind === 'paused' || view.kind === 'error') && (
        <>
          <p
            role={view.kind === 'error' ? 'alert' : 'status'}
            className={cn('flex items-start gap-2 text-sm', view.kind === 'error' && 'text-destructive')}
          >
            {view.kind === 'error' ? (
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <Pause className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>{view.message}</span>
          </p>
          {view.percent > 0 && <ProgressBar percent={view.percent} label={`Download progress${name}`} />}
          <div className="flex flex-wrap gap-2">
            {view.kind === 'error' && view.fixOnDevicesPage ? (
              <Button asChild variant="outline" size="sm">
                <Link to="/devices">Manage devices</Link>
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void downloadManager.start(bookId, { userId: userId ?? undefined })}
                aria-label={`Resume download${name}`}
              >
                <Play aria-hidden="true" />
                Resume
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void downloadManager.cancel(bookId)}
              aria-label={`Discard download${name}`}
            >
              Discard
            </Button>
          </div>
        </>
      )}
      {view.kind === 'complete' && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5 font-medium text-primary">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Available offline
          </span>
          {formatDate(view.expiresAt) && (
            <span className="text-muted-foreground">until {formatDate(view.expiresAt)}</span>
          )}
          <Link to="/offline" className="font-medium text-primary underline-offset-4 hover:underline">
            Manage
          </Link>
        </div>
      )}
    </div>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
