/**
 * The picture of the reader a reader page carries (docs/decisions/025-reader-first-page.md), in a file of its own:
 * the reader page's stylesheet (web/src/reader-picture.css) holds exactly the utility classes written here, so a
 * class added to the picture must be added here, not built elsewhere. Pure; every value is HTML-escaped.
 */
import { FIRST_SCREEN_ELEMENT_ID } from './first-screen-html';
import { escapeHtml } from './seo-head';

/** lucide's arrow-left, as the reader's back link draws it. */
const ARROW_LEFT =
  '<svg viewBox="0 0 24 24" class="size-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" ' +
  'stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="m12 19-7-7 7-7" /><path d="M19 12H5" /></svg>';

/**
 * The reader's first screen for a reader who may read the book (docs/decisions/025-reader-first-page.md): the reader's
 * top bar (back link and title, the classes of web/src/features/reader/components/reader-toolbar.tsx) and its page desk
 * (the classes of reader-shell.tsx), empty. The reader page's own script (web/src/reader-first-page.ts) draws the
 * book's opening page into the desk; the picture lies over the app (`data-reader-picture`, web/src/styles.css), which
 * renders the reader underneath and removes the picture once its own viewer has drawn the same page.
 */
export function readerFirstScreenHtml(book: { title: string; slug: string }): string {
  return readerPictureHtml(
    `href="/book/${escapeHtml(encodeURIComponent(book.slug))}"`,
    escapeHtml(book.title),
    'data-reader-picture',
  );
}

/**
 * The same picture for the service worker's offline reader page (docs/decisions/029-offline-reader-page.md): no book
 * is known when it is written, so the back link and the title are left for the reader page's script to fill in from
 * the downloaded book (`data-reader-offline` tells it to look the book up by the address).
 */
export function offlineReaderFirstScreenHtml(): string {
  return readerPictureHtml('href="/library" data-first-page-back', '', 'data-reader-picture data-reader-offline');
}

function readerPictureHtml(backLinkAttributes: string, title: string, markers: string): string {
  return `<div id="${FIRST_SCREEN_ELEMENT_ID}" ${markers} inert class="reader-root fixed inset-0 flex flex-col bg-background text-foreground">
<div class="flex h-14 items-center gap-0.5 border-b border-border bg-background px-1 text-foreground lg:px-2">
<a ${backLinkAttributes} class="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md">${ARROW_LEFT}</a>
<p class="mx-1 min-w-0 flex-1 truncate font-serif text-base font-semibold" data-first-page-title>${title}</p>
</div>
<div class="relative min-h-0 flex-1">
<div class="reader-scroll absolute inset-0 overflow-auto" data-first-page-container><div class="pdfViewer"></div></div>
</div>
</div>`;
}
