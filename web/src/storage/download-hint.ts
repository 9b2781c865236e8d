/**
 * Whether this browser holds downloaded books, as last seen, in localStorage (read synchronously, without opening
 * IndexedDB): an online open of a book sends its first segment requests at once unless the browser may hold a
 * download, which is read from IndexedDB instead (protected-content/open-protected-book.ts). Unknown counts as none:
 * at worst a downloaded book's first segments come once more from the network while online, and the lookup then
 * marks the browser as holding downloads (docs/decisions/025-reader-first-page.md).
 */
import { browserLocalStorage } from './local-storage';
const DOWNLOADS_KEY = 'wb.downloads';

export function markDownloadsHeld(held: boolean): void {
  try {
    browserLocalStorage()?.setItem(DOWNLOADS_KEY, held ? 'some' : 'none');
  } catch {
    // A full or blocked storage only costs an open its head start.
  }
}

/** True when this browser may hold a downloaded book (its opens wait for IndexedDB's answer). */
export function mayHoldDownloads(): boolean {
  try {
    return browserLocalStorage()?.getItem(DOWNLOADS_KEY) === 'some';
  } catch {
    return true;
  }
}

/** False when the mark was never written or was lost (a lookup writes it again). */
export function isDownloadsHintKnown(): boolean {
  try {
    const mark = browserLocalStorage()?.getItem(DOWNLOADS_KEY);
    return mark === 'some' || mark === 'none';
  } catch {
    return true;
  }
}

export function forgetDownloadsHint(): void {
  try {
    browserLocalStorage()?.removeItem(DOWNLOADS_KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}
