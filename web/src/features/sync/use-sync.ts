/**
 * React glue of the sync engine: the tab's engine (or one a SyncEngineProvider gives, in tests),
 * started for the app's QueryClient, its status, and the signed-in reader's pending outbox entries (a
 * local IndexedDB read, refreshed whenever the outbox changes in this tab or another).
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/auth/queries';
import type { TOutboxEntry } from '@web/storage/db';
import { listPendingMutations } from '@web/storage/outbox';
import { thisBrowserDeviceIds } from './device-id';
import { syncKeys } from './queries';
import { createSyncEngine, type TSyncEngine, type TSyncStatus } from './sync-engine';

const SyncEngineContext = createContext<TSyncEngine | null>(null);

/** Gives the screens below an engine of their own instead of the tab's (tests, which dispose of it). */
export const SyncEngineProvider = SyncEngineContext.Provider;

let tabEngine: TSyncEngine | null = null;

/** The engine the screens below use, not started: a SyncEngineProvider's, else the tab's (made on first use). */
export function useSyncEngineInstance(): TSyncEngine {
  const provided = useContext(SyncEngineContext);
  if (provided) return provided;
  tabEngine ??= createSyncEngine();
  return tabEngine;
}

/** The engine, started for the app's QueryClient (idempotent); every screen that reads or writes reading data calls it. */
export function useSyncEngine(): TSyncEngine {
  const engine = useSyncEngineInstance();
  const queryClient = useQueryClient();
  useEffect(() => {
    engine.start(queryClient);
  }, [engine, queryClient]);
  return engine;
}

export function useSyncStatus(): TSyncStatus {
  const engine = useSyncEngineInstance();
  return useSyncExternalStore(engine.subscribeStatus, engine.getStatus, engine.getStatus);
}

const NO_ENTRIES: TOutboxEntry[] = [];
const NO_IDS: string[] = [];

/** The reader's changes still in the outbox, oldest first. */
export function usePendingMutations(): TOutboxEntry[] {
  return usePendingMutationsState().entries;
}

/** The outbox entries, and whether they have been read yet (a screen that takes a snapshot waits for them). */
export function usePendingMutationsState(): { entries: TOutboxEntry[]; isLoaded: boolean } {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: syncKeys.pending(userId),
    queryFn: () => (userId ? listPendingMutations(userId) : NO_ENTRIES),
    enabled: userId !== null,
    staleTime: Infinity,
    networkMode: 'always',
  });
  return { entries: query.data ?? NO_ENTRIES, isLoaded: query.isSuccess };
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
