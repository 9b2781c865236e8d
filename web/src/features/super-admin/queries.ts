/** The super admin's calls (docs/product/operations.md#super-admin); sessions end through the users feature's call. */
import { queryOptions } from '@tanstack/react-query';
import type { TBackupEntry, TRoleGrant, TStaffMember, TSuperAdminOverview } from '@shared/super-admin';
import { api, readJson, withSignal } from '@web/lib/api';

export const superAdminKeys = { overview: ['admin', 'super-admin'] as const };

export const superAdminQueryOptions = queryOptions({
  queryKey: superAdminKeys.overview,
  queryFn: ({ signal }) => readJson<TSuperAdminOverview>(api.admin['super-admin'].$get(undefined, withSignal(signal))),
});

export function grantRole(grant: TRoleGrant): Promise<{ member: TStaffMember | null }> {
  return readJson(api.admin['super-admin'].roles.$post({ json: grant }));
}

export function backUpNow(): Promise<TBackupEntry> {
  return readJson(api.admin['super-admin'].backups.$post());
}
