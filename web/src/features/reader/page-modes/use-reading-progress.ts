/**
 * The reader's progress for the bar under the pages: the book's outline (loaded once per document)
 * and the reader's speed, measured from real forward page turns on this device and kept in the
 * display settings (docs/product/reader.md#progress-and-time-left).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadOutline, type TOutlineEntry } from '../outline';
import { nextReadingSpeed, useReaderSettings } from '../reader-settings';
import { readingProgress, type TReadingProgress } from './reading-progress';

const OUTLINE_DELAY_MS = 2000;

const outlines = new WeakMap<PDFDocumentProxy, Promise<TOutlineEntry[]>>();

function outlineOf(pdf: PDFDocumentProxy): Promise<TOutlineEntry[]> {
  let outline = outlines.get(pdf);
  if (!outline) {
    outline = loadOutline(pdf).catch(() => []);
    outlines.set(pdf, outline);
  }
  return outline;
}

export function useReadingProgress({
  pdf,
  pageNumber,
  pagesCount,
  isActive,
}: {
  pdf: PDFDocumentProxy | null;
  pageNumber: number;
  pagesCount: number;
  /** False while the book is not being read (still opening, a preview): no speed is measured. */
  isActive: boolean;
}): TReadingProgress | null {
  const [outline, setOutline] = useState<TOutlineEntry[]>([]);
  const { settings, update } = useReaderSettings();

  useEffect(() => {
    if (!pdf || !isActive) return;
    let isCurrent = true;
    // Resolving the contents' pages reads parts of the document: not while the first page is drawn.
    const timer = setTimeout(() => {
      void outlineOf(pdf).then((entries) => isCurrent && setOutline(entries));
    }, OUTLINE_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [pdf, isActive]);

  // Each forward turn of one or two pages (a spread) is a sample of how long a page takes.
  const lastTurn = useRef<{ page: number; at: number } | null>(null);
  const speedRef = useRef(settings);
  speedRef.current = settings;
  useEffect(() => {
    if (!isActive) return;
    const now = performance.now();
    const last = lastTurn.current;
    lastTurn.current = { page: pageNumber, at: now };
    if (!last || document.visibilityState !== 'visible') return;
    const advanced = pageNumber - last.page;
    if (advanced < 1 || advanced > 2) return;
    const next = nextReadingSpeed(speedRef.current, (now - last.at) / 1000 / advanced);
    if (next.speedSamples !== speedRef.current.speedSamples) update(next);
  }, [pageNumber, isActive, update]);

  const { secondsPerPage, speedSamples } = settings;
  return useMemo(() => {
    if (!pdf || pagesCount < 1) return null;
    // A speed from fewer than three pages says little: the time left waits for it.
    const speed = speedSamples >= 3 ? secondsPerPage : null;
    return readingProgress({ page: pageNumber, pagesCount, outline, secondsPerPage: speed });
  }, [pdf, pageNumber, pagesCount, outline, secondsPerPage, speedSamples]);
}
