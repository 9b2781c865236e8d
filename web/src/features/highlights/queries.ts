/**
 * Server reads of highlights, notes and review cards (docs/API.md: highlights) and their TanStack Query
 * keys, plus the Markdown export. Writes never go through here: they are sync mutations queued by
 * use-highlights.ts and use-review-deck.ts, and a flush refreshes these keys (sync/queries.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { THighlightBookCount, THighlightList, THighlightListItem, TReviewDeck } from '@shared/highlights';
import { READER_MESSAGES, type TCopyBudget } from '@shared/reader';
import { ApiError, api, encodeParams, ensureOk, readJson, withSignal } from '@web/lib/api';
import { CopyRefusedError } from '@web/lib/copy-guard';

export const highlightsKeys = {
  all: ['highlights'] as const,
  /** THighlightListItem[]: the server's live highlights of one book. */
  book: (bookId: string) => [...highlightsKeys.all, 'book', bookId] as const,
  recent: (limit: number) => [...highlightsKeys.all, 'recent', limit] as const,
  counts: () => [...highlightsKeys.all, 'counts'] as const,
  deck: ['review-cards'] as const,
};

/** A book's highlights come in one page of at most this many. */
const HIGHLIGHTS_PER_BOOK = 1000;

export async function fetchBookHighlights(bookId: string, signal?: AbortSignal): Promise<THighlightListItem[]> {
  const query = { bookId, limit: String(HIGHLIGHTS_PER_BOOK) };
  return (await readJson<THighlightList>(api.highlights.$get({ query }, withSignal(signal)))).items;
}

export function bookHighlightsQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: highlightsKeys.book(bookId),
    queryFn: ({ signal }) => fetchBookHighlights(bookId, signal),
    staleTime: 0,
  });
}

export function recentHighlightsQueryOptions(limit = 200) {
  return queryOptions({
    queryKey: highlightsKeys.recent(limit),
    queryFn: async ({ signal }) =>
      readJson<THighlightList>(api.highlights.$get({ query: { limit: String(limit) } }, withSignal(signal))),
    staleTime: 30_000,
  });
}

export function highlightCountsQueryOptions() {
  return queryOptions({
    queryKey: highlightsKeys.counts(),
    queryFn: async ({ signal }) =>
      (await readJson<{ items: THighlightBookCount[] }>(api.highlights.books.$get({}, withSignal(signal)))).items,
    staleTime: 30_000,
  });
}

export function fetchReviewDeck(signal?: AbortSignal): Promise<TReviewDeck> {
  return readJson<TReviewDeck>(api['review-cards'].$get({}, withSignal(signal)));
}

/**
 * Counts a copy of highlighted text against the book's copy budget (POST /api/books/:id/copy-events,
 * the reader's own count); a 422 (over the limit) becomes CopyRefusedError with the server's message.
 */
export async function recordQuoteCopy(bookId: string, characters: number): Promise<TCopyBudget> {
  try {
    return await readJson<TCopyBudget>(
      api.books[':id']['copy-events'].$post({ param: encodeParams({ id: bookId }), json: { characters } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      throw new CopyRefusedError(error.problem?.detail || READER_MESSAGES.copyLimitReached);
    throw error;
  }
}

/**
 * Asks the server for the book's highlights as Markdown (counted against the copy budget) and hands
 * the file to the browser as a download. Rejects with the server's problem (e.g. the copy limit).
 */
export async function downloadHighlightsMarkdown(bookId: string): Promise<void> {
  const response = await ensureOk(
    await api.highlights.books[':bookId'].export.$post({ param: encodeParams({ bookId }) }),
  );
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'highlights.md';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
