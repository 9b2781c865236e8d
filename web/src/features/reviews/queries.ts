/**
 * The reviews feature's calls (docs/product/reviews-and-challenges.md#reviews): a book's reviews, the reader's own
 * review, helpful votes, reports, and the moderators' queue.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TModerationQueue, TOwnReview, TReviewList, TReviewSort } from '@shared/reviews';
import type { TReviewInput } from '@shared/reviews.schemas';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const reviewsKeys = {
  all: ['reviews'] as const,
  book: (bookId: string) => [...reviewsKeys.all, 'book', bookId] as const,
  list: (bookId: string, sort: TReviewSort, page: number, userId: string | null) =>
    [...reviewsKeys.book(bookId), sort, page, userId] as const,
  moderation: ['reviews', 'moderation'] as const,
};

export function reviewsQueryOptions(bookId: string, sort: TReviewSort, page: number, userId: string | null) {
  return queryOptions({
    queryKey: reviewsKeys.list(bookId, sort, page, userId),
    queryFn: ({ signal }) =>
      readJson<TReviewList>(
        api.books[':idOrSlug'].reviews.$get(
          { param: encodeParams({ idOrSlug: bookId }), query: { sort, page: String(page) } },
          withSignal(signal),
        ),
      ),
    staleTime: 30 * 1000,
  });
}

export const moderationQueueQueryOptions = queryOptions({
  queryKey: reviewsKeys.moderation,
  queryFn: ({ signal }) => readJson<TModerationQueue>(api.moderation.reviews.$get(undefined, withSignal(signal))),
});

export function saveReview(bookId: string, input: TReviewInput): Promise<TOwnReview> {
  return readJson<TOwnReview>(
    api.books[':idOrSlug'].reviews.mine.$put({ param: encodeParams({ idOrSlug: bookId }), json: input }),
  );
}

export function deleteReview(bookId: string): Promise<unknown> {
  return readJson(api.books[':idOrSlug'].reviews.mine.$delete({ param: encodeParams({ idOrSlug: bookId }) }));
}

export function voteHelpful(reviewId: string, helpful: boolean): Promise<unknown> {
  const endpoint = api.reviews[':id'].helpful;
  const param = encodeParams({ id: reviewId });
  return readJson(helpful ? endpoint.$put({ param }) : endpoint.$delete({ param }));
}

export function reportReview(reviewId: string, reason: string): Promise<unknown> {
  return readJson(api.reviews[':id'].reports.$post({ param: encodeParams({ id: reviewId }), json: { reason } }));
}

export function moderateReview(reviewId: string, isApproved: boolean, reason: string): Promise<unknown> {
  return readJson(
    api.moderation.reviews[':id'].$patch({ param: encodeParams({ id: reviewId }), json: { isApproved, reason } }),
  );
}

/**
 * After a review change: the book's reviews and the moderation queue. A change that moves a book's figures also
 * refreshes the catalogue reads, which the book page (owner of those keys) passes in as `onRatingChanged`.
 */
export function refreshAfterReviewChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
}
