/**
 * Server reads of the reader's position and bookmarks (docs/API.md: progress) and their TanStack Query
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
import type { TSyncRequest } from '@shared/sync.schemas';
import { ApiError, api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const syncKeys = {
  positions: ['reader', 'progress'] as const,
  /** TReadingProgress | null: the server's position in one book. */
  position: (bookId: string) => [...syncKeys.positions, bookId] as const,
  allBookmarks: ['reader', 'bookmarks'] as const,
  /** TBookmark[]: the server's live bookmarks of one book. */
  bookmarks: (bookId: string) => [...syncKeys.allBookmarks, bookId] as const,
  allPending: ['sync', 'pending'] as const,
  /** TOutboxEntry[]: this user's changes still waiting in the outbox (IndexedDB, no request). */
  pending: (userId: string | null) => [...syncKeys.allPending, userId] as const,
  /** This browser's ids as the server may have recorded them (IndexedDB, no request). */
  deviceIds: (userId: string | null) => ['sync', 'device-ids', userId] as const,
  allProgress: ['progress'] as const,
  recentProgress: (status: 'in_progress' | 'all', limit: number) =>
    [...syncKeys.allProgress, 'recent', status, limit] as const,
  allRecentBookmarks: ['bookmarks'] as const,
  recentBookmarks: (limit: number) => [...syncKeys.allRecentBookmarks, 'recent', limit] as const,
};

/** Roots of every cached answer a flush can change (positions, bookmarks, library, dashboard figures). */
export const SYNC_DEPENDENT_ROOTS = [
  syncKeys.positions,
  syncKeys.allBookmarks,
  syncKeys.allProgress,
  syncKeys.allRecentBookmarks,
  // libraryKeys.all of library/queries.ts, not imported: the library feature imports this one.
  ['library'],
  // feedbackKeys.all of feedback/queries.ts: an item sent from the outbox shows in the reader's list.
  ['feedback'],
  // readingStatsKeys.all of reading-stats/queries.ts: figures follow new reading events (docs/product/reading-stats.md#summary-tables).
  ['reading-stats'],
  // highlightsKeys.all and highlightsKeys.deck of highlights/queries.ts: highlights, notes and review cards.
  ['highlights'],
  ['review-cards'],
] as const;

/** A book's bookmarks come in one page of at most this many. */
const BOOKMARKS_PER_BOOK = 500;

/** The saved position in a book, or null when the reader has none yet (404). */
export async function fetchReadingProgress(bookId: string, signal?: AbortSignal): Promise<TReadingProgress | null> {
  try {
    return await readJson<TReadingProgress>(
      api.progress[':bookId'].$get({ param: encodeParams({ bookId }) }, withSignal(signal)),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function fetchBookmarks(bookId: string, signal?: AbortSignal): Promise<TBookmark[]> {
  const query = { bookId, limit: String(BOOKMARKS_PER_BOOK) };
  return (await readJson<TBookmarkList>(api.bookmarks.$get({ query }, withSignal(signal)))).items;
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
      (
        await readJson<TProgressList>(
          api.progress.$get({ query: { status, limit: String(limit) } }, withSignal(signal)),
        )
      ).items,
    staleTime: 30_000,
  });
}

export function recentBookmarksQueryOptions(limit = 5) {
  return queryOptions({
    queryKey: syncKeys.recentBookmarks(limit),
    queryFn: async ({ signal }): Promise<TBookmarkListItem[]> =>
      (await readJson<TBookmarkList>(api.bookmarks.$get({ query: { limit: String(limit) } }, withSignal(signal))))
        .items,
    staleTime: 30_000,
  });
}

/**
 * POST one outbox batch to /api/sync. The engine reads the status itself (401, 408, 429, 5xx each mean
 * something else), so the raw response is returned. `keepalive` lets a flush outlive a closing page.
 */
export function postSyncBatch(body: TSyncRequest, { keepalive }: { keepalive: boolean }): Promise<Response> {
  return api.sync.$post({ json: body }, { init: { keepalive } });
}
