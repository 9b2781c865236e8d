/**
 * Where this device believes the reader is in a book, without asking the server: the last position it
 * remembered (every server answer and every local page turn, web/src/storage/reading-positions.ts, kept by
 * remember-position.ts) with its unsent page turns merged in. The reader opens there when the server cannot be
 * asked, and never opens before it when the server's answer is older (an answer read before this device's last page
 * turn reached the server). Read with raw IndexedDB (storage/app-db-reads.ts): a book's open asks before its first
 * page is drawn, without loading Dexie.
 */
import type { TReadingProgress } from '@shared/progress';
import { listPendingMutations, readRememberedPosition } from '@web/storage/app-db-reads';
import { overlayProgress } from './overlay';

export { newerPosition } from '@shared/sync';

export async function knownPositionOnThisDevice(userId: string, bookId: string): Promise<TReadingProgress | null> {
  const [remembered, pending] = await Promise.all([
    readRememberedPosition(userId, bookId),
    listPendingMutations(userId),
  ]);
  return overlayProgress(remembered, pending, bookId);
}
