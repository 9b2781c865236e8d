/**
 * The reader's shelf (API map: library): GET /api/library?status= under ['library', 'list', status],
 * GET /api/library/stats under ['library', 'stats'], and the add and remove writes. Every key sits
 * under ['library'], which the sync engine refreshes after each flush (progress moves books between
 * the filters).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLibraryEntry, TLibraryFilter, TLibraryList, TReadingStats } from '@shared/progress';
import { describeError, readJson, sendJson } from '@web/lib/api';
import { toast } from '@web/lib/toast';

export const LIBRARY_QUERY_ROOT = ['library'] as const;
export const libraryKeys = {
  list: (status: TLibraryFilter) => ['library', 'list', status] as const,
  stats: () => ['library', 'stats'] as const,
};

function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }));
}

export function libraryQueryOptions(status: TLibraryFilter) {
  return queryOptions({
    queryKey: libraryKeys.list(status),
    queryFn: ({ signal }) => getJson<TLibraryList>(`/api/library?status=${status}&limit=100`, signal),
    staleTime: 30_000,
  });
}

export const readingStatsQueryOptions = queryOptions({
  queryKey: libraryKeys.stats(),
  queryFn: ({ signal }) => getJson<TReadingStats>('/api/library/stats', signal),
  staleTime: 30_000,
});

export function addToLibrary(bookId: string): Promise<TLibraryEntry> {
  return sendJson<TLibraryEntry>('POST', '/api/library', { bookId });
}

export function removeFromLibrary(bookId: string): Promise<void> {
  return sendJson<void>('DELETE', `/api/library/${encodeURIComponent(bookId)}`);
}

/** Add or remove a book from the shelf, with a toast either way and the shelf refreshed after. */
export function useLibraryMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, inLibrary }: { bookId: string; title: string; inLibrary: boolean }) =>
      inLibrary ? addToLibrary(bookId).then(() => undefined) : removeFromLibrary(bookId),
    onSuccess: (_void, { title, inLibrary }) =>
      toast({ title: inLibrary ? 'Added to your library' : 'Removed from your library', description: `“${title}”` }),
    onError: (error, { inLibrary }) =>
      toast({
        variant: 'destructive',
        title: inLibrary ? "Couldn't add this book" : "Couldn't remove this book",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_ROOT }),
  });
}
