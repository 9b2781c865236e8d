/**
 * The sync engine (docs/ARCHITECTURE.md#sync): sends the outbox to POST /api/sync and keeps the app's caches and the
 * other tabs in step. State (per engine; the app keeps one per tab): the QueryClient it updates, the flush in progress, the
 * back-off after failures, its timers and listeners, and the status the UI shows.
 *
 * Rules:
 * - a change leaves the outbox only when a 2xx lists its id as applied; ids the server rejects are
 *   marked 'rejected' and shown to the reader (toast and useSyncStatus);
 * - network errors, 408, 429 and 5xx keep every entry and retry with exponential back-off
 *   (Retry-After is honoured); other 4xx for a whole batch mark that batch rejected;
 * - 401 stops sending until the reader signs in again (the current-user query says so);
 * - entries are sent oldest first, in batches of one device id, so a session starts before its events;
 * - flushes run on 'online', every SYNC_INTERVAL_MS, when the tab is hidden, and shortly after a
 *   change is queued; a BroadcastChannel tells the other tabs what changed.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import type { TReadingProgress, TSyncResponse } from '@shared/progress';
import { SYNC_MAX_MUTATIONS, type TSyncMutationInput } from '@shared/sync.schemas';
import { authKeys, fetchCurrentUser } from '@web/features/auth/queries';
import { requestOutboxBackgroundSync, subscribeToOutboxFlushRequests } from './background-sync';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import type { TOutboxEntry } from '@web/storage/db';
import {
  countPendingMutations,
  discardMutations,
  enqueueMutation,
  lastSignedInUser,
  listPendingMutations,
  listRejectedMutations,
  markMutationsRejected,
  observeServerTime,
  recordFailedAttempt,
  rememberSignedInUser,
  removeMutations,
} from '@web/storage/outbox';
import { resolveSyncDeviceId } from './device-id';
import { rememberPositionChange, rememberServerPosition } from './remember-position';
import { postSyncBatch, SYNC_DEPENDENT_ROOTS, syncKeys } from './queries';

/** Well under the server's limit, so one batch stays a small request even on a slow link. */
export const SYNC_BATCH_SIZE = Math.min(100, SYNC_MAX_MUTATIONS);
export const SYNC_INTERVAL_MS = 60_000;
export const SYNC_RETRY_BASE_MS = 2_000;
export const SYNC_RETRY_MAX_MS = 5 * 60_000;
/** How soon after a change it is sent: positions and bookmarks quickly, analytics events in bigger batches. */
export const FLUSH_DELAYS_MS = { now: 0, soon: 1_000, later: 15_000 } as const;
export type TFlushWhen = keyof typeof FLUSH_DELAYS_MS;
const CHANNEL_NAME = 'wonderful-books-sync';
/** fetch keepalive bodies are limited to 64 KiB; a flush while the page goes away stays below. */
const KEEPALIVE_MAX_BYTES = 60_000;

export type TSyncState = 'idle' | 'syncing' | 'offline' | 'retrying' | 'signed-out';

export interface TSyncStatus {
  state: TSyncState;
  /** Changes waiting to be sent. */
  pending: number;
  /** Changes the server refused, with its reason in lastError. */
  rejected: TOutboxEntry[];
  /** When the next retry is due (state 'retrying'). */
  retryAt: number | null;
  lastError: string | null;
  lastSyncedAt: number | null;
}

type TChannelMessage = { kind: 'outbox-changed' } | { kind: 'synced'; state: TSyncResponse['state'] };

const INITIAL_STATUS: TSyncStatus = {
  state: 'idle',
  pending: 0,
  rejected: [],
  retryAt: null,
  lastError: null,
  lastSyncedAt: null,
};

/** Exponential back-off: 2 s, 4 s, 8 s ... up to 5 minutes; a server's Retry-After wins when longer. */
export function retryDelayMs(failureCount: number, retryAfterMs = 0): number {
  const exponential = Math.min(SYNC_RETRY_BASE_MS * 2 ** Math.max(failureCount - 1, 0), SYNC_RETRY_MAX_MS);
  return Math.max(exponential, Math.min(retryAfterMs, SYNC_RETRY_MAX_MS));
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function retryAfterMs(response: Response): number {
  const header = response.headers.get('Retry-After');
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now());
}

async function problemText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return (
    new ApiError(response.status, response.statusText, text).problem?.detail ||
    `${response.status}: ${text || response.statusText}`
  );
}

/** The oldest pending entries that share one device id (the order they were made in is kept). */
function nextBatch(pending: readonly TOutboxEntry[], keepalive: boolean): TOutboxEntry[] {
  const deviceId = pending[0].deviceId;
  const batch: TOutboxEntry[] = [];
  let bytes = 0;
  for (const entry of pending) {
    if (entry.deviceId !== deviceId || batch.length >= SYNC_BATCH_SIZE) break;
    bytes += JSON.stringify(entry.payload).length + 200;
    if (keepalive && bytes > KEEPALIVE_MAX_BYTES && batch.length > 0) break;
    batch.push(entry);
  }
  return batch;
}

export interface TSyncEngine {
  /**
   * Starts the engine for the app's QueryClient (idempotent): listeners, the periodic flush and a
   * first flush. It then runs until dispose().
   */
  start(queryClient: QueryClient): void;
  /**
   * Sends every pending change of the signed-in reader now (one flush at a time; a call during a
   * flush runs another one right after it). Never throws: failures show in the status.
   */
  flushOutbox(options?: { keepalive?: boolean }): Promise<void>;
  /**
   * Stores a change in the outbox with a new mutation id and HLC stamp, then schedules a flush (when
   * online). Calls are stored in the order they are made, so a session starts before its events.
   * Rejects only when no signed-in reader is known or IndexedDB is unavailable.
   */
  queueMutation(mutation: TSyncMutationInput, options?: { flush?: TFlushWhen }): Promise<TOutboxEntry>;
  /** Drops refused changes the reader has seen. */
  dismissRejected(ids: readonly string[]): Promise<void>;
  getStatus(): TSyncStatus;
  subscribeStatus(listener: () => void): () => void;
  /** Stops listeners and timers, and waits for the flush and the stores under way. */
  dispose(): Promise<void>;
}

/** One engine per tab: the app keeps one (use-sync.ts); tests make their own and dispose of it. */
export function createSyncEngine(): TSyncEngine {
  let queryClient: QueryClient | null = null;
  let status: TSyncStatus = INITIAL_STATUS;
  const statusListeners = new Set<() => void>();
  let flushing: Promise<void> | null = null;
  let flushAgain = false;
  let failures = 0;
  let retryAt = 0;
  /** Set by a 401: nothing is sent until the current-user query succeeds again (a new sign-in). */
  let waitingForSignIn = false;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let flushTimerDue = Infinity;
  let stopListeners: (() => void) | null = null;
  let channel: BroadcastChannel | null = null;
  let queueTail: Promise<unknown> = Promise.resolve();
  let isDisposed = false;

  function setStatus(change: Partial<TSyncStatus>): void {
    status = { ...status, ...change };
    for (const listener of statusListeners) listener();
  }

  function getStatus(): TSyncStatus {
    return status;
  }

  function subscribeStatus(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  }

  /**
   * Whose changes are sent: only ever the user the server says is signed in now (the current-user
   * query, or a fresh GET /api/auth/user), because the session cookie decides whose account they reach.
   */
  async function userForFlush(): Promise<string | null> {
    const cached = queryClient?.getQueryData<TCurrentUser | null>(authKeys.user);
    if (cached !== undefined) return cached?.id ?? null;
    try {
      return (await fetchCurrentUser())?.id ?? null;
    } catch {
      return null;
    }
  }

  /** Whose change is being stored: the signed-in user, or (offline, after a reload) the last one seen here. */
  async function userForQueue(): Promise<string | null> {
    const cached = queryClient?.getQueryData<TCurrentUser | null>(authKeys.user);
    if (cached) {
      await rememberSignedInUser(cached.id);
      return cached.id;
    }
    if (cached === null) return null;
    if (!isOnline()) return lastSignedInUser();
    const user = await fetchCurrentUser().catch(() => undefined);
    if (user) await rememberSignedInUser(user.id);
    return user === undefined ? lastSignedInUser() : (user?.id ?? null);
  }

  async function refreshStatus(userId: string | null): Promise<TOutboxEntry[]> {
    if (!userId) {
      setStatus({ pending: 0, rejected: [] });
      return [];
    }
    const [pending, rejected] = await Promise.all([countPendingMutations(userId), listRejectedMutations(userId)]);
    const known = new Set(status.rejected.map((entry) => entry.id));
    const fresh = rejected.filter((entry) => !known.has(entry.id));
    setStatus({ pending, rejected });
    return fresh;
  }

  function post(message: TChannelMessage): void {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel (tab going away) has no one left to tell.
    }
  }

  function invalidatePending(): void {
    void queryClient?.invalidateQueries({ queryKey: syncKeys.allPending });
  }

  /** Puts the server's merged state into the cache and refreshes everything a flush can change. */
  function applyServerState(state: TSyncResponse['state']): void {
    if (!queryClient) return;
    for (const [bookId, progress] of Object.entries(state.progress))
      queryClient.setQueryData(syncKeys.position(bookId), progress);
    for (const [bookId, bookmarks] of Object.entries(state.bookmarks))
      queryClient.setQueryData(syncKeys.bookmarks(bookId), bookmarks);
    for (const root of SYNC_DEPENDENT_ROOTS) {
      if (root[0] === 'reader') continue;
      void queryClient.invalidateQueries({ queryKey: [...root] });
    }
    invalidatePending();
  }

  function onChannelMessage(event: MessageEvent<TChannelMessage>): void {
    if (event.data?.kind === 'synced') applyServerState(event.data.state);
    else if (event.data?.kind === 'outbox-changed') {
      invalidatePending();
      void userForFlush().then(refreshStatus);
    }
  }

  function schedule(delayMs: number): void {
    if (isDisposed) return;
    const due = Date.now() + delayMs;
    if (flushTimer !== null && flushTimerDue <= due) return;
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimerDue = due;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      flushTimerDue = Infinity;
      void flushOutbox();
    }, delayMs);
  }

  function backOff(ids: readonly string[], error: string, retryAfterMs = 0): Promise<void> {
    failures += 1;
    const delay = retryDelayMs(failures, retryAfterMs);
    retryAt = Date.now() + delay;
    setStatus({ state: 'retrying', retryAt, lastError: error });
    schedule(delay);
    // If this tab is closed before the retry, the browser wakes the service worker when the network returns.
    void requestOutboxBackgroundSync();
    return recordFailedAttempt(ids, retryAt, error);
  }

  /** Sends one batch; answers whether to go on with the next one. */
  async function sendBatch(batch: TOutboxEntry[], keepalive: boolean): Promise<boolean> {
    const ids = batch.map((entry) => entry.id);
    let response: Response;
    try {
      response = await postSyncBatch(
        {
          deviceId: batch[0].deviceId,
          mutations: batch.map(({ id, type, hlc, payload }) => ({ id, type, hlc, payload })),
        },
        { keepalive },
      );
    } catch (error) {
      await backOff(ids, error instanceof Error && error.message ? error.message : 'The network is unavailable');
      return false;
    }
    if (response.status === 401) {
      waitingForSignIn = true;
      setStatus({ state: 'signed-out', lastError: 'Sign in to save your reading.' });
      return false;
    }
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      await backOff(ids, await problemText(response), retryAfterMs(response));
      return false;
    }
    if (!response.ok) {
      // The server refused the whole batch (it cannot tell which change is at fault): none of it is retried.
      const reason = await problemText(response);
      await markMutationsRejected(ids.map((id) => ({ id, reason })));
      return true;
    }
    let answer: TSyncResponse;
    try {
      answer = (await response.json()) as TSyncResponse;
    } catch {
      await backOff(ids, 'The server sent an answer that could not be read');
      return false;
    }
    const sent = new Set(ids);
    const applied = answer.applied.filter((id) => sent.has(id));
    const rejected = answer.rejected.filter((rejection) => sent.has(rejection.id));
    await removeMutations(applied);
    await markMutationsRejected(rejected);
    await observeServerTime(Date.parse(answer.serverTime));
    failures = 0;
    retryAt = 0;
    setStatus({ lastSyncedAt: Date.now(), retryAt: null, lastError: rejected[0]?.reason ?? null });
    applyServerState(answer.state);
    post({ kind: 'synced', state: answer.state });
    // An answer that settles none of the batch would loop forever: wait and try again later.
    if (applied.length + rejected.length === 0) {
      await backOff(ids, 'The server did not confirm these changes');
      return false;
    }
    return true;
  }

  async function runFlush(keepalive: boolean): Promise<void> {
    const userId = await userForFlush();
    if (!userId || waitingForSignIn) {
      setStatus({ state: 'signed-out' });
      return;
    }
    if (!isOnline()) {
      setStatus({ state: 'offline' });
      await refreshStatus(userId);
      return;
    }
    if (Date.now() < retryAt) {
      schedule(retryAt - Date.now());
      return;
    }
    setStatus({ state: 'syncing' });
    let carryOn = true;
    while (carryOn) {
      const pending = await listPendingMutations(userId);
      if (pending.length === 0) break;
      carryOn = await sendBatch(nextBatch(pending, keepalive), keepalive);
    }
    if (status.state === 'syncing') setStatus({ state: 'idle' });
    const fresh = await refreshStatus(userId);
    if (fresh.length > 0) {
      toast({
        variant: 'destructive',
        title: fresh.length === 1 ? 'A change could not be saved' : `${fresh.length} changes could not be saved`,
        description: fresh[0].lastError ?? undefined,
      });
    }
  }

  function flushOutbox(options: { keepalive?: boolean } = {}): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    const run = async () => {
      do {
        flushAgain = false;
        try {
          await runFlush(options.keepalive ?? false);
        } catch (error) {
          setStatus({ state: 'retrying', lastError: error instanceof Error ? error.message : String(error) });
        }
      } while (flushAgain);
    };
    flushing = run().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function queueMutation(mutation: TSyncMutationInput, options: { flush?: TFlushWhen } = {}): Promise<TOutboxEntry> {
    const store = async () => {
      const userId = await userForQueue();
      if (!userId) throw new Error('Sign in to save your reading.');
      const deviceId = await resolveSyncDeviceId(userId);
      const entry = await enqueueMutation({ userId, deviceId, type: mutation.type, payload: mutation.payload });
      // A page turn is also this device's latest known position, kept after the outbox entry has gone.
      await rememberPositionChange(entry).catch(() => undefined);
      return entry;
    };
    const stored = queueTail.then(store, store);
    queueTail = stored.catch(() => undefined);
    return stored.then(
      (entry) => {
        invalidatePending();
        post({ kind: 'outbox-changed' });
        setStatus({ pending: status.pending + 1 });
        if (isOnline()) schedule(FLUSH_DELAYS_MS[options.flush ?? 'soon']);
        else void requestOutboxBackgroundSync();
        return entry;
      },
      (error: unknown) => {
        setStatus({
          lastError: error instanceof Error ? error.message : 'This change could not be stored on this device.',
        });
        throw error;
      },
    );
  }

  async function dismissRejected(ids: readonly string[]): Promise<void> {
    await discardMutations(ids);
    setStatus({ rejected: status.rejected.filter((entry) => !ids.includes(entry.id)) });
    post({ kind: 'outbox-changed' });
  }

  function start(client: QueryClient): void {
    queryClient = client;
    if (stopListeners) return;
    const onOnline = () => {
      // Coming back online is the moment to try at once, whatever the back-off said.
      failures = 0;
      retryAt = 0;
      void flushOutbox();
    };
    const onOffline = () => setStatus({ state: 'offline' });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flushOutbox({ keepalive: true });
    };
    const onPageHide = () => void flushOutbox({ keepalive: true });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    const interval = setInterval(() => void flushOutbox(), SYNC_INTERVAL_MS);
    // Background Sync: the service worker relays the browser's 'sync' event here (the outbox stays the source of truth).
    const stopFlushRequests = subscribeToOutboxFlushRequests(() => flushOutbox());
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [root, name, bookId] = event.query.queryKey;
      // Every position the server answers (a read, or the state after a flush) is remembered on this
      // device, so an offline open starts there (known-position.ts).
      if (root === syncKeys.positions[0] && name === syncKeys.positions[1] && typeof bookId === 'string') {
        const signedIn = client.getQueryData<TCurrentUser | null>(authKeys.user);
        const progress = event.query.state.data as TReadingProgress | null | undefined;
        if (signedIn) void rememberServerPosition(signedIn.id, progress).catch(() => undefined);
        return;
      }
      // Signing in again resumes a flush stopped by a 401.
      if (root !== authKeys.user[0] || name !== authKeys.user[1]) return;
      const user = event.query.state.data as TCurrentUser | null | undefined;
      if (!user) return;
      const wasWaiting = waitingForSignIn || status.state === 'signed-out';
      waitingForSignIn = false;
      if (wasWaiting) void flushOutbox();
    });
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.addEventListener('message', onChannelMessage);
    }
    stopListeners = () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      clearInterval(interval);
      stopFlushRequests();
      unsubscribe();
      channel?.close();
      channel = null;
      stopListeners = null;
    };
    void flushOutbox();
  }

  async function dispose(): Promise<void> {
    isDisposed = true;
    stopListeners?.();
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    flushTimerDue = Infinity;
    await flushing?.catch(() => undefined);
    await queueTail;
  }

  return { start, flushOutbox, queueMutation, dismissRejected, getStatus, subscribeStatus, dispose };
}
