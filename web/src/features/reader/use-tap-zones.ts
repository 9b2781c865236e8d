/** Tap zones on touch screens: a tap on the outer quarters of the page area turns the page. */
import { useEffect, useRef, type RefObject } from 'react';

/** Touches shorter and stiller than this are taps (page turns), anything else is scrolling. */
const TAP_MAX_MOVE_PX = 10;
const TAP_MAX_MS = 400;

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
    let start: { x: number; y: number; time: number } | null = null;
    const onDown = (event: PointerEvent) => {
      start =
        event.pointerType === 'touch' && event.isPrimary
          ? { x: event.clientX, y: event.clientY, time: event.timeStamp }
          : null;
    };
    const onUp = (event: PointerEvent) => {
      const begin = start;
      start = null;
      if (!begin || event.pointerType !== 'touch') return;
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
      if (fraction < 0.25) tapActions.current.previousPage();
      else if (fraction > 0.75) tapActions.current.nextPage();
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
