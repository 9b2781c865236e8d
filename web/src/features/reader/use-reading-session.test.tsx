import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useReadingSession } from './use-reading-session';

const queued: { type: string; payload: Record<string, unknown> }[] = [];
vi.mock('./reader-sync', () => ({
  queueReaderMutation: (_engine: unknown, mutation: { type: string; payload: Record<string, unknown> }) =>
    queued.push(mutation),
}));

const BOOK = '8c4a3f4e-1d2b-4c5d-9e6f-7a8b9c0d1e2f';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // Unmount first: an open session ends (and queues session.end) when its reader unmounts.
  cleanup();
  vi.useRealTimers();
  queued.length = 0;
});

const types = () => queued.map((m) => (m.type === 'event.record' ? `event:${String(m.payload.eventType)}` : m.type));

describe('useReadingSession', () => {
  it('opens a session on the first page shown, hands every move to the position store and ends on close', () => {
    const setPosition = vi.fn();
    const { result, unmount } = renderHook(() =>
      useReadingSession({ bookId: BOOK, restored: { page: 30, totalPages: 100 }, setPosition }),
    );
    act(() => result.current.onPageChange(30, 100));
    expect(types()).toEqual(['session.start', 'event:open_book']);
    expect(setPosition).toHaveBeenLastCalledWith(30, 100);
    vi.advanceTimersByTime(2000);
    // Reopening at the saved page is not progress.
    expect(types()).not.toContain('event:progress_update');

    act(() => result.current.onPageChange(31, 100));
    act(() => result.current.onPageChange(32, 100));
    expect(setPosition).toHaveBeenLastCalledWith(32, 100);
    vi.advanceTimersByTime(999);
    expect(types()).not.toContain('event:progress_update');
    vi.advanceTimersByTime(1);
    expect(queued.filter((m) => m.payload.eventType === 'progress_update').map((m) => m.payload.pageNumber)).toEqual([
      32,
    ]);

    act(() => result.current.onReadAloudEvent('tts_play', { page: 32 }));
    expect(types().at(-1)).toBe('event:tts_play');
    unmount();
    expect(types().at(-1)).toBe('session.end');
  });

  it('records the pending progress at once when the tab is hidden', () => {
    const { result } = renderHook(() => useReadingSession({ bookId: BOOK, restored: null, setPosition: vi.fn() }));
    act(() => result.current.onPageChange(5, 10));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(queued.filter((m) => m.payload.eventType === 'progress_update').map((m) => m.payload.pageNumber)).toEqual([
      5,
    ]);
  });

  it('records nothing until the book and its saved position are known', () => {
    const setPosition = vi.fn();
    const { result } = renderHook(() => useReadingSession({ bookId: null, restored: null, setPosition }));
    act(() => result.current.onPageChange(1, 10));
    vi.advanceTimersByTime(5000);
    expect(queued).toEqual([]);
    expect(setPosition).not.toHaveBeenCalled();
  });
});
