/** The back office's loans calls (docs/API.md: admin). */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminPage } from '@shared/admin-list';
import type { TAdminLoanRow } from '@shared/admin-loans';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const loansAdminKeys = {
  all: ['admin', 'loans'] as const,
  list: (params: Record<string, string>) => ['admin', 'loans', 'list', params] as const,
};

export function adminLoansQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: loansAdminKeys.list(params),
    queryFn: ({ signal }) =>
      readJson<TAdminPage<TAdminLoanRow>>(api.admin.loans.$get({ query: params }, withSignal(signal))),
    staleTime: 10_000,
  });
}

export function revokeLoan(id: string, reason: string): Promise<{ revoked: true; licensesRevoked: number }> {
  return readJson(api.admin.loans[':id'].revoke.$post({ param: encodeParams({ id }), json: { reason } }));
}

export function restoreLoan(id: string): Promise<{ restored: true }> {
  return readJson(api.admin.loans[':id'].restore.$post({ param: encodeParams({ id }) }));
}
