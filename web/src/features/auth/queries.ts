/**
 * The current user (SPEC §4, §7): GET /api/auth/user, cached under ['auth', 'user']. A 401 means
 * signed out and resolves to null, not an error. This server record is the only source of the user's
 * role and tier in the web app; nothing is inferred from e-mail addresses. With no network at all, the
 * last record the server confirmed on this browser stands in (last-known-user.ts).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import { getJsonOrNullOn401 } from '@web/lib/api';
import { isUnreachable, lastKnownUser, rememberConfirmedUser } from './last-known-user';

export const CURRENT_USER_QUERY_KEY = ['auth', 'user'] as const;
export const CURRENT_USER_STALE_TIME_MS = 30 * 1000;
export const CURRENT_USER_GC_TIME_MS = 5 * 60 * 1000;

/** SPEC §8: a current-user error mentioning '429' or 'Rate limited' is not retried; others once. */
export function shouldRetryCurrentUser(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (message.includes('429') || message.includes('Rate limited')) return false;
  return failureCount < 1;
}

/**
 * The server's answer, remembered for offline use; when the server cannot be reached at all, the last
 * record it confirmed on this browser (see last-known-user.ts), so the installed app opens offline.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
  try {
    const user = await getJsonOrNullOn401<TCurrentUser>('/api/auth/user', { signal });
    rememberConfirmedUser(user);
    return user;
  } catch (error) {
    const known = isUnreachable(error) && !signal?.aborted ? lastKnownUser() : null;
    if (known) return known;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: CURRENT_USER_STALE_TIME_MS,
  gcTime: CURRENT_USER_GC_TIME_MS,
  retry: shouldRetryCurrentUser,
  // Run even offline: the query function answers from the last confirmed record then.
  networkMode: 'always',
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

/**
 * After a sign-in (SPEC §2, §7): put the user the server just returned into the cache, when given, and
 * refetch the current-user record so every screen reads the server's view.
 */
export async function refreshCurrentUser(queryClient: QueryClient, user?: TCurrentUser | null): Promise<void> {
  if (user) queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  if (queryClient.getQueryState(CURRENT_USER_QUERY_KEY)) {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, refetchType: 'all' });
  } else {
    await queryClient.prefetchQuery(currentUserQuery);
  }
}

/** After logout or account deletion: forget the user and everything fetched for them. */
export function clearCachedUser(queryClient: QueryClient): void {
  rememberConfirmedUser(null);
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
}
