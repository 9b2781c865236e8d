import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TBookmark } from '@shared/progress';
import { BOOKMARK_NOTE_MAX } from '@shared/sync.schemas';
import { createTestQueryClient } from '@web/app/test-helpers';
import { cleanBookmarkNote, useBookmarks } from './use-bookmarks';

const queued: unknown[] = [];
const serverBookmarks: TBookmark[] = [
  { id: 'b-40', bookId: 'book-1', page: 40, note: null, hlc: 'x', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
];

vi.mock('./reader-sync', () => ({
  queueReaderMutation: (mutation: unknown) => queued.push(mutation),
  fetchBookmarks: vi.fn(async () => serverBookmarks),
  fetchReadingProgress: vi.fn(async () => null),
}));

afterEach(() => {
  queued.length = 0;
});

function makeWrapper() {
  const client = createTestQueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('useBookmarks', () => {
  it('lists the server bookmarks and adds, edits and deletes through sync mutations', async () => {
    const { result } = renderHook(() => useBookmarks('book-1'), { wrapper: makeWrapper() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.items.map((b) => b.page)).toEqual([40]);

    let added: TBookmark | undefined;
    act(() => {
      added = result.current.add(12, '  Key idea  ');
    });
    await waitFor(() =>
      expect(result.current.items.map((b) => [b.page, b.note])).toEqual([
        [12, 'Key idea'],
        [40, null],
      ]),
    );
    expect(added!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(queued.at(-1)).toEqual({ type: 'bookmark.upsert', payload: { id: added!.id, bookId: 'book-1', page: 12, note: 'Key idea' } });

    act(() => result.current.updateNote('b-40', 'Later'));
    await waitFor(() => expect(result.current.items.find((b) => b.id === 'b-40')?.note).toBe('Later'));
    expect(queued.at(-1)).toEqual({ type: 'bookmark.upsert', payload: { id: 'b-40', bookId: 'book-1', page: 40, note: 'Later' } });

    act(() => result.current.remove(added!.id));
    await waitFor(() => expect(result.current.items.map((b) => b.id)).toEqual(['b-40']));
    expect(queued.at(-1)).toEqual({ type: 'bookmark.delete', payload: { id: added!.id, bookId: 'book-1' } });
  });

  it('ignores edits of a bookmark that is not there', async () => {
    const { result } = renderHook(() => useBookmarks('book-1'), { wrapper: makeWrapper() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    act(() => result.current.updateNote('missing', 'x'));
    expect(queued).toEqual([]);
  });

  it('stores notes trimmed, within the limit, and empty as none', () => {
    expect(cleanBookmarkNote('  hi ')).toBe('hi');
    expect(cleanBookmarkNote('   ')).toBeNull();
    expect(cleanBookmarkNote(null)).toBeNull();
    expect(cleanBookmarkNote('x'.repeat(BOOKMARK_NOTE_MAX + 10))).toHaveLength(BOOKMARK_NOTE_MAX);
  });
});
