/**
 * Marks the sentence being read aloud on the page and keeps it in view (docs/product/highlights.md#read-aloud):
 * the sentence is found in the page's text on screen (page view or text view) by its place and its
 * words, painted with the CSS highlight 'wb-read-aloud', and the view scrolls when it leaves the
 * middle of the screen. Also gives read aloud the page where the next chapter begins (the sleep timer).
 */
import { useCallback, useMemo, useRef } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { anchorText } from '@shared/highlights';
import type { TReaderView } from '@web/features/highlights/dom-anchors';
import { usePaintedRanges, type TPaintedMark } from '@web/features/highlights/use-painted-ranges';
import { loadOutline, type TOutlineEntry } from './outline';
import type { TReadAloud } from './use-read-aloud';

const READ_ALOUD_NAMES = ['wb-read-aloud'];
/** The marked sentence is kept between these fractions of the scrolling area's height. */
const FOLLOW_BAND = { top: 0.12, bottom: 0.82 };

export function useReadAloudMarker({
  readerRoot,
  view,
  sentence,
}: {
  readerRoot: HTMLElement | null;
  view: TReaderView;
  sentence: TReadAloud['sentence'];
}): void {
  const marks = useMemo<TPaintedMark[]>(() => {
    if (!sentence) return [];
    const length = anchorText(sentence.text).length;
    return [
      {
        page: sentence.page,
        start: sentence.anchorStart,
        end: sentence.anchorStart + length,
        quote: sentence.text,
        name: 'wb-read-aloud',
      },
    ];
  }, [sentence]);
  const followed = useRef<TPaintedMark | null>(null);
  const onPainted = useCallback(
    (ranges: Map<TPaintedMark, Range>) => {
      const [mark, range] = [...ranges][0] ?? [];
      if (!mark || !range || followed.current === mark || !readerRoot) return;
      followed.current = mark;
      const scroller = readerRoot.querySelector<HTMLElement>(
        view === 'text' ? '[data-testid="text-view"]' : '.reader-scroll',
      );
      if (!scroller) return;
      const box = scroller.getBoundingClientRect();
      const rect = range.getBoundingClientRect();
      const top = box.top + box.height * FOLLOW_BAND.top;
      const bottom = box.top + box.height * FOLLOW_BAND.bottom;
      if (rect.top >= top && rect.bottom <= bottom) return;
      scroller.scrollBy({ top: rect.top - box.top - box.height / 3, behavior: 'smooth' });
    },
    [readerRoot, view],
  );
  usePaintedRanges({ readerRoot, view, marks, names: READ_ALOUD_NAMES, onPainted });
}

/** The first page of the chapter after `page` in the book's table of contents (null after the last one). */
export function nextChapterPage(entries: readonly TOutlineEntry[], page: number): number | null {
  const pages: number[] = [];
  const visit = (list: readonly TOutlineEntry[]) => {
    for (const entry of list) {
      if (entry.page !== null) pages.push(entry.page);
      visit(entry.children);
    }
  };
  visit(entries);
  const later = pages.filter((start) => start > page);
  return later.length > 0 ? Math.min(...later) : null;
}

/** A getNextChapterPage for read aloud over a pdf.js document (its outline read once). */
export function useNextChapterPage(pdf: PDFDocumentProxy | null): (page: number) => Promise<number | null> {
  const outline = useRef<{ pdf: PDFDocumentProxy; entries: Promise<TOutlineEntry[]> } | null>(null);
  return useCallback(
    async (page: number) => {
      if (!pdf) return null;
      if (outline.current?.pdf !== pdf) outline.current = { pdf, entries: loadOutline(pdf) };
      return nextChapterPage(await outline.current.entries, page);
    },
    [pdf],
  );
}
