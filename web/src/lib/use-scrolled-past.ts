import { useEffect, useState } from 'react';

function readScrollY(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY || document.documentElement.scrollTop || 0;
}

/**
 * True while the window is scrolled more than `thresholdPx` pixels. The listener is passive and the
 * state only changes when the answer flips, so scrolling does not re-render the subscriber.
 *
 * Reading the scroll offset makes the browser lay out the page first. Read during the first render
 * or its effects, that layout of the whole new screen lands inside React's long task; so the first
 * read waits until the browser has drawn the screen (a page opens at the top unless it is restored).
 */
export function useScrolledPast(thresholdPx: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const update = () => setIsPast(readScrollY() > thresholdPx);
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(update, 0);
    });
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, [thresholdPx]);
  return isPast;
}
