/**
 * useReadingPosition(bookId): where the reader is in a book, across devices. State: the page set on
 * this screen (shown at once, stored in the outbox after a short pause or on flushPosition), merged
 * with the server's position (TanStack Query) and changes still in the outbox, by HLC like the server.
 * When another device has moved on since this screen last set a page, the hook does not jump: it
 * reports `otherDevice`, so the reader can ask "You were on page N on <device> — jump there?".
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TReadingProgress } from '@shared/progress';
import { overlayProgress } from './overlay';
import { readingPositionQueryOptions } from './queries';
import { usePendingMutations, useSyncEngine, useThisBrowserDeviceIds } from './use-sync';

/** A page turn is stored once the reader has stayed on a page this long (fast flicking stores one change). */
export const POSITION_SAVE_DELAY_MS = 1_000;

export interface TPosition {
  page: number;
  totalPages: number | null;
  /** Where it came from: set on this screen, waiting in the outbox, or the server's. */
  source: 'screen' | 'outbox' | 'server';
}

export interface TOtherDevicePosition {
  page: number;
  deviceId: string | null;
  deviceName: string | null;
  lastReadAt: string | null;
}

export interface TReadingPositionState {
  position: TPosition | null;
  /** The server's answer (with pending outbox changes merged in); undefined while loading. */
  progress: TReadingProgress | null | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Moves the position; stored after POSITION_SAVE_DELAY_MS without another move. */
  setPosition: (page: number, totalPages?: number) => void;
  /** Stores a move still waiting for its pause now (closing the book, leaving the page). */
  flushPosition: () => void;
  otherDevice: TOtherDevicePosition | null;
  /** Forget the other device's position (the reader chose to stay). */
  dismissOtherDevice: () => void;
}

export function useReadingPosition(bookId: string): TReadingPositionState {
  const engine = useSyncEngine();
  // The reader asked for it as the book opened (or the page carried it): mounting does not ask again.
  const query = useQuery({ ...readingPositionQueryOptions(bookId), enabled: bookId !== '', refetchOnMount: false });
  const pending = usePendingMutations();
  const ownIds = useThisBrowserDeviceIds();
  const [screen, setScreen] = useState<{ page: number; totalPages: number | null } | null>(null);
  const [dismissedHlc, setDismissedHlc] = useState<string | null>(null);
  const unsaved = useRef<{ page: number; totalPages?: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The server stamp current when this screen last set a page: anything newer from elsewhere is news. */
  const seenHlc = useRef<string | null>(null);

  // Offline the server's answer cannot come (the query is paused): this device's unsent moves stand in.
  const isPaused = query.isPending && query.fetchStatus === 'paused';
  const progress = useMemo(
    () =>
      query.data === undefined
        ? isPaused
          ? (overlayProgress(null, pending, bookId) ?? undefined)
          : undefined
        : overlayProgress(query.data, pending, bookId),
    [query.data, isPaused, pending, bookId],
  );

  const flushPosition = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const change = unsaved.current;
    unsaved.current = null;
    if (!change) return;
    void engine
      .queueMutation({
        type: 'progress.set',
        payload: { bookId, page: change.page, totalPages: change.totalPages },
      })
      .catch(() => undefined);
  }, [engine, bookId]);

  const setPosition = useCallback(
    (page: number, totalPages?: number) => {
      setScreen({ page, totalPages: totalPages ?? null });
      seenHlc.current = query.data?.hlc ?? seenHlc.current;
      unsaved.current = { page, totalPages };
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flushPosition, POSITION_SAVE_DELAY_MS);
    },
    [flushPosition, query.data],
  );

  // Leaving the book (unmount, another book, the tab going away) stores the last move.
  useEffect(() => {
    const onHide = () => flushPosition();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flushPosition();
    };
  }, [flushPosition]);

  const server = query.data ?? null;
  const fromElsewhere =
    screen !== null &&
    server !== null &&
    server.hlc !== null &&
    server.hlc !== dismissedHlc &&
    (seenHlc.current === null || server.hlc > seenHlc.current) &&
    server.deviceId !== null &&
    !ownIds.includes(server.deviceId) &&
    server.currentPage !== screen.page;
  const otherDevice = fromElsewhere
    ? {
        page: server.currentPage,
        deviceId: server.deviceId,
        deviceName: server.deviceName,
        lastReadAt: server.lastReadAt,
      }
    : null;

  const position: TPosition | null = screen
    ? { ...screen, source: 'screen' }
    : progress
      ? {
          page: progress.currentPage,
          totalPages: progress.totalPages,
          source: progress.hlc !== (server?.hlc ?? null) ? 'outbox' : 'server',
        }
      : null;

  return {
    position,
    progress,
    isLoading: query.isPending && !isPaused,
    isError: query.isError,
    setPosition,
    flushPosition,
    otherDevice,
    dismissOtherDevice: () => setDismissedHlc(server?.hlc ?? null),
  };
}
