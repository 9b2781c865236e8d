import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { encodeHlc } from '@shared/hlc';
import type { TBookmark, TReadingProgress } from '@shared/progress';
import { createTestQueryClient, makeUser } from '@web/app/test-helpers';
import { authKeys } from '@web/features/auth/queries';
import { deleteDb } from '@web/storage/db';
import { listPendingMutations } from '@web/storage/outbox';
import { endReadingSession, recordReadingEvent, startReadingSession } from './reading-events';
import { createSyncEngine, type TSyncEngine } from './sync-engine';
import { SyncEngineProvider } from './use-sync';
import { useBookmarks } from './use-synced-bookmarks';
import { useReadingPosition } from './use-reading-position';
import { apiPath } from '@web/lib/api-test-support';

const T0 = Date.UTC(2026, 2, 1, 9);
let queryClient: QueryClient;
let engine: TSyncEngine;
let serverBookmarks: TBookmark[];
let serverProgress: TReadingProgress | null;

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <SyncEngineProvider value={engine}>{children}</SyncEngineProvider>
  </QueryClientProvider>
);

beforeEach(async () => {
  await deleteDb();
  queryClient = createTestQueryClient();
  engine = createSyncEngine();
  queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
  serverBookmarks = [];
  serverProgress = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === apiPath('/bookmarks'))
        return json({ items: serverBookmarks, total: serverBookmarks.length, page: 1, limit: 500 });
      if (url.pathname === apiPath('/progress/book-1'))
        return serverProgress ? json(serverProgress) : json({ status: 404, detail: 'Reading progress not found' }, 404);
      // Sync requests fail softly: these tests look at what waits in the outbox.
      if (url.pathname === apiPath('/sync') && init?.method === 'POST')
        return json({ status: 503, detail: 'Unavailable' }, 503);
      return json({ status: 404 }, 404);
    }),
  );
});

afterEach(async () => {
  await engine.dispose();
  await deleteDb();
  vi.unstubAllGlobals();
});

const pendingOfType = async (type: string) =>
  (await listPendingMutations('user-1')).filter((entry) => entry.type === type).map((entry) => entry.payload);

describe('useBookmarks', () => {
  it('adds, edits and deletes at once on screen, queues each change, and keeps them over a stale server answer', async () => {
    serverBookmarks = [
      {
        id: 'saved',
        bookId: 'book-1',
        page: 10,
        note: 'from the laptop',
        hlc: encodeHlc({ wallMs: T0, counter: 0, node: 'laptop' }),
        createdAt: 'c',
        updatedAt: 'u',
      },
    ];
    const { result } = renderHook(() => useBookmarks('book-1'), { wrapper });
    await waitFor(() => expect(result.current.bookmarks).toHaveLength(1));

    let id = '';
    act(() => {
      id = result.current.addBookmark({ page: 4, note: '  first idea  ' });
    });
    await waitFor(() =>
      expect(result.current.bookmarks.map((b) => [b.page, b.note])).toEqual([
        [4, 'first idea'],
        [10, 'from the laptop'],
      ]),
    );
    act(() => result.current.editBookmark(id, { note: 'better idea' }));
    await waitFor(() => expect(result.current.bookmarks[0].note).toBe('better idea'));
    act(() => result.current.deleteBookmark('saved'));
    await waitFor(() => expect(result.current.bookmarks.map((b) => [b.id, b.note])).toEqual([[id, 'better idea']]));

    await waitFor(async () => expect(await listPendingMutations('user-1')).toHaveLength(3));
    expect(await pendingOfType('bookmark.upsert')).toEqual([
      { id, bookId: 'book-1', page: 4, note: 'first idea' },
      { id, bookId: 'book-1', page: 4, note: 'better idea' },
    ]);
    expect(await pendingOfType('bookmark.delete')).toEqual([{ id: 'saved', bookId: 'book-1' }]);

    // The server has not seen the changes yet: refetching its old list must not undo them.
    await act(() => queryClient.refetchQueries({ queryKey: ['reader', 'bookmarks', 'book-1'] }));
    await waitFor(() => expect(result.current.bookmarks.map((b) => [b.id, b.note])).toEqual([[id, 'better idea']]));
  });
});

describe('useReadingPosition', () => {
  it("restores the server's position, shows moves at once and stores the last one after the pause", async () => {
    serverProgress = {
      bookId: 'book-1',
      currentPage: 30,
      totalPages: 300,
      progressPercentage: 10,
      furthestPage: 30,
      lastReadAt: null,
      completedAt: null,
      hlc: encodeHlc({ wallMs: T0, counter: 0, node: 'laptop' }),
      deviceId: 'laptop',
      deviceName: 'Laptop',
      updatedAt: new Date(T0).toISOString(),
    };
    const { result, unmount } = renderHook(() => useReadingPosition('book-1'), { wrapper });
    await waitFor(() => expect(result.current.position).toEqual({ page: 30, totalPages: 300, source: 'server' }));
    expect(result.current.otherDevice).toBeNull();

    act(() => result.current.setPosition(31, 300));
    act(() => result.current.setPosition(32, 300));
    expect(result.current.position).toEqual({ page: 32, totalPages: 300, source: 'screen' });
    expect(await listPendingMutations('user-1')).toEqual([]);
    act(() => result.current.flushPosition());
    await waitFor(async () =>
      expect(await pendingOfType('progress.set')).toEqual([{ bookId: 'book-1', page: 32, totalPages: 300 }]),
    );

    // Another device moves on later: the hook offers it instead of jumping.
    act(() => {
      queryClient.setQueryData(['reader', 'progress', 'book-1'], {
        ...serverProgress!,
        currentPage: 120,
        hlc: encodeHlc({ wallMs: Date.now() + 1000, counter: 0, node: 'phone' }),
        deviceId: 'phone',
        deviceName: 'Phone',
      });
    });
    await waitFor(() => expect(result.current.otherDevice).toMatchObject({ page: 120, deviceName: 'Phone' }));
    expect(result.current.position?.page).toBe(32);
    act(() => result.current.dismissOtherDevice());
    expect(result.current.otherDevice).toBeNull();

    // Leaving the book stores a move still waiting for its pause.
    act(() => result.current.setPosition(33, 300));
    unmount();
    await waitFor(async () =>
      expect((await pendingOfType('progress.set')).at(-1)).toEqual({ bookId: 'book-1', page: 33, totalPages: 300 }),
    );
  });
});

describe('reading sessions and events', () => {
  it('queue session.start, events and session.end in the order they happen', async () => {
    engine.start(queryClient);
    const sessionId = startReadingSession(engine, {
      bookId: 'book-1',
      device: 'Chrome on macOS',
      appVersion: 'web-test',
      startedAt: new Date(T0),
    });
    const eventId = recordReadingEvent(engine, {
      sessionId,
      bookId: 'book-1',
      eventType: 'page_view',
      pageNumber: 3,
      durationMs: 4000,
      occurredAt: new Date(T0 + 4000),
    });
    endReadingSession(engine, { sessionId, bookId: 'book-1', endedAt: new Date(T0 + 5000) });
    await waitFor(async () => expect(await listPendingMutations('user-1')).toHaveLength(3));
    const pending = await listPendingMutations('user-1');
    expect(pending.map((entry) => [entry.type, entry.payload])).toEqual([
      [
        'session.start',
        {
          id: sessionId,
          bookId: 'book-1',
          startedAt: new Date(T0).toISOString(),
          device: 'Chrome on macOS',
          appVersion: 'web-test',
        },
      ],
      [
        'event.record',
        {
          id: eventId,
          sessionId,
          bookId: 'book-1',
          eventType: 'page_view',
          pageNumber: 3,
          durationMs: 4000,
          occurredAt: new Date(T0 + 4000).toISOString(),
        },
      ],
      ['session.end', { id: sessionId, bookId: 'book-1', endedAt: new Date(T0 + 5000).toISOString() }],
    ]);
  });
});
