/**
 * The merge rules of offline sync (docs/ARCHITECTURE.md#sync), as pure functions. Each kind of reading data is a
 * join-semilattice, so merging is commutative, associative and idempotent and every replica that has
 * seen the same changes (in any order, with duplicates) holds the same state:
 * - last position: last writer wins by HLC stamp (the server bounds stamps first, see shared/hlc);
 * - furthest position: the maximum page, never goes back;
 * - bookmarks: last writer wins per bookmark id; a deletion is a tombstone that wins ties;
 * - reading events: appended once, keyed by their device-made id;
 * - copied characters: each device reports its running total; keep the maximum per device, then sum.
 * The sync service applies these to database rows; the web client uses them to overlay changes still
 * waiting in its outbox on the server's answer.
 */
import { compareHlc } from './hlc';
import type { TReadingProgress } from './progress';

export interface TPositionValue {
  page: number;
  totalPages: number | null;
  /** Encoded HLC stamp of the change. */
  hlc: string;
  deviceId: string;
}

export interface TBookmarkValue {
  id: string;
  bookId: string;
  page: number;
  note: string | null;
  hlc: string;
  /** A tombstone: the bookmark was deleted at `hlc`. */
  deleted: boolean;
}

export interface TEventValue {
  id: string;
  sessionId: string;
  bookId: string;
  eventType: string;
  pageNumber: number | null;
  occurredAtMs: number;
}

function compareText(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareNumbers(a: number | null, b: number | null): number {
  return (a ?? -1) - (b ?? -1);
}

/** Last writer wins; equal stamps (only possible for a replayed change) fall back to a fixed order of the values. */
export function mergePosition(a: TPositionValue | null, b: TPositionValue | null): TPositionValue | null {
  if (!a) return b;
  if (!b) return a;
  const order =
    compareHlc(a.hlc, b.hlc) ||
    compareNumbers(a.page, b.page) ||
    compareNumbers(a.totalPages, b.totalPages) ||
    compareText(a.deviceId, b.deviceId);
  return order >= 0 ? a : b;
}

function progressPositionValue(progress: TReadingProgress): TPositionValue {
  return {
    page: progress.currentPage,
    totalPages: progress.totalPages,
    hlc: progress.hlc ?? '',
    deviceId: progress.deviceId ?? '',
  };
}

/** The newer of two reading positions by mergePosition (null when neither is known); at equal stamps the first. */
export function newerPosition(a: TReadingProgress | null, b: TReadingProgress | null): TReadingProgress | null {
  if (!a) return b;
  if (!b) return a;
  const aValue = progressPositionValue(a);
  return mergePosition(aValue, progressPositionValue(b)) === aValue ? a : b;
}

export function mergeFurthest(a: number, b: number): number {
  return Math.max(a, b);
}

/** Last writer wins per id; at equal stamps the tombstone wins, so a replayed delete is never undone. */
export function mergeBookmark(a: TBookmarkValue | null, b: TBookmarkValue | null): TBookmarkValue | null {
  if (!a) return b;
  if (!b) return a;
  const order =
    compareHlc(a.hlc, b.hlc) ||
    Number(a.deleted) - Number(b.deleted) ||
    compareNumbers(a.page, b.page) ||
    compareText(a.note, b.note) ||
    compareText(a.bookId, b.bookId);
  return order >= 0 ? a : b;
}

export function mergeBookmarkSets(
  a: Readonly<Record<string, TBookmarkValue>>,
  b: Readonly<Record<string, TBookmarkValue>>,
): Record<string, TBookmarkValue> {
  const merged: Record<string, TBookmarkValue> = { ...a };
  for (const [id, value] of Object.entries(b)) merged[id] = mergeBookmark(merged[id] ?? null, value)!;
  return merged;
}

/** Bookmarks a reader sees: the live ones, ordered by page, then by id for a stable list. */
export function visibleBookmarks(set: Readonly<Record<string, TBookmarkValue>>): TBookmarkValue[] {
  return Object.values(set)
    .filter((bookmark) => !bookmark.deleted)
    .sort((x, y) => x.page - y.page || compareText(x.id, y.id));
}

/** Events are append-once by id; the same id always carries the same event, so either copy will do (the first by value is kept for determinism). */
export function mergeEventLogs(
  a: Readonly<Record<string, TEventValue>>,
  b: Readonly<Record<string, TEventValue>>,
): Record<string, TEventValue> {
  const merged: Record<string, TEventValue> = { ...a };
  for (const [id, event] of Object.entries(b)) {
    const existing = merged[id];
    if (!existing || JSON.stringify(event) < JSON.stringify(existing)) merged[id] = event;
  }
  return merged;
}

/** Per-device running totals of copied characters: each device's highest report counts. */
export function mergeCopyCounters(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): Record<string, number> {
  const merged: Record<string, number> = { ...a };
  for (const [device, total] of Object.entries(b)) merged[device] = Math.max(merged[device] ?? 0, total);
  return merged;
}

export function copyTotal(counters: Readonly<Record<string, number>>): number {
  return Object.values(counters).reduce((sum, value) => sum + value, 0);
}

/** Everything one replica (the server, or a device) knows about one reader and book. */
export interface TReplicaState {
  position: TPositionValue | null;
  furthestPage: number;
  bookmarks: Record<string, TBookmarkValue>;
  events: Record<string, TEventValue>;
  copyCounters: Record<string, number>;
}

export const EMPTY_REPLICA: TReplicaState = {
  position: null,
  furthestPage: 0,
  bookmarks: {},
  events: {},
  copyCounters: {},
};

export function mergeReplicas(a: TReplicaState, b: TReplicaState): TReplicaState {
  return {
    position: mergePosition(a.position, b.position),
    furthestPage: mergeFurthest(a.furthestPage, b.furthestPage),
    bookmarks: mergeBookmarkSets(a.bookmarks, b.bookmarks),
    events: mergeEventLogs(a.events, b.events),
    copyCounters: mergeCopyCounters(a.copyCounters, b.copyCounters),
  };
}

/** One change as the merge rules see it (stamps already bounded by whoever accepted it). */
export type TSyncChange =
  | { kind: 'position'; value: TPositionValue }
  | { kind: 'bookmark'; value: TBookmarkValue }
  | { kind: 'event'; value: TEventValue }
  | { kind: 'copy'; deviceId: string; deviceTotal: number };

/** The state holding only `change`: applying a change is merging this into the replica. */
export function changeToState(change: TSyncChange): TReplicaState {
  switch (change.kind) {
    case 'position':
      return { ...EMPTY_REPLICA, position: change.value, furthestPage: change.value.page };
    case 'bookmark':
      return { ...EMPTY_REPLICA, bookmarks: { [change.value.id]: change.value } };
    case 'event':
      return { ...EMPTY_REPLICA, events: { [change.value.id]: change.value } };
    case 'copy':
      return { ...EMPTY_REPLICA, copyCounters: { [change.deviceId]: change.deviceTotal } };
  }
}

export function applyChange(state: TReplicaState, change: TSyncChange): TReplicaState {
  return mergeReplicas(state, changeToState(change));
}
