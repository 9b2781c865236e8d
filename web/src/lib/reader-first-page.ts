/**
 * The reader's first page drawn, as a window event: the service worker's install (which precaches the whole app) waits
 * for it on a reader route so that it does not share a phone's link with the book's first page
 * (docs/product/routes-and-screens.md#application-shell), and the reader page's picture of its first page gives way
 * only once the viewer has drawn the page underneath (lib/first-screen.tsx, docs/decisions/025-reader-first-page.md).
 * Either drawer counts for the service worker: the picture (reader-first-page.ts) or the reader screen's viewer.
 */
export const READER_FIRST_PAGE_DRAWN = 'wb:reader-first-page-drawn';

export type TReaderPageDrawer = 'picture' | 'viewer';

const drawnBy = new Set<TReaderPageDrawer>();

export function announceReaderFirstPageDrawn(by: TReaderPageDrawer): void {
  if (drawnBy.has(by)) return;
  drawnBy.add(by);
  window.dispatchEvent(new CustomEvent<TReaderPageDrawer>(READER_FIRST_PAGE_DRAWN, { detail: by }));
}

/**
 * Resolves once a first page is drawn (by `by` only, when given), at once if it was already, or after `capMs`: a book
 * that never draws must not block.
 */
export function whenReaderFirstPageDrawn(capMs: number, by?: TReaderPageDrawer): Promise<void> {
  const counts = (drawer: TReaderPageDrawer) => by === undefined || drawer === by;
  if ([...drawnBy].some(counts)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener(READER_FIRST_PAGE_DRAWN, onDrawn);
      resolve();
    };
    const onDrawn = (event: Event) => {
      if (counts((event as CustomEvent<TReaderPageDrawer>).detail)) done();
    };
    const timer = window.setTimeout(done, capMs);
    window.addEventListener(READER_FIRST_PAGE_DRAWN, onDrawn);
  });
}
