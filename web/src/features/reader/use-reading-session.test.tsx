import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createTestQueryClient } from '@web/app/test-helpers';
import { useReadingSession } from './use-reading-session';

const queued: { type: string; payload: Record<string, unknown> }[] = [];
vi.mock('./reader-sync', () => ({
  queueReaderMutation: (mutation: { type: string; payload: Record<string, unknown> }) => queued.push(mutation),
  fetchBookmarks: vi.fn(),
  fetchReadingProgress: vi.fn(),
}));

const BOOK = '8c4a3f4e-1d2b-4c5d-9e6f-7a8b9c0d1e2f';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
let client = createTestQueryClient();

beforeEach(() => {
  vi.useFakeTimers();
  client = createTestQueryClient();
});
afterEach(() => {
  // Unmount first: an open session ends (and queues session.end) when its reader unmounts.
  cleanup();
  vi.useRealTimers();
  queued.length = 0;
});

const types = () => queued.map((m) => (m.type === 'event.record' ? `event:${String(m.payload.eventType)}` : m.type));

describe('useReadingSession', () => {
  it('opens a session on the first page shown, saves the position a second after moving and ends on close', () => {
    const { result, unmount } = renderHook(() => useReadingSession(BOOK, { page: 30, totalPages: 100 }), { wrapper });
    act(() => result.current.onPageChange(30, 100));
    expect(types()).toEqual(['session.start', 'event:open_book']);
    vi.advanceTimersByTime(2000);
    // The restored page is not written back.
    expect(types()).not.toContain('progress.set');

    act(() => result.current.onPageChange(31, 100));
    act(() => result.current.onPageChange(32, 100));
    vi.advanceTimersByTime(999);
    expect(types()).not.toContain('progress.set');
    vi.advanceTimersByTime(1);
    expect(queued.filter((m) => m.type === 'progress.set').map((m) => m.payload)).toEqual([{ bookId: BOOK, page: 32, totalPages: 100 }]);
    expect(types()).toContain('event:progress_update');

    act(() => result.current.onReadAloudEvent('tts_play', { page: 32 }));
    expect(types().at(-1)).toBe('event:tts_play');
    unmount();
    expect(types().at(-1)).toBe('session.end');
  });

  it('writes a pending position at once when the tab is hidden', () => {
    const { result } = renderHook(() => useReadingSession(BOOK, null), { wrapper });
    act(() => result.current.onPageChange(5, 10));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(queued.filter((m) => m.type === 'progress.set').map((m) => m.payload.page)).toEqual([5]);
  });

  it('does nothing until the book is known', () => {
    const { result } = renderHook(() => useReadingSession(null, null), { wrapper });
    act(() => result.current.onPageChange(1, 10));
    vi.advanceTimersByTime(5000);
    expect(queued).toEqual([]);
  });
});
