/** The overview's calls: its figures and the server's health (both admin only). */
import { queryOptions } from '@tanstack/react-query';
import type { TConfigurationSummary, THealthCheck } from '@api/features/health/health.service';
import type { TAdminOverview } from '@shared/admin-reports';
import { api, readJson, withSignal } from '@web/lib/api';

export const adminOverviewKeys = {
  overview: ['admin', 'overview'] as const,
  health: ['admin', 'health'] as const,
};

export const overviewQuery = queryOptions({
  queryKey: adminOverviewKeys.overview,
  queryFn: ({ signal }) => readJson<TAdminOverview>(api.admin.overview.$get(undefined, withSignal(signal))),
  staleTime: 30_000,
});

export interface TAdminHealth {
  status: string;
  checks: THealthCheck[];
  configuration: TConfigurationSummary;
}

export const adminHealthQuery = queryOptions({
  queryKey: adminOverviewKeys.health,
  queryFn: ({ signal }) => readJson<TAdminHealth>(api.admin.health.$get(undefined, withSignal(signal))),
  staleTime: 30_000,
});
