/**
 * Reading sessions and events for analytics (docs/product/data-model.md#states), queued as sync mutations so they
 * reach the server in batches and survive going offline. One tracker per opened book: it owns the
 * session id, the page on screen and since when, and whether finish_book was already sent.
 * - session.start and open_book when the book opens; session.end when it closes (best effort on unload);
 * - page_view for a page once the reader leaves it after at least PAGE_VIEW_MIN_MS, with the time spent
 *   (flicking through pages quickly records only where the reader stopped);
 * - progress_update with each debounced position save; finish_book the first time the last page shows;
 * - tts_play / tts_pause / tts_stop from read aloud.
 */
import type { TReadingEventType, TSyncMutationInput } from '@shared/sync.schemas';
import { MAX_DURATION_MS } from '@shared/sync.schemas';
import { progressPercentage, reachesEnd } from '@shared/progress';

export const PAGE_VIEW_MIN_MS = 1000;

export interface TReadingTrackerOptions {
  bookId: string;
  queue: (mutation: TSyncMutationInput) => void;
  device: string;
  appVersion: string;
  now?: () => number;
  newId?: () => string;
  /** The device's IANA zone (default: the browser's; null: none). */
  timeZone?: string | null;
}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export interface TReadingTracker {
  readonly sessionId: string;
  open(page: number, totalPages: number): void;
  pageShown(page: number, totalPages: number): void;
  progressSaved(page: number, totalPages: number): void;
  readAloud(
    eventType: Extract<TReadingEventType, 'tts_play' | 'tts_pause' | 'tts_stop'>,
    details: { page: number; durationMs?: number; meta?: Record<string, unknown> },
  ): void;
  close(): void;
}

function clampDuration(ms: number): number {
  return Math.min(Math.max(Math.round(ms), 0), MAX_DURATION_MS);
}

export function createReadingTracker(options: TReadingTrackerOptions): TReadingTracker {
  const { bookId, queue, device, appVersion } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const timeZone = options.timeZone === undefined ? browserTimeZone() : options.timeZone;
  const sessionId = newId();
  let isOpen = false;
  let isClosed = false;
  let hasFinished = false;
  let current: { page: number; totalPages: number; since: number } | null = null;

  const iso = (ms: number) => new Date(ms).toISOString();

  function record(
    eventType: TReadingEventType,
    fields: { pageNumber?: number; progressPct?: number; durationMs?: number; meta?: Record<string, unknown> } = {},
  ) {
    // The device's zone goes with each event so a reader's days stay where they were read
    // (docs/product/reading-stats.md#local-days).
    const meta = timeZone ? { timeZone, ...fields.meta } : fields.meta;
    queue({
      type: 'event.record',
      payload: {
        id: newId(),
        sessionId,
        bookId,
        eventType,
        ...fields,
        ...(meta ? { meta } : {}),
        occurredAt: iso(now()),
      },
    });
  }

  function leaveCurrentPage(at: number) {
    if (!current) return;
    const spent = at - current.since;
    if (spent >= PAGE_VIEW_MIN_MS) {
      record('page_view', {
        pageNumber: current.page,
        progressPct: progressPercentage(current.page, current.totalPages),
        durationMs: clampDuration(spent),
      });
    }
  }

  function noteFinish(page: number, totalPages: number) {
    if (hasFinished || !reachesEnd(page, totalPages)) return;
    hasFinished = true;
    record('finish_book', { pageNumber: page, progressPct: 100 });
  }

  return {
    sessionId,
    open(page, totalPages) {
      if (isOpen || isClosed) return;
      isOpen = true;
      const at = now();
      queue({ type: 'session.start', payload: { id: sessionId, bookId, startedAt: iso(at), device, appVersion } });
      record('open_book', { pageNumber: page, progressPct: progressPercentage(page, totalPages) });
      current = { page, totalPages, since: at };
      noteFinish(page, totalPages);
    },
    pageShown(page, totalPages) {
      if (!isOpen || isClosed) return;
      if (current && current.page === page) return;
      const at = now();
      leaveCurrentPage(at);
      current = { page, totalPages, since: at };
      noteFinish(page, totalPages);
    },
    progressSaved(page, totalPages) {
      if (!isOpen || isClosed) return;
      record('progress_update', { pageNumber: page, progressPct: progressPercentage(page, totalPages) });
    },
    readAloud(eventType, { page, durationMs, meta }) {
      if (!isOpen || isClosed) return;
      record(eventType, {
        pageNumber: page,
        ...(durationMs === undefined ? {} : { durationMs: clampDuration(durationMs) }),
        ...(meta ? { meta } : {}),
      });
    },
    close() {
      if (!isOpen || isClosed) return;
      isClosed = true;
      const at = now();
      leaveCurrentPage(at);
      current = null;
      queue({ type: 'session.end', payload: { id: sessionId, bookId, endedAt: iso(at) } });
    },
  };
}

/** A short, non-identifying label of the reading device for reading_sessions.device. */
export function describeReadingDevice(userAgent: string, isTouch: boolean): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  return `web ${browser} ${isTouch ? 'touch' : 'desktop'}`;
}
