/** The admin e-mail calls: the outbox (redacted copies) and resend, template previews and tests, campaigns. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TCampaign,
  TCampaignAudience,
  TCampaignDetail,
  TEmailTemplatePreview,
  TEmailTemplateSummary,
} from '@shared/admin-email';
import type { TCampaignRequest } from '@shared/admin-email.schemas';
import type { TActionResponse } from '@shared/auth';
import type { TOutboxPage } from '@shared/email';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export interface TOutboxFilters {
  page: number;
  pageSize: number;
  email?: string;
  type?: string;
  status?: 'queued' | 'sent' | 'failed' | 'suppressed';
  from?: string;
  to?: string;
}

export const adminEmailKeys = {
  all: ['admin', 'email'] as const,
  outbox: (filters: TOutboxFilters) => ['admin', 'email', 'outbox', filters] as const,
  templates: ['admin', 'email', 'templates'] as const,
  template: (id: string) => ['admin', 'email', 'templates', id] as const,
  audience: ['admin', 'email', 'audience'] as const,
  campaigns: ['admin', 'email', 'campaigns'] as const,
  campaign: (id: string) => ['admin', 'email', 'campaigns', id] as const,
};

export function outboxQuery(filters: TOutboxFilters) {
  const { pageSize, ...rest } = filters;
  const query = Object.fromEntries(
    Object.entries({ ...rest, limit: pageSize })
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return queryOptions({
    queryKey: adminEmailKeys.outbox(filters),
    queryFn: ({ signal }) => readJson<TOutboxPage>(api.admin.email.outbox.$get({ query }, withSignal(signal))),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function resendMessage(id: string) {
  return readJson<TActionResponse>(api.admin.email.outbox[':id'].resend.$post({ param: encodeParams({ id }) }));
}

export const templatesQuery = queryOptions({
  queryKey: adminEmailKeys.templates,
  queryFn: ({ signal }) =>
    readJson<{ items: TEmailTemplateSummary[] }>(api.admin.email.templates.$get(undefined, withSignal(signal))),
  staleTime: Number.POSITIVE_INFINITY,
});

export function templatePreviewQuery(id: string) {
  return queryOptions({
    queryKey: adminEmailKeys.template(id),
    queryFn: ({ signal }) =>
      readJson<TEmailTemplatePreview>(
        api.admin.email.templates[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
    staleTime: 60_000,
  });
}

export function sendTemplateTest(id: string) {
  return readJson<TActionResponse>(api.admin.email.templates[':id'].test.$post({ param: encodeParams({ id }) }));
}

export const audienceQuery = queryOptions({
  queryKey: adminEmailKeys.audience,
  queryFn: ({ signal }) =>
    readJson<TCampaignAudience>(api.admin.email.campaigns.audience.$get(undefined, withSignal(signal))),
  staleTime: 0,
});

/** While a campaign is sending, its progress is asked for again every two seconds. */
export const campaignsQuery = queryOptions({
  queryKey: adminEmailKeys.campaigns,
  queryFn: ({ signal }) =>
    readJson<{ items: TCampaign[] }>(api.admin.email.campaigns.$get(undefined, withSignal(signal))),
  staleTime: 0,
  refetchInterval: (query) =>
    query.state.data?.items.some((campaign) => campaign.status === 'sending') ? 2_000 : false,
});

export function campaignQuery(id: string) {
  return queryOptions({
    queryKey: adminEmailKeys.campaign(id),
    queryFn: ({ signal }) =>
      readJson<TCampaignDetail>(
        api.admin.email.campaigns[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2_000 : false),
  });
}

export function sendCampaign(body: TCampaignRequest) {
  return readJson<TCampaign>(api.admin.email.campaigns.$post({ json: body }));
}

export function cancelCampaign(id: string) {
  return readJson<TCampaign>(api.admin.email.campaigns[':id'].cancel.$post({ param: encodeParams({ id }) }));
}
