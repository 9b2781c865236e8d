/** The financial reports call: one report per chosen date range, cached by that range. */
import { queryOptions } from '@tanstack/react-query';
import type { TFinancialReport } from '@shared/admin-reports';
import { api, readJson, withSignal } from '@web/lib/api';

export const adminReportsKeys = {
  all: ['admin', 'reports'] as const,
  financial: (from: string, to: string) => ['admin', 'reports', 'financial', from, to] as const,
};

export function financialReportQuery(from: string, to: string) {
  return queryOptions({
    queryKey: adminReportsKeys.financial(from, to),
    queryFn: ({ signal }) =>
      readJson<TFinancialReport>(api.admin.reports.financial.$get({ query: { from, to } }, withSignal(signal))),
    staleTime: 30_000,
  });
}
