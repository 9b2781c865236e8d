/**
 * The reader's first page drawn, as a window event: the service worker's install (which precaches the whole app) waits
 * for it on a reader route so that it does not share a phone's link with the book's first page
 * (docs/product/routes-and-screens.md#application-shell).
 */
export const READER_FIRST_PAGE_DRAWN = 'wb:reader-first-page-drawn';

export function announceReaderFirstPageDrawn(): void {
  window.dispatchEvent(new Event(READER_FIRST_PAGE_DRAWN));
}

/** Resolves when the reader announces its first page, or after `capMs` (a book that never draws must not block). */
export function whenReaderFirstPageDrawn(capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener(READER_FIRST_PAGE_DRAWN, done);
      resolve();
    };
    const timer = window.setTimeout(done, capMs);
    window.addEventListener(READER_FIRST_PAGE_DRAWN, done, { once: true });
  });
}
