/**
 * Ties an opened book to reading sync: a reading session with its events (reading-tracker.ts) and
 * the debounced position save (position-saver.ts), both queued as sync mutations. Flushed when the
 * reader closes the book, hides the tab or leaves the page.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TReadingProgress } from '@shared/progress';
import { progressPercentage } from '@shared/progress';
import { createPositionSaver, type TPositionSaver, type TReadingPosition } from './position-saver';
import { readerKeys } from './queries';
import { createReadingTracker, describeReadingDevice, type TReadingTracker } from './reading-tracker';
import { queueReaderMutation } from './reader-sync';
import type { TReadAloudEvent } from './use-read-aloud';

/** Version of the web app reported with each reading session. */
export const READER_APP_VERSION = `web-${import.meta.env.MODE}`;

export function useReadingSession(bookId: string | null, restored: TReadingPosition | null) {
  const queryClient = useQueryClient();
  const tracker = useRef<TReadingTracker | null>(null);
  const saver = useRef<TPositionSaver | null>(null);
  const hasOpened = useRef(false);
  const restoredRef = useRef(restored);
  restoredRef.current = restored;

  useEffect(() => {
    if (!bookId) return;
    const isTouch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    const sessionTracker = createReadingTracker({
      bookId,
      queue: queueReaderMutation,
      device: describeReadingDevice(navigator.userAgent, isTouch),
      appVersion: READER_APP_VERSION,
    });
    const positionSaver = createPositionSaver({
      initial: restoredRef.current,
      save: ({ page, totalPages }) => {
        queueReaderMutation({ type: 'progress.set', payload: { bookId, page, totalPages } });
        sessionTracker.progressSaved(page, totalPages);
        // Reopening the book in this tab starts from here even before the outbox reaches the server.
        queryClient.setQueryData<TReadingProgress | null>(readerKeys.progress(bookId), (current) =>
          current
            ? { ...current, currentPage: page, totalPages, progressPercentage: progressPercentage(page, totalPages), furthestPage: Math.max(current.furthestPage, page) }
            : current,
        );
      },
    });
    tracker.current = sessionTracker;
    saver.current = positionSaver;
    hasOpened.current = false;

    const onHidden = () => {
      if (document.visibilityState === 'hidden') positionSaver.flush();
    };
    const onPageHide = () => {
      positionSaver.flush();
      sessionTracker.close();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      positionSaver.flush();
      sessionTracker.close();
      tracker.current = null;
      saver.current = null;
    };
  }, [bookId, queryClient]);

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
  }, []);

  const onReadAloudEvent = useCallback((event: TReadAloudEvent, details: { page: number; durationMs?: number; meta?: Record<string, unknown> }) => {
    tracker.current?.readAloud(event, details);
  }, []);

  return { onPageChange, onReadAloudEvent };
}
