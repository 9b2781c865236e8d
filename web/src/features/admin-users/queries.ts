/** The back office's users calls (docs/API.md: admin) through the typed client, under usersAdminKeys. */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminPage } from '@shared/admin-list';
import type { TAdminBulkResult, TAdminUserDetail, TAdminUserRow } from '@shared/admin-users';
import type { TAdminBulkUpdate, TAdminPasswordChange, TAdminUserUpdate } from '@shared/admin-users.schemas';
import { api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';

export const usersAdminKeys = {
  all: ['admin', 'users'] as const,
  list: (params: Record<string, string>) => ['admin', 'users', 'list', params] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};

export function usersQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: usersAdminKeys.list(params),
    queryFn: ({ signal }) =>
      readJson<TAdminPage<TAdminUserRow>>(api.admin.users.$get({ query: params }, withSignal(signal))),
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
}

export function userDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: usersAdminKeys.detail(id),
    queryFn: ({ signal }) =>
      readJson<TAdminUserDetail>(api.admin.users[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal))),
  });
}

/** The CSV export of the list as filtered now (a download link; the browser sends the session cookie). */
export function usersExportHref(params: Record<string, string>): string {
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  return apiHref(`/admin/users/export.csv?${new URLSearchParams(filters).toString()}`);
}

export function updateUser(id: string, changes: TAdminUserUpdate): Promise<TAdminUserRow> {
  return readJson(api.admin.users[':id'].$patch({ param: encodeParams({ id }), json: changes }));
}

export function bulkUpdateUsers(request: TAdminBulkUpdate): Promise<TAdminBulkResult> {
  return readJson(api.admin.users.bulk.$post({ json: request }));
}

export function changeUserPassword(id: string, request: TAdminPasswordChange): Promise<{ message: string }> {
  return readJson(api.admin.users[':id'].password.$put({ param: encodeParams({ id }), json: request }));
}

export function sendResetEmail(id: string): Promise<{ message: string }> {
  return readJson(api.admin.users[':id']['reset-email'].$post({ param: encodeParams({ id }) }));
}

export function endSessions(id: string, sessionId?: string): Promise<{ ended: number }> {
  return sessionId
    ? readJson(api.admin.users[':id'].sessions[':sessionId'].$delete({ param: encodeParams({ id, sessionId }) }))
    : readJson(api.admin.users[':id'].sessions.$delete({ param: encodeParams({ id }) }));
}
