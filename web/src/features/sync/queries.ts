/**
 * Server reads of the reader's position and bookmarks (API map: progress) and their TanStack Query
 * keys. The reader's per-book keys are shared with web/src/features/reader, so a position or bookmark
 * list fetched there, set optimistically, or refreshed by the sync engine after a flush is one cache
 * entry. Writes never go through here: they are sync mutations (sync-engine.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBookmark,
  TBookmarkList,
  TBookmarkListItem,
  TProgressList,
  TProgressSummary,
  TReadingProgress,
} from '@shared/progress';
import { ApiError, readJson } from '@web/lib/api';

export const syncKeys = {
  /** TReadingProgress | null: the server's position in one book. */
  position: (bookId: string) => ['reader', 'progress', bookId] as const,
  /** TBookmark[]: the server's live bookmarks of one book. */
  bookmarks: (bookId: string) => ['reader', 'bookmarks', bookId] as const,
  /** TOutboxEntry[]: this user's changes still waiting in the outbox (IndexedDB, no request). */
  pending: (userId: string | null) => ['sync', 'pending', userId] as const,
  /** This browser's ids as the server may have recorded them (IndexedDB, no request). */
  deviceIds: (userId: string | null) => ['sync', 'device-ids', userId] as const,
  recentProgress: (status: 'in_progress' | 'all', limit: number) => ['progress', 'recent', status, limit] as const,
  recentBookmarks: (limit: number) => ['bookmarks', 'recent', limit] as const,
};

/** Roots of every cached answer a flush can change (positions, bookmarks, library, dashboard figures). */
export const SYNC_DEPENDENT_ROOTS = [
  ['reader', 'progress'],
  ['reader', 'bookmarks'],
  ['progress'],
  ['bookmarks'],
  ['library'],
] as const;

function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }));
}

/** The saved position in a book, or null when the reader has none yet (404). */
export async function fetchReadingProgress(bookId: string, signal?: AbortSignal): Promise<TReadingProgress | null> {
  try {
    return await getJson<TReadingProgress>(`/api/progress/${encodeURIComponent(bookId)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function fetchBookmarks(bookId: string, signal?: AbortSignal): Promise<TBookmark[]> {
  return (await getJson<TBookmarkList>(`/api/bookmarks?bookId=${encodeURIComponent(bookId)}&limit=500`, signal)).items;
}

export function readingPositionQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: syncKeys.position(bookId),
    queryFn: ({ signal }) => fetchReadingProgress(bookId, signal),
    // Another device may have moved on since: ask whenever a book opens.
    staleTime: 0,
  });
}

export function bookmarksQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: syncKeys.bookmarks(bookId),
    queryFn: ({ signal }) => fetchBookmarks(bookId, signal),
    staleTime: 0,
  });
}

/** "Continue where you left off" and the dashboard: the reader's books by most recent reading. */
export function recentProgressQueryOptions(status: 'in_progress' | 'all' = 'in_progress', limit = 5) {
  return queryOptions({
    queryKey: syncKeys.recentProgress(status, limit),
    queryFn: async ({ signal }): Promise<TProgressSummary[]> =>
      (await getJson<TProgressList>(`/api/progress?status=${status}&limit=${limit}`, signal)).items,
    staleTime: 30_000,
  });
}

export function recentBookmarksQueryOptions(limit = 5) {
  return queryOptions({
    queryKey: syncKeys.recentBookmarks(limit),
    queryFn: async ({ signal }): Promise<TBookmarkListItem[]> =>
      (await getJson<TBookmarkList>(`/api/bookmarks?limit=${limit}`, signal)).items,
    staleTime: 30_000,
  });
}
