/**
 * The recommendations feature's calls (docs/product/recommendations.md#api): the reader's rows, "Not interested"
 * (optimistic: the card goes at once and comes back only if the server refuses), clicks, and a book's
 * "More like this".
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecommendationRows, TSimilarBooks } from '@shared/recommendations';
import { api, describeError, ensureOk, readJson, withSignal } from '@web/lib/api';
import { toast } from '@web/lib/toast';

export const recommendationKeys = {
  rows: ['recommendations'] as const,
  similar: (idOrSlug: string) => ['books', idOrSlug, 'similar'] as const,
};

const FIVE_MINUTES = 5 * 60 * 1000;

export const recommendationRowsQueryOptions = queryOptions({
  queryKey: recommendationKeys.rows,
  queryFn: ({ signal }) => readJson<TRecommendationRows>(api.recommendations.$get(undefined, withSignal(signal))),
  staleTime: FIVE_MINUTES,
});

export function similarBooksQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: recommendationKeys.similar(idOrSlug),
    queryFn: ({ signal }) =>
      readJson<TSimilarBooks>(api.books[':idOrSlug'].similar.$get({ param: { idOrSlug } }, withSignal(signal))),
    staleTime: FIVE_MINUTES,
  });
}

/** The rows without one book (every row it is in), for the optimistic "Not interested". */
export function withoutBook(data: TRecommendationRows, bookId: string): TRecommendationRows {
  return {
    rows: data.rows
      .map((row) => ({ ...row, items: row.items.filter((item) => item.book.id !== bookId) }))
      .filter((row) => row.items.length > 0),
  };
}

export function useDismissRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookId }: { bookId: string; title: string }) => {
      await ensureOk(await api.recommendations[':bookId'].dismiss.$post({ param: { bookId } }));
    },
    onMutate: async ({ bookId }) => {
      await queryClient.cancelQueries({ queryKey: recommendationKeys.rows });
      const previous = queryClient.getQueryData<TRecommendationRows>(recommendationKeys.rows);
      if (previous) queryClient.setQueryData(recommendationKeys.rows, withoutBook(previous, bookId));
      return { previous };
    },
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(recommendationKeys.rows, context.previous);
      toast({
        variant: 'destructive',
        title: `We couldn’t hide “${title}”`,
        description: describeError(error) || 'Something went wrong. Please try again.',
      });
    },
    // The server refilled the rows; the refetch shows what took the dismissed book's place.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.rows }),
  });
}

/** Records that the reader opened a recommended book; a failure costs nothing the reader would notice. */
export function recordRecommendationClick(bookId: string): void {
  void api.recommendations[':bookId'].click
    .$post({ param: { bookId } }, { init: { keepalive: true } })
    .catch(() => undefined);
}
