/**
 * Tap zones (docs/product/reader.md#page-habits): a tap on the outer quarters of the page area turns
 * the page, and so does a mouse click on its outer edges (a narrower strip, since a mouse also selects).
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Touches shorter and stiller than this are taps (page turns), anything else is scrolling. */
const TAP_MAX_MOVE_PX = 10;
const TAP_MAX_MS = 400;
/** Share of the area's width on each side where a tap (touch) or a click (mouse) turns the page. */
const TOUCH_EDGE_SHARE = 0.25;
const MOUSE_EDGE_SHARE = 0.15;

export function useTapZones(
  areaRef: RefObject<HTMLElement | null>,
  actions: { nextPage: () => void; previousPage: () => void },
): void {
  // The listeners are added once and always call the latest page turns.
  const tapActions = useRef(actions);
  tapActions.current = actions;
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    let start: { x: number; y: number; time: number; pointerType: string } | null = null;
    const onDown = (event: PointerEvent) => {
      const isTurnPointer = event.pointerType === 'touch' || (event.pointerType === 'mouse' && event.button === 0);
      start =
        isTurnPointer && event.isPrimary
          ? { x: event.clientX, y: event.clientY, time: event.timeStamp, pointerType: event.pointerType }
          : null;
    };
    const onUp = (event: PointerEvent) => {
      const begin = start;
      start = null;
      if (!begin || event.pointerType !== begin.pointerType) return;
      if (
        Math.hypot(event.clientX - begin.x, event.clientY - begin.y) > TAP_MAX_MOVE_PX ||
        event.timeStamp - begin.time > TAP_MAX_MS
      )
        return;
      if (
        event.target instanceof Element &&
        event.target.closest('a, button, input, textarea, select, [data-no-tap-zone]')
      )
        return;
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) return;
      const rect = area.getBoundingClientRect();
      const fraction = (event.clientX - rect.left) / rect.width;
      const edge = begin.pointerType === 'touch' ? TOUCH_EDGE_SHARE : MOUSE_EDGE_SHARE;
      if (fraction < edge) tapActions.current.previousPage();
      else if (fraction > 1 - edge) tapActions.current.nextPage();
    };
    const onCancel = () => {
      start = null;
    };
    area.addEventListener('pointerdown', onDown);
    area.addEventListener('pointerup', onUp);
    area.addEventListener('pointercancel', onCancel);
    return () => {
      area.removeEventListener('pointerdown', onDown);
      area.removeEventListener('pointerup', onUp);
      area.removeEventListener('pointercancel', onCancel);
    };
  }, [areaRef]);
}
