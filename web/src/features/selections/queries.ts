/**
 * The reader's entitlements and book selections (product decision 7): GET /api/me/entitlements under
 * ['me', 'entitlements'] and GET /api/selections under ['selections'], plus the choose and remove
 * writes. The server's answer is the only source of the effective tier and the pick counts; the header
 * badge reads it too, so this module stays small (it is part of the first load).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEntitlements, TSelection, TSelectionList } from '@shared/selections';
import type { TCurrentUser } from '@shared/auth';
import type { TSubscriptionTier } from '@shared/tiers';
import { readJson, sendJson } from '@web/lib/api';
import { useCurrentUser } from '@web/features/auth/queries';

export const ENTITLEMENTS_QUERY_KEY = ['me', 'entitlements'] as const;
export const SELECTIONS_QUERY_KEY = ['selections'] as const;
/** Picks and validity change with the clock and with other tabs; keep them briefly. */
export const ENTITLEMENTS_STALE_TIME_MS = 30 * 1000;

function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(fetch(url, { credentials: 'include', signal, headers: { Accept: 'application/json' } }));
}

export const entitlementsQueryOptions = queryOptions({
  queryKey: ENTITLEMENTS_QUERY_KEY,
  queryFn: ({ signal }) => getJson<TEntitlements>('/api/me/entitlements', signal),
  staleTime: ENTITLEMENTS_STALE_TIME_MS,
});

export const selectionsQueryOptions = queryOptions({
  queryKey: SELECTIONS_QUERY_KEY,
  queryFn: async ({ signal }) => (await getJson<TSelectionList>('/api/selections', signal)).items,
  staleTime: ENTITLEMENTS_STALE_TIME_MS,
});

/** The signed-in reader's entitlements; idle (no request) while signed out or while the user loads. */
export function useEntitlements() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...entitlementsQueryOptions, enabled: isAuthenticated });
}

/**
 * The tier for the header badge: the server's effective tier, so an expired trial shows FREE; the
 * user record's stored tier while that answer loads or if it fails.
 */
export function useEffectiveTier(user: Pick<TCurrentUser, 'subscriptionTier'>): TSubscriptionTier {
  const { data } = useEntitlements();
  return data?.tier ?? user.subscriptionTier;
}

export function selectBook(bookId: string): Promise<TSelection> {
  return sendJson<TSelection>('POST', '/api/selections', { bookId });
}

export function removeSelection(bookId: string): Promise<void> {
  return sendJson<void>('DELETE', `/api/selections/${encodeURIComponent(bookId)}`);
}

/** Everything a pick or a removal changes: the counts, the list, and the loans it may open. */
export const SELECTION_DEPENDENT_KEYS = [ENTITLEMENTS_QUERY_KEY, SELECTIONS_QUERY_KEY, ['loans']] as const;
