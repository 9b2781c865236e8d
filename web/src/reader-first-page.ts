/**
 * The reader page's own script (docs/decisions/025-reader-first-page.md). A reader page that carries its book
 * (features/reader/reader-page-data.ts) names this module instead of the app's entry, with the app's code listed in a
 * data block (app-code.ts), and a picture of the reader with an empty page desk (api/src/features/seo/first-screen-html.ts).
 * This module opens the book at once (device, licence, the segments of the opening page), draws that page into the
 * picture with pdf.js's library alone, and only then loads the app, whose reader screen claims the same open and the
 * same pdf.js document: the first page waits for neither React nor the viewer nor the rest of the app's code, and the
 * app's code does not compete with the book for the main thread or a phone's link.
 */
import { loadApp, readAppCode } from './app-code';
import { startPageBookOpen } from './features/reader/early-book-open';
import {
  drawFirstPagePicture,
  FIRST_PAGE_CONTAINER_SELECTOR,
  pictureLayout,
} from './features/reader/first-page-picture';
import { WIDE_READER_QUERY } from './features/reader/page-habits';
import { peekDocumentTask } from './features/reader/pdf/document-task';
import { loadPdfjsLib } from './features/reader/pdf/load-pdfjs';
import { loadReaderTheme } from './features/reader/reader-theme';
import { announceReaderFirstPageDrawn } from './lib/reader-first-page';
import { readReaderSettings } from './storage/reader-settings';

/** The server's picture of the reader (FIRST_SCREEN_ELEMENT_ID on the server). */
const FIRST_SCREEN_ID = 'first-screen';
/** Set once the picture shows the page: the app removes it only after its own viewer has drawn (lib/first-screen.tsx). */
const SHOWS_PAGE_ATTRIBUTE = 'data-shows-page';
/**
 * The app starts at the latest this long after this script: a book that takes longer (a slow link, a big first page)
 * is drawn by whichever comes first, and the reader's controls do not wait for it.
 */
const APP_START_LIMIT_MS = 8000;

async function drawFirstPage(picture: HTMLElement): Promise<void> {
  const started = startPageBookOpen(window.location);
  if (!started) return;
  const [settings, { book, opening }, lib] = await Promise.all([
    readReaderSettings().catch(() => null),
    started.open.ready,
    loadPdfjsLib(),
  ]);
  const container = picture.querySelector<HTMLElement>(FIRST_PAGE_CONTAINER_SELECTOR);
  const task = peekDocumentTask(book);
  const layout = pictureLayout(settings, window.matchMedia(WIDE_READER_QUERY).matches);
  if (!container || !task || !layout) return;
  const pdf = await (await task).promise;
  await drawFirstPagePicture({
    lib,
    pdf,
    pageNumber: opening.page,
    container,
    pageMode: layout.pageMode,
    watermark: book.policy.watermark,
  });
  picture.setAttribute(SHOWS_PAGE_ATTRIBUTE, '');
  announceReaderFirstPageDrawn('picture');
}

function startReaderPage(): void {
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
  drawFirstPage(picture).then(startApp, startApp);
  setTimeout(startApp, APP_START_LIMIT_MS);
}

startReaderPage();
