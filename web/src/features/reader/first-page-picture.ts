/**
 * The reader page's first page, drawn by the page's own small script before the app has loaded
 * (web/src/reader-first-page.ts, docs/decisions/025-reader-first-page.md) into the server's picture of the reader
 * (api/src/features/seo/reader-picture-html.ts): pdf.js's library alone draws the page's canvas and text layer into
 * the same elements and classes its viewer makes (`.pdfViewer > .page > .canvasWrapper > canvas`, `.textLayer`),
 * at the scale the viewer will choose, with the licence watermark and the reader's theme. The app's reader screen
 * draws the same page underneath and the picture goes once that is on screen (lib/first-screen.tsx), so nothing
 * moves. A reader who chose the text view or two-page spreads gets no picture of a page: their screen differs.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type * as PdfjsLib from 'pdfjs-dist';
import type { TLicensePolicy } from '@shared/reader';
import { announceReaderFirstPageDrawn } from '@web/lib/reader-first-page';
import { readReaderSettings } from '@web/storage/app-db-reads';
import { startOfflinePageBookOpen, startPageBookOpen } from './early-book-open';
import { effectivePageMode, type TPageMode, WIDE_READER_QUERY } from './page-habits';
import { peekDocumentTask } from './pdf/document-task';
import { loadPdfjsLib } from './pdf/load-pdfjs';
import { applyWatermark, watermarkText } from './watermark';

/** pdf.js's viewer (web/pdf_viewer.mjs): CSS pixels per PDF point, and the padding its zoom presets leave. */
const PDF_TO_CSS_UNITS = 96 / 72;
const SCROLLBAR_PADDING = 40;
const VERTICAL_PADDING = 5;
const MAX_AUTO_SCALE = 1.25;
/** Narrow containers open at page width, wider ones at pdf.js's automatic zoom (pdf/use-pdf-viewer.ts). */
const NARROW_CONTAINER_PX = 800;

/** The picture's page desk, as the server writes it (readerFirstScreenHtml). */
const FIRST_PAGE_CONTAINER_SELECTOR = '[data-first-page-container]';
/**
 * The service worker's offline reader page (docs/decisions/029-offline-reader-page.md; offlineReaderFirstScreenHtml on
 * the server): no book in the page, its title and back link filled in here.
 */
const OFFLINE_PAGE_ATTRIBUTE = 'data-reader-offline';
const TITLE_SELECTOR = '[data-first-page-title]';
const BACK_LINK_SELECTOR = '[data-first-page-back]';
/** Set once the picture shows the page: the app removes it only after its own viewer has drawn (lib/first-screen.tsx). */
const SHOWS_PAGE_ATTRIBUTE = 'data-shows-page';

export interface TPageBox {
  /** The page's size in CSS pixels at scale 1 (PDF points × 96/72), rotation applied. */
  width: number;
  height: number;
}

/**
 * The zoom the reader's viewer opens a page at: "page-width" in a container narrower than 800 px, "auto"
 * otherwise, with pdf.js's own formula (PDFViewer#setScale) for a page view in a scrolling container.
 */
export function openingScale(page: TPageBox, container: { width: number; height: number }): number {
  const pageWidthScale = (container.width - SCROLLBAR_PADDING) / page.width;
  if (container.width < NARROW_CONTAINER_PX) return pageWidthScale;
  const pageHeightScale = (container.height - VERTICAL_PADDING) / page.height;
  const isPortrait = page.width <= page.height;
  return Math.min(MAX_AUTO_SCALE, isPortrait ? pageWidthScale : Math.min(pageWidthScale, pageHeightScale));
}

/**
 * How the viewer will lay out the opening page under the reader's display settings (stored per device, read here
 * unvalidated: the screen validates them): its page mode, or null when the screen shows something else first (the
 * text view, or two-page spreads on a wide screen) and the picture draws no page.
 */
export function pictureLayout(settings: unknown, isWide: boolean): { pageMode: TPageMode } | null {
  const stored = (settings ?? {}) as { view?: unknown; spread?: unknown; pageMode?: unknown };
  if (stored.view === 'text' || (isWide && stored.spread === true)) return null;
  const chosen = stored.pageMode === 'paginated' || stored.pageMode === 'continuous' ? stored.pageMode : null;
  return { pageMode: effectivePageMode({ pageMode: chosen }, isWide) };
}

/**
 * Opens the book the reader page carries (early-book-open.ts) and draws its opening page into `picture`; resolves
 * without drawing when the page carries no book or the reader's settings show something else first, and rejects
 * with the open's error (which the app's screen meets again when it claims the open, and explains).
 */
export async function drawReaderPageFirstPage(picture: HTMLElement): Promise<void> {
  const isOffline = picture.hasAttribute(OFFLINE_PAGE_ATTRIBUTE);
  const started = isOffline ? startOfflinePageBookOpen(window.location) : startPageBookOpen(window.location);
  if (!started) return;
  const [settings, { book, opening }, lib] = await Promise.all([
    readReaderSettings().catch(() => null),
    started.open.ready,
    loadPdfjsLib(),
  ]);
  if (isOffline) nameTheBook(picture, book.manifest);
  const container = picture.querySelector<HTMLElement>(FIRST_PAGE_CONTAINER_SELECTOR);
  const task = peekDocumentTask(book);
  const layout = pictureLayout(settings, window.matchMedia(WIDE_READER_QUERY).matches);
  if (!container || !task || !layout) return;
  const pdf = await (await task).promise;
  await drawPage({
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

/** The offline page's picture learns its book from the download: its title, and the back link to its page. */
function nameTheBook(picture: HTMLElement, book: { title: string; slug: string }): void {
  const title = picture.querySelector(TITLE_SELECTOR);
  if (title) title.textContent = book.title;
  picture.querySelector(BACK_LINK_SELECTOR)?.setAttribute('href', `/book/${encodeURIComponent(book.slug)}`);
}

async function drawPage(options: {
  lib: typeof PdfjsLib;
  pdf: PDFDocumentProxy;
  pageNumber: number;
  container: HTMLElement;
  pageMode: TPageMode;
  watermark: TLicensePolicy['watermark'];
}): Promise<HTMLElement> {
  const { lib, pdf, pageNumber, container, pageMode, watermark } = options;
  const page = await pdf.getPage(pageNumber);
  const viewer = container.querySelector<HTMLElement>('.pdfViewer') ?? container;
  // Continuous pages scroll: the viewer has more pages below (so a scroll bar, which its scale counts) and puts the
  // page's top edge at the top of the desk; one page at a time shows the page as laid out.
  if (pageMode === 'continuous') viewer.style.paddingBottom = `${container.clientHeight + 1}px`;
  const unscaled = page.getViewport({ scale: PDF_TO_CSS_UNITS });
  const scale = openingScale(unscaled, { width: container.clientWidth, height: container.clientHeight });
  const viewport = page.getViewport({ scale: scale * PDF_TO_CSS_UNITS });
  const doc = container.ownerDocument;
  const width = Math.floor(viewport.width);
  const height = Math.floor(viewport.height);

  const pageDiv = doc.createElement('div');
  pageDiv.className = 'page';
  pageDiv.dataset.pageNumber = String(pageNumber);
  pageDiv.style.width = `${width}px`;
  pageDiv.style.height = `${height}px`;
  pageDiv.style.setProperty('--scale-factor', String(viewport.scale));
  const wrapper = doc.createElement('div');
  wrapper.className = 'canvasWrapper';
  const canvas = doc.createElement('canvas');
  // As pdf.js's page view: as many canvas pixels as the screen has, drawn at the page's CSS size.
  const outputScale = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * outputScale);
  canvas.height = Math.floor(viewport.height * outputScale);
  wrapper.append(canvas);
  const textLayer = doc.createElement('div');
  textLayer.className = 'textLayer';
  pageDiv.append(wrapper, textLayer);
  applyWatermark(pageDiv, watermarkText(watermark));
  viewer.append(pageDiv);
  if (pageMode === 'continuous') container.scrollTop = pageDiv.offsetTop + pageDiv.clientTop;

  await Promise.all([
    page.render({
      canvas,
      viewport,
      transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
    }).promise,
    new lib.TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render(),
  ]);
  return pageDiv;
}
