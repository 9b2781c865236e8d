/**
 * Page habits in the page view (docs/product/reader.md#page-habits): one page at a time
 * (pdf.js ScrollMode.PAGE, turned by swipe, tap or click on the edges, the arrows and the keys) or
 * one continuous scroll (ScrollMode.VERTICAL), and on wide screens a two-page spread like an open book
 * (SpreadMode.EVEN: the first page alone, then even-odd pairs). Applied once the document's pages are
 * laid out, and again whenever the reader changes them; the page on screen stays.
 */
import { useEffect } from 'react';
import type { ScrollMode, SpreadMode } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { TPdfViewerApi } from '../pdf/use-pdf-viewer';
import type { TPageMode } from '../page-habits';

// pdf.js's own values (checked against its types), so the reader chunk does not import the viewer
// module for four numbers: pdf.js is loaded on demand (pdf/load-pdfjs.ts).
const SCROLL_VERTICAL: (typeof ScrollMode)['VERTICAL'] = 0;
const SCROLL_PAGE: (typeof ScrollMode)['PAGE'] = 3;
const SPREAD_NONE: (typeof SpreadMode)['NONE'] = 0;
const SPREAD_EVEN: (typeof SpreadMode)['EVEN'] = 2;

export function usePageHabits({
  api,
  isReady,
  pageMode,
  isSpread,
}: {
  api: TPdfViewerApi | null;
  isReady: boolean;
  pageMode: TPageMode;
  isSpread: boolean;
}): void {
  useEffect(() => {
    if (!api || !isReady) return;
    const { viewer } = api;
    const scrollMode = pageMode === 'paginated' ? SCROLL_PAGE : SCROLL_VERTICAL;
    const spreadMode = isSpread ? SPREAD_EVEN : SPREAD_NONE;
    if (viewer.scrollMode !== scrollMode) viewer.scrollMode = scrollMode;
    if (viewer.spreadMode !== spreadMode) viewer.spreadMode = spreadMode;
  }, [api, isReady, pageMode, isSpread]);
}
