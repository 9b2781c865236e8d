/**
 * React hooks over the offline engine: one book's download state (live from the download manager),
 * the books stored on this browser, unfinished downloads and the storage summary. Everything here
 * reads IndexedDB or the browser's storage manager only, so it works with no network: the queries run
 * in TanStack Query's 'always' network mode instead of pausing while offline.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { THIS_BROWSER_QUERY_KEY } from './this-browser-device';
import {
  downloadManager,
  listOfflineBooks,
  listPartialDownloadsOf,
  storageSummary,
  type TDownloadState,
} from './offline-engine';

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

export function partialDownloadsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...OFFLINE_QUERY_KEY, 'partial', userId] as const,
    queryFn: () => (userId ? listPartialDownloadsOf(userId) : Promise.resolve([])),
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
      void queryClient.invalidateQueries({ queryKey: OFFLINE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: THIS_BROWSER_QUERY_KEY });
    });
  }, [queryClient]);
}

/** The stored books of the user, refreshed when the engine reports a change. */
export function useOfflineBooks(userId: string | null) {
  useRefreshOfflineQueriesOnChange();
  return useQuery(offlineBooksQueryOptions(userId));
}
