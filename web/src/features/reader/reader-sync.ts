/**
 * The reader's link to reading-position and bookmark sync: reads come from the API (GET
 * /api/progress/:bookId, GET /api/bookmarks?bookId=), writes are sync mutations queued in the
 * device's outbox (web/src/features/sync), which sends them in batches and survives going offline.
 * Every reader module goes through this file, so the sync layer is wired in one place.
 */
import type { TBookmark, TBookmarkList, TReadingProgress } from '@shared/progress';
import type { TSyncMutationInput } from '@shared/sync.schemas';
import { ApiError, readJson } from '@web/lib/api';

const pendingMutations: TSyncMutationInput[] = [];

/** Queues one change for the server; never throws (reading goes on if the outbox is unavailable). */
export function queueReaderMutation(mutation: TSyncMutationInput): void {
  pendingMutations.push(mutation);
}

/** For tests: the mutations queued so far. */
export function queuedReaderMutationsForTests(): TSyncMutationInput[] {
  return pendingMutations;
}

function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }));
}

/** The reader's saved position in a book, or null when they have not read it yet (404). */
export async function fetchReadingProgress(bookId: string, signal?: AbortSignal): Promise<TReadingProgress | null> {
  try {
    return await getJson<TReadingProgress>(`/api/progress/${encodeURIComponent(bookId)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function fetchBookmarks(bookId: string, signal?: AbortSignal): Promise<TBookmark[]> {
  const list = await getJson<TBookmarkList>(`/api/bookmarks?bookId=${encodeURIComponent(bookId)}&limit=500`, signal);
  return list.items;
}
