/**
 * A download, and each renewal of its licence, also keeps the reader's position in that book on this
 * device (docs/product/offline-and-devices.md#reading-position-on-this-device), so the first offline open
 * starts there even when the book was last read on another device. Best effort: a failure leaves the
 * position this device already knew.
 */
import { fetchReadingProgress } from '@web/features/sync/queries';
import { rememberPosition } from '@web/storage/reading-positions';

export async function keepServerPosition(userId: string, bookId: string): Promise<void> {
  try {
    const progress = await fetchReadingProgress(bookId);
    if (progress) await rememberPosition(userId, progress);
  } catch {
    // Offline or refused: the position kept from earlier contacts stands.
  }
}
