/**
 * The latest reading position this browser knows, per reader and book, so a book opens where the reader
 * left off even with no network (docs/product/offline-and-devices.md#reading-position-on-this-device).
 * This module owns the `meta` keys `position:<userId>:<bookId>`, each one TReadingProgress. A record
 * is replaced only by a newer position (last writer wins by HLC, the server's rule in shared/sync.ts),
 * so an answer that left the server before a later page turn never moves it back.
 */
import type { TReadingProgress } from '@shared/progress';
import { mergePosition, type TPositionValue } from '@shared/sync';
import { getDb } from './db';

function positionKey(userId: string, bookId: string): string {
  return `position:${userId}:${bookId}`;
}

function positionValue(progress: TReadingProgress): TPositionValue {
  return {
    page: progress.currentPage,
    totalPages: progress.totalPages,
    hlc: progress.hlc ?? '',
    deviceId: progress.deviceId ?? '',
  };
}

/** The newer of two positions by HLC (null when neither is known); at equal stamps the first. */
export function newerPosition(a: TReadingProgress | null, b: TReadingProgress | null): TReadingProgress | null {
  if (!a) return b;
  if (!b) return a;
  const aValue = positionValue(a);
  return mergePosition(aValue, positionValue(b)) === aValue ? a : b;
}

function isReadingProgress(value: unknown): value is TReadingProgress {
  const candidate = value as TReadingProgress | null;
  return !!candidate && typeof candidate.bookId === 'string' && typeof candidate.currentPage === 'number';
}

export async function readRememberedPosition(userId: string, bookId: string): Promise<TReadingProgress | null> {
  const stored = (await getDb().meta.get(positionKey(userId, bookId)))?.value;
  return isReadingProgress(stored) ? stored : null;
}

/** Keeps `progress` as the reader's position in its book unless the one already kept is newer. */
export async function rememberPosition(userId: string, progress: TReadingProgress): Promise<void> {
  const db = getDb();
  const key = positionKey(userId, progress.bookId);
  await db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get(key))?.value;
    const kept = isReadingProgress(stored) ? stored : null;
    // At an equal stamp the new record wins: the server's answer adds the device name to a local move.
    if (kept && newerPosition(kept, progress) === kept && kept.hlc !== progress.hlc) return;
    await db.meta.put({ key, value: progress });
  });
}
