/**
 * The current user (SPEC §4, §7): GET /api/auth/user, cached under ['auth', 'user']. A 401 means
 * signed out and resolves to null, not an error. This server record is the only source of the user's
 * role and tier in the web app; nothing is inferred from e-mail addresses or local storage.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import { getJsonOrNullOn401 } from '@web/lib/api';

export const CURRENT_USER_QUERY_KEY = ['auth', 'user'] as const;
export const CURRENT_USER_STALE_TIME_MS = 30 * 1000;
export const CURRENT_USER_GC_TIME_MS = 5 * 60 * 1000;

/** SPEC §8: a current-user error mentioning '429' or 'Rate limited' is not retried; others once. */
export function shouldRetryCurrentUser(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (message.includes('429') || message.includes('Rate limited')) return false;
  return failureCount < 1;
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
  return getJsonOrNullOn401<TCurrentUser>('/api/auth/user', { signal });
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: CURRENT_USER_STALE_TIME_MS,
  gcTime: CURRENT_USER_GC_TIME_MS,
  retry: shouldRetryCurrentUser,
});

export interface CurrentUserState {
  user: TCurrentUser | null;
  isLoading: boolean;
  /** SPEC §4: authenticated when a user record came back and no error occurred. */
  isAuthenticated: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const { data, isLoading, error } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null && !error };
}
