/**
 * Keeps the position this device knows (features/sync/known-position.ts) up to date: every local page turn and
 * every position the server answers is remembered (web/src/storage/reading-positions.ts), newest by HLC.
 */
import type { TReadingProgress } from '@shared/progress';
import type { TOutboxEntry } from '@web/storage/db';
import { rememberPosition } from '@web/storage/reading-positions';
import { overlayProgress } from './overlay';

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
