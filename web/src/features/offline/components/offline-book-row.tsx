/** One downloaded book on /offline: cover, title, size, "Available offline until ...", status, and Read, Renew now and Remove. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookOpen, RefreshCw, Trash2 } from 'lucide-react';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { readerPath } from '@web/lib/paths';
import { describeError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { infoToast, toast } from '@web/lib/toast';
import { availableUntilText, formatBytes } from '../format';
import {
  downloadManager,
  type TOfflineBook,
  type TOfflineBookStatus,
  type TPartialOfflineBook,
} from '../offline-engine';
import { DownloadForOfflineButton } from './download-for-offline-button';
import { bookCoverUrls, offlineKeys } from '../queries';

const STATUS: Record<TOfflineBookStatus, { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Ready', variant: 'default' },
  expiring: { label: 'Expires soon', variant: 'accent' },
  expired: { label: 'Expired', variant: 'outline' },
};

/** The cover, or a plain tile when none can be loaded (offline, never cached). */
function OfflineCover({ bookId, dimmed = false }: { bookId: string; dimmed?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const urls = bookCoverUrls(bookId);
  const className = cn('h-[90px] w-16 shrink-0 rounded-md bg-muted object-cover shadow-sm', dimmed && 'opacity-70');
  if (attempt >= urls.length) {
    return (
      <span
        className={cn(className, 'inline-flex items-center justify-center text-muted-foreground')}
        aria-hidden="true"
      >
        <BookOpen className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={urls[attempt]}
      alt=""
      width={64}
      height={90}
      loading="lazy"
      className={className}
      onError={() => setAttempt((value) => value + 1)}
    />
  );
}

export function OfflineBookRow({ book, isOnline }: { book: TOfflineBook; isOnline: boolean }) {
  const queryClient = useQueryClient();
  const status = STATUS[book.status] ?? STATUS.active;
  const isExpired = book.status === 'expired';
  const refresh = () => queryClient.invalidateQueries({ queryKey: offlineKeys.all });

  const renew = useMutation({
    mutationFn: () => downloadManager.renew(book.bookId),
    networkMode: 'always',
    onSuccess: ({ expiresAt }) =>
      infoToast({ title: 'Licence renewed', description: `“${book.title}”: ${availableUntilText(expiresAt)}.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: "Couldn't renew this book",
        description: describeError(error) || 'Please try again when you are online.',
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => downloadManager.remove(book.bookId),
    networkMode: 'always',
    onSuccess: () =>
      infoToast({ title: 'Download removed', description: `“${book.title}” is no longer stored on this browser.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: "Couldn't remove this download",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: refresh,
  });

  return (
    <li className="flex gap-3 rounded-xl border border-border bg-card p-3 shadow-sm sm:gap-4" aria-label={book.title}>
      <OfflineCover bookId={book.bookId} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="line-clamp-2 break-words font-serif text-base font-semibold leading-snug">{book.title}</h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <Badge variant={status.variant}>{status.label}</Badge>
            <span>{formatBytes(book.sizeBytes)}</span>
          </div>
          <p className="text-sm">
            {isExpired
              ? 'Offline access has expired. Go online and renew it to keep reading here.'
              : availableUntilText(book.expiresAt)}
          </p>
          {book.renewalError && (
            <p className="text-xs text-muted-foreground" data-testid="renewal-error">
              Not renewed: {book.renewalError}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={readerPath(book.bookId)} aria-label={`Read ${book.title}`}>
              <BookOpen aria-hidden="true" />
              Read
            </Link>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!isOnline || renew.isPending}
            onClick={() => renew.mutate()}
            aria-label={`Renew ${book.title} now`}
            title={isOnline ? undefined : 'Renewing needs a connection'}
          >
            <RefreshCw className={renew.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
            {renew.isPending ? 'Renewing...' : 'Renew now'}
          </Button>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" aria-label={`Remove ${book.title} from this browser`}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            }
            title={`Remove “${book.title}” from this browser?`}
            confirmLabel="Remove download"
            pendingLabel="Removing..."
            confirmVariant="destructive"
            onConfirm={() => remove.mutateAsync()}
          >
            <p>
              The downloaded copy and its offline licence are deleted from this browser. You can still read the book
              online, and download it again later.
            </p>
          </ConfirmDialog>
        </div>
      </div>
    </li>
  );
}

/** A download begun and not finished on this browser: its progress with Resume or Discard (the download button does both). */
export function PartialDownloadRow({ book }: { book: TPartialOfflineBook }) {
  return (
    <li
      className="flex gap-3 rounded-xl border border-dashed border-border bg-card p-3 sm:gap-4"
      aria-label={book.title}
    >
      <OfflineCover bookId={book.bookId} dimmed />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="line-clamp-2 break-words font-serif text-base font-semibold leading-snug">{book.title}</h3>
        <p className="text-xs text-muted-foreground">
          {formatBytes(book.receivedBytes)} of {formatBytes(book.totalBytes)} downloaded
        </p>
        <DownloadForOfflineButton bookId={book.bookId} title={book.title} />
      </div>
    </li>
  );
}
