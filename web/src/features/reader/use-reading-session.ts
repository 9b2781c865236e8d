/**
 * Ties an opened book to reading sync: a reading session with its events (reading-tracker.ts), and
 * the position handed to the sync layer's setPosition (which stores it a second after the reader
 * stops moving). progress_update events follow the same one-second rhythm (position-saver.ts).
 * The session ends when the reader closes the book or leaves the page.
 */
import { useCallback, useEffect, useRef } from 'react';
import { version as appVersion } from '../../../../package.json';
import { createPositionSaver, type TPositionSaver, type TReadingPosition } from './position-saver';
import { createReadingTracker, describeReadingDevice, type TReadingTracker } from './reading-tracker';
import { useSyncEngineInstance } from '@web/features/sync/use-sync';
import { queueReaderMutation } from './reader-sync';
import type { TReadAloudEvent } from './use-read-aloud';

/** Version of the web app reported with each reading session (only this field of package.json is bundled). */
export const READER_APP_VERSION = `web-${appVersion}`;

export interface TUseReadingSessionOptions {
  /** The book's id; null until the saved position is known (nothing is recorded before). */
  bookId: string | null;
  /** The position the book opened at, so reopening does not count as progress. */
  restored: TReadingPosition | null;
  /** Stores the position (debounced by the sync layer). */
  setPosition: (page: number, totalPages: number) => void;
}

export function useReadingSession({ bookId, restored, setPosition }: TUseReadingSessionOptions) {
  const syncEngine = useSyncEngineInstance();
  const tracker = useRef<TReadingTracker | null>(null);
  const saver = useRef<TPositionSaver | null>(null);
  const hasOpened = useRef(false);
  const restoredRef = useRef(restored);
  restoredRef.current = restored;
  const setPositionRef = useRef(setPosition);
  setPositionRef.current = setPosition;

  useEffect(() => {
    if (!bookId) return;
    const isTouch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    const sessionTracker = createReadingTracker({
      bookId,
      queue: (mutation) => queueReaderMutation(syncEngine, mutation),
      device: describeReadingDevice(navigator.userAgent, isTouch),
      appVersion: READER_APP_VERSION,
    });
    const progressEvents = createPositionSaver({
      initial: restoredRef.current,
      save: ({ page, totalPages }) => sessionTracker.progressSaved(page, totalPages),
    });
    tracker.current = sessionTracker;
    saver.current = progressEvents;
    hasOpened.current = false;

    const onHidden = () => {
      if (document.visibilityState === 'hidden') progressEvents.flush();
    };
    const onPageHide = () => {
      progressEvents.flush();
      sessionTracker.close();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      progressEvents.flush();
      sessionTracker.close();
      tracker.current = null;
      saver.current = null;
    };
  }, [bookId, syncEngine]);

  const onPageChange = useCallback((page: number, totalPages: number) => {
    const current = tracker.current;
    if (!current) return;
    if (!hasOpened.current) {
      hasOpened.current = true;
      current.open(page, totalPages);
    } else {
      current.pageShown(page, totalPages);
    }
    saver.current?.update({ page, totalPages });
    setPositionRef.current(page, totalPages);
  }, []);

  const onReadAloudEvent = useCallback(
    (event: TReadAloudEvent, details: { page: number; durationMs?: number; meta?: Record<string, unknown> }) => {
      tracker.current?.readAloud(event, details);
    },
    [],
  );

  return { onPageChange, onReadAloudEvent };
}
