/**
 * Reports the reading position at most once per quiet period: every page change restarts the timer,
 * and only a position different from the last reported one is passed on (the reader uses it for the
 * progress_update events that follow each stored position). Owns one timer and the last reported
 * page; `flush` reports a pending position at once (closing the book, hiding the tab), `cancel`
 * forgets it.
 */

export interface TReadingPosition {
  page: number;
  totalPages: number;
}

export interface TPositionSaver {
  update(position: TReadingPosition): void;
  flush(): void;
  cancel(): void;
}

export const POSITION_SAVE_DELAY_MS = 1000;

export function createPositionSaver({
  save,
  delayMs = POSITION_SAVE_DELAY_MS,
  initial = null,
}: {
  save: (position: TReadingPosition) => void;
  delayMs?: number;
  /** The position already stored (restored on open), so reopening does not write it again. */
  initial?: TReadingPosition | null;
}): TPositionSaver {
  let pending: TReadingPosition | null = null;
  let lastSaved: TReadingPosition | null = initial;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function write() {
    clearTimer();
    const position = pending;
    pending = null;
    if (!position) return;
    if (lastSaved && lastSaved.page === position.page && lastSaved.totalPages === position.totalPages) return;
    lastSaved = position;
    save(position);
  }

  return {
    update(position) {
      if (!Number.isInteger(position.page) || position.page < 1 || position.totalPages < 1) return;
      pending = { page: position.page, totalPages: position.totalPages };
      clearTimer();
      timer = setTimeout(write, delayMs);
    },
    flush: write,
    cancel() {
      clearTimer();
      pending = null;
    },
  };
}
