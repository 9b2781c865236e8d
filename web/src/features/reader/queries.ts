/**
 * The reader's server calls: search inside the book (GET /api/books/:id/search), the copy budget
 * (GET /api/books/:id/copy-budget) and copy events (POST /api/books/:id/copy-events). Position and
 * bookmarks are read and written through the sync layer (web/src/features/sync).
 */
import { READER_MESSAGES, type TBookSearchHit, type TBookSearchResult, type TCopyBudget } from '@shared/reader';
import { ApiError, readJson, sendJson } from '@web/lib/api';
import { CopyRefusedError } from './copy-guard';

function bookPath(bookId: string, rest: string): string {
  return `/api/books/${encodeURIComponent(bookId)}/${rest}`;
}

export async function searchInBook(bookId: string, query: string, signal?: AbortSignal): Promise<TBookSearchHit[]> {
  const url = `${bookPath(bookId, 'search')}?q=${encodeURIComponent(query)}`;
  const result = await readJson<TBookSearchResult>(
    fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }),
  );
  return result.items;
}

export function fetchCopyBudget(bookId: string, signal?: AbortSignal): Promise<TCopyBudget> {
  return readJson<TCopyBudget>(
    fetch(bookPath(bookId, 'copy-budget'), { credentials: 'include', headers: { Accept: 'application/json' }, signal }),
  );
}

/** Counts a copy; a 422 (over the limit) becomes CopyRefusedError with the server's message. */
export async function recordCopyEvent(bookId: string, characters: number): Promise<TCopyBudget> {
  try {
    return await sendJson<TCopyBudget>('POST', bookPath(bookId, 'copy-events'), { characters });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      throw new CopyRefusedError(error.problem?.detail || READER_MESSAGES.copyLimitReached);
    }
    throw error;
  }
}
