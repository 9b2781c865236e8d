/**
 * The reader's shelf (docs/API.md: library): GET /api/library?status= under ['library', 'list', status],
 * GET /api/library/stats under ['library', 'stats'], and the add and remove writes. Every key sits
 * under ['library'], which the sync engine refreshes after each flush (progress moves books between
 * the filters).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLibraryEntry, TLibraryFilter, TLibraryList, TReadingStats } from '@shared/progress';
import { api, describeError, encodeParams, readJson, withSignal } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';

export const libraryKeys = {
  all: ['library'] as const,
  list: (status: TLibraryFilter) => [...libraryKeys.all, 'list', status] as const,
  stats: () => [...libraryKeys.all, 'stats'] as const,
};

/** The shelf lists at most this many books per filter. */
const SHELF_LIMIT = 100;

export function libraryQueryOptions(status: TLibraryFilter) {
  return queryOptions({
    queryKey: libraryKeys.list(status),
    queryFn: ({ signal }) =>
      readJson<TLibraryList>(api.library.$get({ query: { status, limit: String(SHELF_LIMIT) } }, withSignal(signal))),
    staleTime: 30_000,
  });
}

export const readingStatsQueryOptions = queryOptions({
  queryKey: libraryKeys.stats(),
  queryFn: ({ signal }) => readJson<TReadingStats>(api.library.stats.$get(undefined, withSignal(signal))),
  staleTime: 30_000,
});

export function addToLibrary(bookId: string): Promise<TLibraryEntry> {
  return readJson<TLibraryEntry>(api.library.$post({ json: { bookId } }));
}

export function removeFromLibrary(bookId: string): Promise<void> {
  return readJson<void>(api.library[':bookId'].$delete({ param: encodeParams({ bookId }) }));
}

/** Add or remove a book from the shelf, with a toast either way and the shelf refreshed after. */
export function useLibraryMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, inLibrary }: { bookId: string; title: string; inLibrary: boolean }) =>
      inLibrary ? addToLibrary(bookId).then(() => undefined) : removeFromLibrary(bookId),
    onSuccess: (_void, { title, inLibrary }) =>
      infoToast({
        title: inLibrary ? 'Added to your library' : 'Removed from your library',
        description: `“${title}”`,
      }),
    onError: (error, { inLibrary }) =>
      toast({
        variant: 'destructive',
        title: inLibrary ? "Couldn't add this book" : "Couldn't remove this book",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
