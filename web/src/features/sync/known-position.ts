/**
 * Where this device believes the reader is in a book, without asking the server: the last position it
 * remembered (every server answer and every local page turn, web/src/storage/reading-positions.ts) with
 * its unsent page turns merged in. The reader opens there when the server cannot be asked, and never
 * opens before it when the server's answer is older (an answer read before this device's last page
 * turn reached the server).
 */
import type { TReadingProgress } from '@shared/progress';
import type { TOutboxEntry } from '@web/storage/db';
import { listPendingMutations } from '@web/storage/outbox';
import { newerPosition, readRememberedPosition, rememberPosition } from '@web/storage/reading-positions';
import { overlayProgress } from './overlay';

export { newerPosition };

export async function knownPositionOnThisDevice(userId: string, bookId: string): Promise<TReadingProgress | null> {
  const [remembered, pending] = await Promise.all([
    readRememberedPosition(userId, bookId),
    listPendingMutations(userId),
  ]);
  return overlayProgress(remembered, pending, bookId);
}

/** Remembers a page turn this device just stored in its outbox (a `progress.set` entry). */
export async function rememberPositionChange(entry: TOutboxEntry): Promise<void> {
  if (entry.type !== 'progress.set') return;
  const moved = overlayProgress(null, [entry], (entry.payload as { bookId: string }).bookId);
  if (moved) await rememberPosition(entry.userId, moved);
}

/** Remembers a position the server answered (a read, or the merged state after a sync). */
export function rememberServerPosition(userId: string, progress: TReadingProgress | null | undefined): Promise<void> {
  return progress ? rememberPosition(userId, progress) : Promise.resolve();
}
