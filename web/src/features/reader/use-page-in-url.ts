/** The reading position: reported to the page (saving, events) and kept in the URL as ?page=. */
import { useEffect, useRef } from 'react';

const URL_PAGE_DELAY_MS = 1000;

export function usePageInUrl({
  isReady,
  pageNumber,
  pagesCount,
  onPageChange,
}: {
  isReady: boolean;
  pageNumber: number;
  pagesCount: number;
  onPageChange?: (page: number, pagesCount: number) => void;
}): void {
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;
  useEffect(() => {
    if (isReady && pagesCount > 0) onPageChangeRef.current?.(pageNumber, pagesCount);
  }, [isReady, pageNumber, pagesCount]);
  useEffect(() => {
    if (!isReady) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      if (url.searchParams.get('page') === String(pageNumber)) return;
      url.searchParams.set('page', String(pageNumber));
      // Outside the router on purpose: the URL follows the reading without re-rendering the screen.
      window.history.replaceState(window.history.state, '', url);
    }, URL_PAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReady, pageNumber]);
}
