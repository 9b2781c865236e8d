/**
 * The admin subscription calls: the list, one reader's subscription, the actions on it, and the test-mode clock.
 * Everything sits under ['admin', 'subscriptions'] (and the reports, which a refund changes) so one invalidation
 * after an action refreshes every screen that shows money.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TAdminSubscriptionDetail,
  TAdminSubscriptionPage,
  TBillingProviderInfo,
} from '@shared/admin-subscriptions';
import type { TAdminSubscriptionQuery } from '@shared/admin-subscriptions.schemas';
import { api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';

export type TSubscriptionListQuery = Partial<Omit<TAdminSubscriptionQuery, 'page' | 'pageSize'>> & {
  page: number;
  pageSize: number;
};

export const adminSubscriptionsKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (query: TSubscriptionListQuery) => ['admin', 'subscriptions', 'list', query] as const,
  detail: (userId: string) => ['admin', 'subscriptions', 'detail', userId] as const,
  provider: ['admin', 'subscriptions', 'provider'] as const,
};

/** The query string as the API reads it: only the filters that are set. */
function toSearch(query: TSubscriptionListQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export function subscriptionListQuery(query: TSubscriptionListQuery) {
  return queryOptions({
    queryKey: adminSubscriptionsKeys.list(query),
    queryFn: ({ signal }) =>
      readJson<TAdminSubscriptionPage>(api.admin.subscriptions.$get({ query: toSearch(query) }, withSignal(signal))),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The CSV export of the list as filtered now (a download link; the browser sends the session cookie). */
export function subscriptionsExportHref(query: TSubscriptionListQuery): string {
  const { page: _page, pageSize: _pageSize, ...filters } = toSearch(query);
  return apiHref(`/admin/subscriptions/export.csv?${new URLSearchParams(filters).toString()}`);
}

export function subscriptionDetailQuery(userId: string) {
  return queryOptions({
    queryKey: adminSubscriptionsKeys.detail(userId),
    queryFn: ({ signal }) =>
      readJson<TAdminSubscriptionDetail>(
        api.admin.subscriptions[':userId'].$get({ param: encodeParams({ userId }) }, withSignal(signal)),
      ),
    staleTime: 0,
  });
}

export const providerInfoQuery = queryOptions({
  queryKey: adminSubscriptionsKeys.provider,
  queryFn: ({ signal }) =>
    readJson<TBillingProviderInfo>(api.admin.billing.provider.$get(undefined, withSignal(signal))),
  staleTime: 0,
});

export function cancelSubscription(userId: string, when: 'period_end' | 'now') {
  return readJson<TAdminSubscriptionDetail>(
    api.admin.subscriptions[':userId'].cancel.$post({ param: encodeParams({ userId }), json: { when } }),
  );
}

export function resumeSubscription(userId: string) {
  return readJson<TAdminSubscriptionDetail>(
    api.admin.subscriptions[':userId'].resume.$post({ param: encodeParams({ userId }) }),
  );
}

export function extendTrial(userId: string, days: number) {
  return readJson<TAdminSubscriptionDetail>(
    api.admin.subscriptions[':userId']['extend-trial'].$post({ param: encodeParams({ userId }), json: { days } }),
  );
}

export function refundInvoice(invoiceId: string, amount: number, reason: string | undefined) {
  return readJson<TAdminSubscriptionDetail>(
    api.admin.invoices[':id'].refund.$post({ param: encodeParams({ id: invoiceId }), json: { amount, reason } }),
  );
}

export function advanceTestClock(days: number) {
  return readJson<unknown>(api.admin.billing['advance-clock'].$post({ json: { days } }));
}

/** After any change: the lists, details, provider clock and every report figure. */
export function invalidateMoney(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminSubscriptionsKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
  ]);
}
