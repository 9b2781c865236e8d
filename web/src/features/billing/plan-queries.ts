/** TanStack Query factory for the subscription plans shown on the landing and subscribe pages. */
import { queryOptions } from '@tanstack/react-query';
import type { TPlanList } from '@shared/catalogue';
import { api, readJson, withSignal } from '@web/lib/api';

export const subscribeKeys = {
  plans: ['plans'] as const,
};

export function plansQueryOptions() {
  return queryOptions({
    queryKey: subscribeKeys.plans,
    queryFn: ({ signal }) => readJson<TPlanList>(api.plans.$get(undefined, withSignal(signal))),
    // Prices are edited in the back office and must show at once (docs/product/back-office.md#plans): always
    // revalidated when a pricing screen mounts, the cached copy shown meanwhile.
    staleTime: 0,
    select: (data) => [...data.items].sort((a, b) => a.displayOrder - b.displayOrder),
  });
}
