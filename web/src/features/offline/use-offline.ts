/**
 * React hooks over the offline engine: one book's download state (live from the download manager),
 * the books stored on this browser and the storage summary. Everything here reads IndexedDB or the
 * browser's storage manager only, so it works with no network: the queries run in TanStack Query's
 * 'always' network mode instead of pausing while offline.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadManager, listOfflineBooks, storageSummary, type TDownloadState } from './offline-engine';

export const OFFLINE_QUERY_KEY = ['offline'] as const;

export function offlineBooksQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...OFFLINE_QUERY_KEY, 'books', userId] as const,
    queryFn: () => (userId ? listOfflineBooks(userId) : Promise.resolve([])),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export const storageSummaryQueryOptions = queryOptions({
  queryKey: [...OFFLINE_QUERY_KEY, 'storage'] as const,
  queryFn: () => storageSummary(),
  networkMode: 'always',
  staleTime: 0,
  retry: false,
});

function sameState(a: TDownloadState, b: TDownloadState): boolean {
  return a.status === b.status && a.receivedBytes === b.receivedBytes && a.totalBytes === b.totalBytes && a.error === b.error;
}

/** One book's download state, updated on every change the download manager reports. */
export function useDownloadState(bookId: string): TDownloadState {
  const [state, setState] = useState(() => downloadManager.getState(bookId));
  useEffect(() => {
    const update = () => setState((current) => {
      const next = downloadManager.getState(bookId);
      return sameState(current, next) ? current : next;
    });
    update();
    return downloadManager.subscribe(update);
  }, [bookId]);
  return state;
}

/**
 * Keeps the stored-books and storage queries in step with the download manager: a download that
 * finishes, fails or is removed changes what /offline and the download buttons show.
 */
export function useRefreshOfflineQueriesOnChange(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastStatuses = '';
    return downloadManager.subscribe(() => {
      // Progress ticks arrive often; only a status change alters the stored list.
      const statuses = JSON.stringify(downloadManager.statusSnapshot?.() ?? Date.now());
      if (statuses === lastStatuses) return;
      lastStatuses = statuses;
      void queryClient.invalidateQueries({ queryKey: OFFLINE_QUERY_KEY });
    });
  }, [queryClient]);
}

/** The stored books of the user, refreshed when the download manager reports a change. */
export function useOfflineBooks(userId: string | null) {
  useRefreshOfflineQueriesOnChange();
  return useQuery(offlineBooksQueryOptions(userId));
}
