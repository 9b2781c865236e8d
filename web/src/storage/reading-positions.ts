/**
 * The latest reading position this browser knows, per reader and book, so a book opens where the reader
 * left off even with no network (docs/product/offline-and-devices.md#reading-position-on-this-device).
 * This module owns the `meta` keys `position:<userId>:<bookId>`, each one TReadingProgress. A record
 * is replaced only by a newer position (last writer wins by HLC, the server's rule in shared/sync.ts),
 * so an answer that left the server before a later page turn never moves it back.
 */
import type { TReadingProgress } from '@shared/progress';
import { newerPosition } from '@shared/sync';
import { isReadingProgress, positionKey } from './app-db-reads';
import { getDb } from './db';

export { newerPosition } from '@shared/sync';
// Read with raw IndexedDB: a book's open reads it before its first page, without loading Dexie.
export { readRememberedPosition } from './app-db-reads';

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
