/** The health dashboard's calls (docs/product/operations.md#health-checks): the public status, the admins' view, "Run checks now". */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminHealthDashboard, THealthRunDetail, TPublicHealthStatus } from '@shared/health';
import { api, readJson, withSignal } from '@web/lib/api';

export const healthKeys = {
  status: ['health', 'status'] as const,
  admin: ['admin', 'health', 'runs'] as const,
};

/** A run every five minutes: a minute's refresh keeps an open dashboard current. */
const REFRESH_MS = 60_000;

export const publicHealthQueryOptions = queryOptions({
  queryKey: healthKeys.status,
  queryFn: ({ signal }) => readJson<TPublicHealthStatus>(api.health.status.$get(undefined, withSignal(signal))),
  refetchInterval: REFRESH_MS,
});

export const adminHealthQueryOptions = queryOptions({
  queryKey: healthKeys.admin,
  queryFn: ({ signal }) => readJson<TAdminHealthDashboard>(api.admin.health.runs.$get(undefined, withSignal(signal))),
  refetchInterval: REFRESH_MS,
});

export function runHealthChecksNow(): Promise<THealthRunDetail> {
  return readJson(api.admin.health.runs.$post());
}
