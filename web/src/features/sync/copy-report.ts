/**
 * Copies made without the server: counted on this device against the licence's budget
 * (web/src/storage/copy-counters) and reported through the outbox as `copy.report {bookId,
 * deviceTotal}`, where deviceTotal is this device's running total for the book. The server keeps the
 * highest total per device and sums the devices (docs/ARCHITECTURE.md#sync), so reports may arrive late, twice or out
 * of order. The device id is the outbox's own (resolveSyncDeviceId), never the online reader's.
 */
import type { TCopyBudget } from '@shared/reader';
import {
  confirmedCopyTotals,
  noteCopyReportQueued,
  rememberServerCopyBudget,
  reserveOfflineCopy,
} from '@web/storage/copy-counters';
import { resolveSyncDeviceId } from './device-id';
import type { TSyncEngine } from './sync-engine';

export type TOfflineCopyOutcome = { allowed: boolean; budget: TCopyBudget };

/**
 * Counts an offline copy of `characters` from `bookId` when it fits `limit` (the licence policy's
 * copyLimitChars), and queues its report. Resolves `{allowed: false}` without queueing anything when
 * it does not fit; rejects when the copy could not be stored or queued (the caller refuses the copy).
 */
export async function recordOfflineCopy(options: {
  engine: TSyncEngine;
  userId: string;
  bookId: string;
  characters: number;
  limit: number;
}): Promise<TOfflineCopyOutcome> {
  const { engine, userId, bookId, characters, limit } = options;
  const deviceId = await resolveSyncDeviceId(userId);
  const reservation = await reserveOfflineCopy({ userId, bookId, deviceId, characters, limit });
  if (!reservation.allowed) return { allowed: false, budget: reservation.budget };
  const entry = await engine.queueMutation(
    { type: 'copy.report', payload: { bookId, deviceTotal: reservation.deviceTotal } },
    { flush: 'soon' },
  );
  await noteCopyReportQueued({
    userId,
    bookId,
    deviceId: entry.deviceId,
    mutationId: entry.id,
    deviceTotal: reservation.deviceTotal,
  });
  return { allowed: true, budget: reservation.budget };
}

/**
 * Loads the server's copy budget and remembers it for offline use, with how much of this browser's
 * reported copies it already includes (read before the request, so the answer includes at least that).
 */
export async function loadCopyBudget(options: {
  userId: string;
  bookId: string;
  load: () => Promise<TCopyBudget>;
}): Promise<TCopyBudget> {
  const { userId, bookId } = options;
  // Storage trouble must not cost the online reader its budget: it is then simply not remembered.
  const included = await confirmedCopyTotals(userId, bookId).catch(() => null);
  const budget = await options.load();
  if (included) await rememberServerCopyBudget({ userId, bookId, budget, included }).catch(() => undefined);
  return budget;
}
