/** Feedback calls (docs/product/feedback.md): the reader's lists and upvotes; items go out through the sync outbox. */
import { queryOptions } from '@tanstack/react-query';
import type { TFeedbackItem, TFeedbackLists } from '@shared/feedback';
import { api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';

export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: ['feedback', 'lists'] as const,
};

export function feedbackListsQueryOptions() {
  return queryOptions({
    queryKey: feedbackKeys.lists,
    queryFn: ({ signal }) => readJson<TFeedbackLists>(api.feedback.$get(undefined, withSignal(signal))),
    staleTime: 10_000,
  });
}

export function upvoteFeedback(id: string): Promise<TFeedbackItem> {
  return readJson(api.feedback[':id'].upvote.$post({ param: encodeParams({ id }) }));
}

/** Attaches the reader's screenshot to their item, once the item has reached the server (docs/product/feedback.md#screenshots). */
export function uploadFeedbackScreenshot(id: string, image: Blob): Promise<{ hasScreenshot: true }> {
  const screenshot = new File([image], 'page.jpg', { type: image.type || 'image/jpeg' });
  return readJson(api.feedback[':id'].screenshot.$put({ param: encodeParams({ id }), form: { screenshot } }));
}

/** Where the writer (and the team) open an attached screenshot. */
export function feedbackScreenshotHref(id: string): string {
  return apiHref(`/feedback/${encodeURIComponent(id)}/screenshot`);
}
