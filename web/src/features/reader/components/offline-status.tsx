/**
 * The reader's offline line (docs/product/reader.md#offline-in-the-reader): while the browser is
 * offline it says so and what of this book waits in the outbox for the connection (the place and
 * bookmark changes), so the reader knows nothing is lost. Online it shows nothing.
 */
import { CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { usePendingMutations } from '@web/features/sync/use-sync';
import { useOnlineStatus } from '@web/lib/use-online-status';

export function pendingBookChanges(
  entries: readonly { type: string; payload: unknown }[],
  bookId: string,
): { hasPosition: boolean; bookmarkChanges: number } {
  let hasPosition = false;
  let bookmarkChanges = 0;
  for (const entry of entries) {
    if ((entry.payload as { bookId?: unknown } | null)?.bookId !== bookId) continue;
    if (entry.type === 'progress.set') hasPosition = true;
    else if (entry.type === 'bookmark.upsert' || entry.type === 'bookmark.delete') bookmarkChanges++;
  }
  return { hasPosition, bookmarkChanges };
}

export function describePendingChanges({
  hasPosition,
  bookmarkChanges,
}: {
  hasPosition: boolean;
  bookmarkChanges: number;
}): string {
  const parts = [
    hasPosition ? 'your place' : null,
    bookmarkChanges > 0 ? `${bookmarkChanges} bookmark ${bookmarkChanges === 1 ? 'change' : 'changes'}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return 'Nothing is waiting to sync.';
  const list = parts.join(' and ');
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} will sync when you are back online.`;
}

export function ReaderOfflineStatus({ bookId }: { bookId: string }) {
  const isOnline = useOnlineStatus();
  const pending = usePendingMutations();
  const changes = useMemo(() => pendingBookChanges(pending, bookId), [pending, bookId]);
  if (isOnline) return null;
  const count = (changes.hasPosition ? 1 : 0) + changes.bookmarkChanges;
  return (
    <p
      role="status"
      data-testid="reader-offline-status"
      data-pending={count}
      className="flex items-center gap-2 border-t border-border bg-muted px-3 py-1.5 text-xs text-foreground"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Offline.</strong> {describePendingChanges(changes)}
      </span>
    </p>
  );
}
