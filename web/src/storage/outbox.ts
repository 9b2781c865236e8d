/**
 * The sync outbox (docs/ARCHITECTURE.md#sync): changes made on this device wait here, in IndexedDB, until the server
 * confirms them, so a reload, a crash or a week offline loses nothing. This module owns the `outbox`
 * table and the sync keys of `meta`:
 * - `sync.browserId`: a random id for this browser profile, the HLC node id and the fallback device id;
 * - `sync.hlc`: the hybrid logical clock, advanced in the same transaction that stores a stamped
 *   change, so two tabs never hand out the same stamp;
 * - `sync.lastUserId`: who was signed in last, so changes made offline after a reload still know
 *   whose they are.
 * Entries leave only through removeMutations (the server listed them as applied); a rejected entry
 * stays, marked, until the reader dismisses it.
 */
import { createHlc, encodeHlc, receive, tick, toNodeId, type THlc } from '@shared/hlc';
import { byStamp } from './app-db-reads';
import { getDb, type TOutboxEntry } from './db';

// Read with raw IndexedDB: a book's open reads the unsent page turns before its first page, without loading Dexie.
export { listPendingMutations } from './app-db-reads';

export const META_BROWSER_ID = 'sync.browserId';
export const META_HLC = 'sync.hlc';
export const META_LAST_USER = 'sync.lastUserId';

/** The server's time is trusted only this far ahead of the local clock when advancing the HLC. */
const SERVER_TIME_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/** This browser's sync id, made once and shared by every tab. */
export async function getBrowserSyncId(): Promise<string> {
  const db = getDb();
  return db.transaction('rw', db.meta, async () => {
    const existing = await db.meta.get(META_BROWSER_ID);
    if (typeof existing?.value === 'string') return existing.value;
    const id = crypto.randomUUID();
    await db.meta.put({ key: META_BROWSER_ID, value: id });
    return id;
  });
}

function isHlc(value: unknown): value is THlc {
  const candidate = value as THlc | null;
  return (
    !!candidate &&
    typeof candidate.wallMs === 'number' &&
    typeof candidate.counter === 'number' &&
    typeof candidate.node === 'string'
  );
}

export interface TNewOutboxEntry {
  userId: string;
  deviceId: string;
  type: string;
  payload: unknown;
}

/**
 * Stores a change with a fresh mutation id and HLC stamp. The clock is read, advanced and written in
 * the same transaction as the entry, so stamps grow strictly in the order changes are stored.
 */
export async function enqueueMutation(entry: TNewOutboxEntry, nowMs: number = Date.now()): Promise<TOutboxEntry> {
  const browserId = await getBrowserSyncId();
  const db = getDb();
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const stored = await db.meta.get(META_HLC);
    const clock = isHlc(stored?.value) ? stored.value : createHlc(toNodeId(browserId));
    const stamp = tick(clock, nowMs);
    await db.meta.put({ key: META_HLC, value: stamp });
    const row: TOutboxEntry = {
      id: crypto.randomUUID(),
      userId: entry.userId,
      deviceId: entry.deviceId,
      type: entry.type,
      hlc: encodeHlc(stamp),
      payload: entry.payload,
      createdAt: nowMs,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: nowMs,
      lastError: null,
    };
    await db.outbox.add(row);
    return row;
  });
}

/** Moves the clock past the server's time (bounded), so this device's next stamps follow what it has seen. */
export async function observeServerTime(serverTimeMs: number, nowMs: number = Date.now()): Promise<void> {
  if (!Number.isFinite(serverTimeMs)) return;
  const browserId = await getBrowserSyncId();
  const db = getDb();
  await db.transaction('rw', db.meta, async () => {
    const stored = await db.meta.get(META_HLC);
    const clock = isHlc(stored?.value) ? stored.value : createHlc(toNodeId(browserId));
    const next = receive(clock, { wallMs: serverTimeMs, counter: 0, node: 'server' }, nowMs, {
      maxAheadMs: SERVER_TIME_MAX_AHEAD_MS,
    });
    await db.meta.put({ key: META_HLC, value: next });
  });
}

/** Changes the server refused, oldest first, kept so the reader can see what was not saved. */
export async function listRejectedMutations(userId: string): Promise<TOutboxEntry[]> {
  const rows = await getDb().outbox.where('[userId+status]').equals([userId, 'rejected']).toArray();
  return rows.sort(byStamp);
}

/** The server confirmed these ids: they leave the outbox. */
export async function removeMutations(ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await getDb().outbox.bulkDelete([...ids]);
}

export async function markMutationsRejected(rejections: readonly { id: string; reason: string }[]): Promise<void> {
  if (rejections.length === 0) return;
  const db = getDb();
  await db.transaction('rw', db.outbox, async () => {
    for (const { id, reason } of rejections) await db.outbox.update(id, { status: 'rejected', lastError: reason });
  });
}

/** A send failed for a reason worth retrying: the entries stay, with their attempt count and next try. */
export async function recordFailedAttempt(ids: readonly string[], nextAttemptAt: number, error: string): Promise<void> {
  if (ids.length === 0) return;
  const db = getDb();
  await db.transaction('rw', db.outbox, async () => {
    const rows = (await db.outbox.bulkGet([...ids])).filter((row): row is TOutboxEntry => row !== undefined);
    await db.outbox.bulkPut(
      rows.map((row) => ({ ...row, attempts: row.attempts + 1, nextAttemptAt, lastError: error })),
    );
  });
}

/** The reader has seen these refused changes; they are dropped. */
export async function discardMutations(ids: readonly string[]): Promise<void> {
  await removeMutations(ids);
}

export async function countPendingMutations(userId: string): Promise<number> {
  return getDb().outbox.where('[userId+status]').equals([userId, 'pending']).count();
}

export async function rememberSignedInUser(userId: string): Promise<void> {
  await getDb().meta.put({ key: META_LAST_USER, value: userId });
}

export async function lastSignedInUser(): Promise<string | null> {
  const stored = await getDb().meta.get(META_LAST_USER);
  return typeof stored?.value === 'string' ? stored.value : null;
}
