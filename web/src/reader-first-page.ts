/**
 * The reader page's own script (docs/decisions/025-reader-first-page.md). A reader page that carries its book
 * (features/reader/reader-page-data.ts) names this module instead of the app's entry, with the app's code listed in a
 * data block (app-code.ts), and a picture of the reader with an empty page desk (api/src/features/seo/reader-picture-html.ts).
 * The page names it `async`, so it runs as soon as it has arrived, without waiting for the stylesheets (which hold
 * only the picture's paint): it starts pdf.js's worker at once (it imports almost nothing, so it runs one round trip
 * after the page), then once the page is parsed asks for the book's licence (protected-content/early-license.ts) and
 * applies the reader's theme, then, with the rest of its code (preloaded by the page), opens the book (device,
 * licence, the segments of the opening page) and draws that page into the picture with pdf.js's library alone
 * (features/reader/first-page-picture.ts). Only then does it load the app, whose reader screen claims the same open and
 * the same pdf.js document: the first page waits for neither React nor the viewer nor the rest of the app's code, and
 * the app's code does not compete with the book for the main thread or a phone's link.
 * Offline, the service worker answers a reader address with its own copy of this page, carrying no book
 * (docs/decisions/029-offline-reader-page.md): the book is then the download the address names, and no licence is asked.
 */
import { loadApp, readAppCode } from './app-code';
import { startPdfWorker } from './features/reader/pdf/pdf-worker';
import { peekReaderPageBook } from './features/reader/reader-page-data';
import { loadReaderTheme } from './features/reader/reader-theme';

/** The server's picture of the reader (FIRST_SCREEN_ELEMENT_ID on the server). */
const FIRST_SCREEN_ID = 'first-screen';
/**
 * The app starts at the latest this long after this script: a book that takes longer (a slow link, a big first page)
 * is drawn by whichever comes first, and the reader's controls do not wait for it.
 */
const APP_START_LIMIT_MS = 8000;

/** Resolves once the parser has read the whole page (the script is async, so it may run before). */
function whenParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

async function startReaderPage(): Promise<void> {
  // The server names this script only on a reader page that carries its book: the worker is needed, and it is the
  // longest download of a first open, so it starts before anything else.
  startPdfWorker();
  await whenParsed();
  // The licence next, with the device id stored beside IndexedDB: its answer is ready when the rest of the code is.
  // (Imported here, not at the top: the worker must not wait for the API client's code.)
  const book = peekReaderPageBook();
  if (book)
    import('./protected-content/early-license').then(
      ({ requestLicenseEarly }) => requestLicenseEarly(book.bookRef, book.userId),
      () => undefined,
    );
  const code = readAppCode();
  if (!code) return;
  const picture = document.getElementById(FIRST_SCREEN_ID);
  let appStarted = false;
  const startApp = () => {
    if (appStarted) return;
    appStarted = true;
    loadApp(code);
  };
  if (!picture) {
    startApp();
    return;
  }
  picture.dataset.readerTheme = loadReaderTheme();
  // Whatever goes wrong here (no access any more, a network error) the app's screen meets again and explains.
  import('./features/reader/first-page-picture')
    .then(({ drawReaderPageFirstPage }) => drawReaderPageFirstPage(picture))
    .then(startApp, startApp);
  setTimeout(startApp, APP_START_LIMIT_MS);
}

void startReaderPage();
