import { useEffect, useState } from 'react';

function readScrollY(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY || document.documentElement.scrollTop || 0;
}

/**
 * True while the window is scrolled more than `thresholdPx` pixels. The listener is passive and the
 * state only changes when the answer flips, so scrolling does not re-render the subscriber.
 */
export function useScrolledPast(thresholdPx: number): boolean {
  const [isPast, setIsPast] = useState(() => readScrollY() > thresholdPx);
  useEffect(() => {
    const update = () => setIsPast(readScrollY() > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return isPast;
}
