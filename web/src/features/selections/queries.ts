/**
 * The reader's entitlements and book selections (docs/product/decisions.md#7): GET /api/me/entitlements under
 * selectionsKeys.entitlements and GET /api/selections under selectionsKeys.all, plus the choose and remove
 * writes. The server's answer is the only source of the effective tier and the pick counts; the header
 * badge reads it too, so this module stays small (it is part of the first load).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEntitlements, TSelection, TSelectionList } from '@shared/selections';
import type { TCurrentUser } from '@shared/auth';
import type { TSubscriptionTier } from '@shared/tiers';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';
import { useCurrentUser } from '@web/features/auth/queries';

export const selectionsKeys = {
  all: ['selections'] as const,
  entitlements: ['me', 'entitlements'] as const,
};
/** Picks and validity change with the clock and with other tabs; keep them briefly. */
export const ENTITLEMENTS_STALE_TIME_MS = 30 * 1000;

export const entitlementsQueryOptions = queryOptions({
  queryKey: selectionsKeys.entitlements,
  queryFn: ({ signal }) => readJson<TEntitlements>(api.me.entitlements.$get(undefined, withSignal(signal))),
  staleTime: ENTITLEMENTS_STALE_TIME_MS,
});

export const selectionsQueryOptions = queryOptions({
  queryKey: selectionsKeys.all,
  queryFn: async ({ signal }) =>
    (await readJson<TSelectionList>(api.selections.$get(undefined, withSignal(signal)))).items,
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
  return readJson<TSelection>(api.selections.$post({ json: { bookId } }));
}

export function removeSelection(bookId: string): Promise<void> {
  return readJson<void>(api.selections[':bookId'].$delete({ param: encodeParams({ bookId }) }));
}

/** Everything a pick or a removal changes: the counts, the list, and the loans it may open. */
export const SELECTION_DEPENDENT_KEYS = [
  selectionsKeys.entitlements,
  selectionsKeys.all,
  // loansKeys.all of loans/queries.ts, not imported: the loans page imports this module (a folder cycle).
  ['loans'],
] as const;
