/**
 * Offline copy counters ("copy counters = per-device max then sum", docs/ARCHITECTURE.md#sync). Copies made
 * while the server cannot be asked are counted here, so the licence's copy budget holds offline and
 * the server learns the count through sync (`copy.report {bookId, deviceTotal}`).
 *
 * This module owns the `meta` keys `copy:<userId>:<bookId>`, one record per reader and book:
 * - devices: per device id this browser has reported under, its running total of copied characters
 *   (only ever grows: the server keeps the max per device), the highest total the server is known to
 *   have applied, and the reports queued but not yet known to be applied (outbox mutation ids);
 * - lastKnown: the server's budget {used, limit} when last online, and how much of each device's total
 *   that `used` already included, so offline copies are never counted twice nor missed.
 * A report counts as applied once its outbox entry is gone (the sync engine removes an entry only when
 * the server lists it as applied). Every change runs in one Dexie transaction, so two tabs copying at
 * once cannot both spend the last characters.
 */
import { COPY_LIMIT_UNLIMITED, type TCopyBudget } from '@shared/reader';
import { getDb } from './db';

/** Copies of the online reader are counted by the server under this id; a device report must never use it. */
const ONLINE_COPY_SOURCE = 'online';

interface TDeviceCopyCounter {
  total: number;
  /** The highest total the server is known to have applied. */
  confirmed: number;
  /** Reports in the outbox, not yet known to be applied. */
  queued: { mutationId: string; total: number }[];
}

interface TKnownCopyBudget {
  used: number;
  limit: number;
  /** Per device id, how much of its total `used` already counts. */
  included: Record<string, number>;
  at: number;
}

interface TStoredCopyState {
  devices: Record<string, TDeviceCopyCounter>;
  lastKnown: TKnownCopyBudget | null;
}

export function copyCounterKey(userId: string, bookId: string): string {
  return `copy:${userId}:${bookId}`;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Reads a stored record defensively: anything malformed is dropped rather than trusted. */
function parseState(value: unknown): TStoredCopyState {
  const state: TStoredCopyState = { devices: {}, lastKnown: null };
  if (!isRecord(value)) return state;
  if (isRecord(value.devices)) {
    for (const [deviceId, raw] of Object.entries(value.devices)) {
      if (!isRecord(raw) || !isCount(raw.total)) continue;
      const queued = Array.isArray(raw.queued)
        ? raw.queued.filter(
            (report): report is TDeviceCopyCounter['queued'][number] =>
              isRecord(report) && typeof report.mutationId === 'string' && isCount(report.total),
          )
        : [];
      state.devices[deviceId] = { total: raw.total, confirmed: isCount(raw.confirmed) ? raw.confirmed : 0, queued };
    }
  }
  const known = value.lastKnown;
  if (isRecord(known) && isCount(known.used) && typeof known.limit === 'number' && isCount(known.at)) {
    const included: Record<string, number> = {};
    if (isRecord(known.included))
      for (const [deviceId, total] of Object.entries(known.included)) if (isCount(total)) included[deviceId] = total;
    state.lastKnown = { used: known.used, limit: known.limit, included, at: known.at };
  }
  return state;
}

async function readState(userId: string, bookId: string): Promise<TStoredCopyState> {
  return parseState((await getDb().meta.get(copyCounterKey(userId, bookId)))?.value);
}

async function writeState(userId: string, bookId: string, state: TStoredCopyState): Promise<void> {
  await getDb().meta.put({ key: copyCounterKey(userId, bookId), value: state });
}

/** Characters this browser copied that the last known server budget does not include yet. */
function uncountedCharacters(state: TStoredCopyState): number {
  const included = state.lastKnown?.included ?? {};
  let sum = 0;
  for (const [deviceId, counter] of Object.entries(state.devices))
    sum += Math.max(0, counter.total - (included[deviceId] ?? 0));
  return sum;
}

function estimatedUsed(state: TStoredCopyState): number {
  return (state.lastKnown?.used ?? 0) + uncountedCharacters(state);
}

function toBudget(used: number, limit: number): TCopyBudget {
  return { used, limit, isLimitReached: limit !== COPY_LIMIT_UNLIMITED && used >= limit };
}

/**
 * How much of each device's total the server has applied, as far as this browser can tell: reports
 * whose outbox entry is gone were applied. Read it BEFORE asking the server for the budget, so the
 * answer includes at least this much.
 */
export async function confirmedCopyTotals(userId: string, bookId: string): Promise<Record<string, number>> {
  const db = getDb();
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const state = await readState(userId, bookId);
    const confirmed: Record<string, number> = {};
    let changed = false;
    for (const [deviceId, counter] of Object.entries(state.devices)) {
      if (counter.queued.length > 0) {
        const rows = await db.outbox.bulkGet(counter.queued.map((report) => report.mutationId));
        const stillQueued = counter.queued.filter((_, index) => rows[index] !== undefined);
        for (const report of counter.queued)
          if (!stillQueued.includes(report)) counter.confirmed = Math.max(counter.confirmed, report.total);
        if (stillQueued.length !== counter.queued.length) {
          counter.queued = stillQueued;
          changed = true;
        }
      }
      confirmed[deviceId] = counter.confirmed;
    }
    if (changed) await writeState(userId, bookId, state);
    return confirmed;
  });
}

/**
 * Remembers the server's budget. `included` comes from confirmedCopyTotals read before the request;
 * without it the previous figures are kept (they can only be lower, so nothing is under-counted).
 */
export async function rememberServerCopyBudget(options: {
  userId: string;
  bookId: string;
  budget: TCopyBudget;
  included?: Record<string, number>;
  nowMs?: number;
}): Promise<void> {
  const { userId, bookId, budget } = options;
  const db = getDb();
  await db.transaction('rw', db.meta, async () => {
    const state = await readState(userId, bookId);
    const included = options.included ?? state.lastKnown?.included ?? {};
    state.lastKnown = {
      used: budget.used,
      limit: budget.limit,
      included: { ...included },
      at: options.nowMs ?? Date.now(),
    };
    await writeState(userId, bookId, state);
  });
}

/** The budget as this browser believes it stands: the last known server figure plus copies it has not counted yet. */
export async function estimateCopyBudget(options: {
  userId: string;
  bookId: string;
  limit: number;
}): Promise<TCopyBudget> {
  return toBudget(estimatedUsed(await readState(options.userId, options.bookId)), options.limit);
}

export type TOfflineCopyReservation =
  | { allowed: true; deviceTotal: number; budget: TCopyBudget }
  | { allowed: false; budget: TCopyBudget };

/**
 * Counts a copy made without the server: allowed only when the last known use, plus this browser's
 * uncounted copies, plus this one stays within `limit` (COPY_LIMIT_UNLIMITED: always). When allowed,
 * the device's running total grows by `characters` and is returned as the report's deviceTotal.
 */
export async function reserveOfflineCopy(options: {
  userId: string;
  bookId: string;
  deviceId: string;
  characters: number;
  limit: number;
}): Promise<TOfflineCopyReservation> {
  const { userId, bookId, deviceId, limit } = options;
  if (!deviceId || deviceId === ONLINE_COPY_SOURCE)
    throw new Error("Offline copies must be counted under this device's own id");
  const characters = Math.floor(options.characters);
  if (!(characters > 0)) throw new Error('A copy must count at least one character');
  const db = getDb();
  return db.transaction('rw', db.meta, async () => {
    const state = await readState(userId, bookId);
    const used = estimatedUsed(state);
    if (limit !== COPY_LIMIT_UNLIMITED && used + characters > limit)
      return { allowed: false, budget: toBudget(used, limit) };
    state.devices[deviceId] ??= { total: 0, confirmed: 0, queued: [] };
    const counter = state.devices[deviceId];
    counter.total += characters;
    await writeState(userId, bookId, state);
    return { allowed: true, deviceTotal: counter.total, budget: toBudget(used + characters, limit) };
  });
}

/**
 * A copy.report is in the outbox. `deviceId` is the id the outbox stored it under; should that differ
 * from the one the copy was reserved under (the browser was registered in between), that device's
 * total is raised to the reported one, so its later reports keep growing from there.
 */
export async function noteCopyReportQueued(options: {
  userId: string;
  bookId: string;
  deviceId: string;
  mutationId: string;
  deviceTotal: number;
}): Promise<void> {
  const { userId, bookId, deviceId, mutationId, deviceTotal } = options;
  const db = getDb();
  await db.transaction('rw', db.meta, async () => {
    const state = await readState(userId, bookId);
    state.devices[deviceId] ??= { total: 0, confirmed: 0, queued: [] };
    const counter = state.devices[deviceId];
    counter.total = Math.max(counter.total, deviceTotal);
    counter.queued.push({ mutationId, total: deviceTotal });
    await writeState(userId, bookId, state);
  });
}

/** This device's running total for a book (0 before its first offline copy). */
export async function readDeviceCopyTotal(options: {
  userId: string;
  bookId: string;
  deviceId: string;
}): Promise<number> {
  return (await readState(options.userId, options.bookId)).devices[options.deviceId]?.total ?? 0;
}
