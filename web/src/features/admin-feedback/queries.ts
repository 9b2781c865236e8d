/** The back office's feedback triage calls (docs/product/feedback.md#triage). */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminPage } from '@shared/admin-list';
import type {
  TFeedbackCommentCreate,
  TFeedbackResponse,
  TFeedbackTriageDetail,
  TFeedbackTriageRow,
  TFeedbackTriageUpdate,
} from '@shared/feedback';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const feedbackAdminKeys = {
  all: ['admin', 'feedback'] as const,
  list: (params: Record<string, string>) => ['admin', 'feedback', 'list', params] as const,
  detail: (id: string) => ['admin', 'feedback', 'detail', id] as const,
};

export function feedbackTriageQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: feedbackAdminKeys.list(params),
    queryFn: ({ signal }) =>
      readJson<TAdminPage<TFeedbackTriageRow>>(api.admin.feedback.$get({ query: params }, withSignal(signal))),
    staleTime: 10_000,
  });
}

export function feedbackDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: feedbackAdminKeys.detail(id),
    queryFn: ({ signal }) =>
      readJson<TFeedbackTriageDetail>(
        api.admin.feedback[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
  });
}

export function updateFeedback(id: string, change: TFeedbackTriageUpdate): Promise<TFeedbackTriageDetail> {
  return readJson(api.admin.feedback[':id'].$patch({ param: encodeParams({ id }), json: change }));
}

export function addFeedbackComment(id: string, input: TFeedbackCommentCreate): Promise<TFeedbackTriageDetail> {
  return readJson(api.admin.feedback[':id'].comments.$post({ param: encodeParams({ id }), json: input }));
}

export function respondToFeedback(id: string, input: TFeedbackResponse): Promise<TFeedbackTriageDetail> {
  return readJson(api.admin.feedback[':id'].response.$post({ param: encodeParams({ id }), json: input }));
}
