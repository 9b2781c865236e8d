/** The back office's audit log calls (docs/API.md: admin). */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminAuditDetail, TAdminAuditEntry } from '@shared/admin-audit';
import type { TAdminPage } from '@shared/admin-list';
import { api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';

export const auditAdminKeys = {
  all: ['admin', 'audit'] as const,
  list: (params: Record<string, string>) => ['admin', 'audit', 'list', params] as const,
  entry: (id: string) => ['admin', 'audit', 'entry', id] as const,
  facets: ['admin', 'audit', 'facets'] as const,
};

export function auditQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: auditAdminKeys.list(params),
    queryFn: ({ signal }) =>
      readJson<TAdminPage<TAdminAuditEntry>>(api.admin['audit-log'].$get({ query: params }, withSignal(signal))),
    staleTime: 10_000,
  });
}

export function auditEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: auditAdminKeys.entry(id),
    queryFn: ({ signal }) =>
      readJson<TAdminAuditDetail>(
        api.admin['audit-log'][':id'].$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
  });
}

export const auditFacetsQueryOptions = queryOptions({
  queryKey: auditAdminKeys.facets,
  queryFn: ({ signal }) =>
    readJson<{ actions: string[]; resources: string[] }>(
      api.admin['audit-log'].facets.$get(undefined, withSignal(signal)),
    ),
  staleTime: 60_000,
});

export function auditExportHref(params: Record<string, string>): string {
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  return apiHref(`/admin/audit-log/export.csv?${new URLSearchParams(filters).toString()}`);
}
