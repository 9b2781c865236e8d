/**
 * A horizontal swipe turns the page (docs/product/reader.md#page-habits): left for the next page, right
 * for the one before. Touch events rather than pointer events, because the browser cancels the
 * pointer as soon as it starts scrolling, while touchend always arrives. A swipe does nothing where
 * the area itself scrolls sideways (a page zoomed in), so panning still pans. While nothing is wider
 * than the area, sideways moves are kept from the browser (touch-action), which would otherwise take
 * a swipe to the right for "back" and leave the book.
 */
import { useEffect, useRef, type RefObject } from 'react';

const SWIPE_MIN_PX = 50;
/** Mostly sideways: the horizontal distance at least this many times the vertical one. */
const SWIPE_DIRECTION_RATIO = 1.5;
const SWIPE_MAX_MS = 800;

export function useSwipe(
  areaRef: RefObject<HTMLElement | null>,
  actions: { nextPage: () => void; previousPage: () => void },
): void {
  const swipeActions = useRef(actions);
  swipeActions.current = actions;
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    let start: { x: number; y: number; time: number; scrollLeft: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start =
        event.touches.length === 1 && touch
          ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp, scrollLeft: area.scrollLeft }
          : null;
    };
    const onEnd = (event: TouchEvent) => {
      const begin = start;
      start = null;
      const touch = event.changedTouches[0];
      if (!begin || !touch || event.timeStamp - begin.time > SWIPE_MAX_MS) return;
      const dx = touch.clientX - begin.x;
      const dy = touch.clientY - begin.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < SWIPE_DIRECTION_RATIO * Math.abs(dy)) return;
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) return;
      // The swipe panned a page wider than the screen: that was the point of it.
      if (area.scrollLeft !== begin.scrollLeft) return;
      const canPan = area.scrollWidth > area.clientWidth + 1;
      const atLeftEdge = area.scrollLeft <= 0;
      const atRightEdge = area.scrollLeft + area.clientWidth >= area.scrollWidth - 1;
      if (dx < 0 && (!canPan || atRightEdge)) swipeActions.current.nextPage();
      else if (dx > 0 && (!canPan || atLeftEdge)) swipeActions.current.previousPage();
    };
    const onCancel = () => {
      start = null;
    };
    const updateTouchAction = () => {
      area.style.touchAction = area.scrollWidth > area.clientWidth + 1 ? '' : 'pan-y pinch-zoom';
    };
    updateTouchAction();
    // The pages grow and shrink with the zoom: watch the area and what it holds.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(updateTouchAction);
    resizes?.observe(area);
    if (area.firstElementChild) resizes?.observe(area.firstElementChild);
    area.addEventListener('touchstart', onStart, { passive: true });
    area.addEventListener('touchend', onEnd, { passive: true });
    area.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      resizes?.disconnect();
      area.style.touchAction = '';
      area.removeEventListener('touchstart', onStart);
      area.removeEventListener('touchend', onEnd);
      area.removeEventListener('touchcancel', onCancel);
    };
  }, [areaRef]);
}
