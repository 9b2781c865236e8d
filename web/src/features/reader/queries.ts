/**
 * The reader's server calls: the preview file, search inside the book (GET /api/books/:id/search), the copy budget
 * (GET /api/books/:id/copy-budget) and copy events (POST /api/books/:id/copy-events). Position and
 * bookmarks are read and written through the sync layer (web/src/features/sync); the reader asks for them
 * early, with the licence (prefetchReadingState).
 */
import { READER_MESSAGES, type TBookSearchHit, type TBookSearchResult, type TCopyBudget } from '@shared/reader';
import type { QueryClient } from '@tanstack/react-query';
import type { TReadingProgress } from '@shared/progress';
import { ApiError, api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';
import { bookmarksQueryOptions, readingPositionQueryOptions } from '@web/features/sync/queries';
import { CopyRefusedError } from '@web/lib/copy-guard';

const book = api.books[':id'];

export async function searchInBook(bookId: string, query: string, signal?: AbortSignal): Promise<TBookSearchHit[]> {
  const result = await readJson<TBookSearchResult>(
    book.search.$get({ param: encodeParams({ id: bookId }), query: { q: query } }, withSignal(signal)),
  );
  return result.items;
}

export function fetchCopyBudget(bookId: string, signal?: AbortSignal): Promise<TCopyBudget> {
  return readJson<TCopyBudget>(book['copy-budget'].$get({ param: encodeParams({ id: bookId }) }, withSignal(signal)));
}

/** The preview PDF's URL, which pdf.js loads itself (public, no entitlement). */
export function previewFileUrl(idOrSlug: string): string {
  return apiHref(api.books[':idOrSlug'].preview.$path({ param: encodeParams({ idOrSlug }) }));
}

/** Counts a copy; a 422 (over the limit) becomes CopyRefusedError with the server's message. */
export async function recordCopyEvent(bookId: string, characters: number): Promise<TCopyBudget> {
  try {
    return await readJson<TCopyBudget>(
      book['copy-events'].$post({ param: encodeParams({ id: bookId }), json: { characters } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      throw new CopyRefusedError(error.problem?.detail || READER_MESSAGES.copyLimitReached);
    }
    throw error;
  }
}

/**
 * Asks for the book's saved position and bookmarks into the query cache the reader's screen reads, in
 * parallel with the licence and the first chunks: always a fresh answer (this device's own sync may have
 * moved the position since the last one). Resolves to the saved position, or null when there is none or
 * it cannot be had now.
 */
export function prefetchReadingState(queryClient: QueryClient, bookId: string): Promise<TReadingProgress | null> {
  queryClient.prefetchQuery(bookmarksQueryOptions(bookId)).catch(() => undefined);
  return queryClient.fetchQuery(readingPositionQueryOptions(bookId)).catch(() => null);
}
