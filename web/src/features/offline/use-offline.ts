/**
 * React hooks over the offline engine: one book's download state (live from the download manager),
 * and the stored books (queries.ts) kept in step with the engine's changes.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadManager, type TDownloadState } from './offline-engine';
import { offlineBooksQueryOptions, offlineKeys, thisBrowserDeviceKeys } from './queries';

/** One book's download state, updated on every change the download manager reports. */
export function useDownloadState(bookId: string): TDownloadState {
  const [state, setState] = useState(() => downloadManager.getState(bookId));
  useEffect(() => {
    const update = () => setState(downloadManager.getState(bookId));
    update();
    return downloadManager.subscribe((changedBookId) => {
      if (changedBookId === null || changedBookId === bookId) update();
    });
  }, [bookId]);
  return state;
}

function snapshotKey(): string {
  const { statuses, storedRevision } = downloadManager.statusSnapshot();
  return `${storedRevision}|${Object.entries(statuses)
    .map(([bookId, status]) => `${bookId}:${status}`)
    .sort()
    .join(',')}`;
}

/**
 * Keeps the stored-books, storage and this-browser queries in step with the engine: a download that
 * finishes, fails or is removed, a renewal or a wipe changes what /offline and the buttons show.
 * Progress ticks arrive often and change no list, so only a status or stored-books change refreshes.
 */
export function useRefreshOfflineQueriesOnChange(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = snapshotKey();
    return downloadManager.subscribe(() => {
      const next = snapshotKey();
      if (next === last) return;
      last = next;
      void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
      void queryClient.invalidateQueries({ queryKey: thisBrowserDeviceKeys.all });
    });
  }, [queryClient]);
}

/** The stored books of the user, refreshed when the engine reports a change. */
export function useOfflineBooks(userId: string | null) {
  useRefreshOfflineQueriesOnChange();
  return useQuery(offlineBooksQueryOptions(userId));
}
