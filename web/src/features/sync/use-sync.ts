/**
 * React glue of the sync engine: start it for the app's QueryClient, read its status, and read the
 * signed-in reader's pending outbox entries (a local IndexedDB read, refreshed whenever the outbox
 * changes in this tab or another).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/auth/queries';
import type { TOutboxEntry } from '@web/storage/db';
import { listPendingMutations } from '@web/storage/outbox';
import { thisBrowserDeviceIds } from './device-id';
import { syncKeys } from './queries';
import { getSyncStatus, startSync, subscribeSyncStatus, type TSyncStatus } from './sync-engine';

/** Starts the engine once per tab (idempotent); every screen that reads or writes reading data calls it. */
export function useSyncEngine(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    startSync(queryClient);
  }, [queryClient]);
}

export function useSyncStatus(): TSyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

const NO_ENTRIES: TOutboxEntry[] = [];
const NO_IDS: string[] = [];

/** The reader's changes still in the outbox, oldest first. */
export function usePendingMutations(): TOutboxEntry[] {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: syncKeys.pending(userId),
    queryFn: () => (userId ? listPendingMutations(userId) : NO_ENTRIES),
    enabled: userId !== null,
    staleTime: Infinity,
    networkMode: 'always',
  });
  return query.data ?? NO_ENTRIES;
}

/** Ids this browser writes under (its sync id and, once registered, its server device id). */
export function useThisBrowserDeviceIds(): readonly string[] {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: syncKeys.deviceIds(userId),
    queryFn: () => thisBrowserDeviceIds(userId),
    staleTime: Infinity,
    networkMode: 'always',
  });
  return query.data ?? NO_IDS;
}
