import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { TBookmark } from '@shared/progress';
import { useReaderBookmarks } from './use-reader-bookmarks';

const synced = {
  bookmarks: [
    {
      id: 'b-40',
      bookId: 'book-1',
      page: 40,
      note: null,
      hlc: 'x',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ] as TBookmark[],
  isLoading: false,
  isError: false,
  addBookmark: vi.fn(() => 'new-id'),
  editBookmark: vi.fn(),
  deleteBookmark: vi.fn(),
};
const useSyncedBookmarks = vi.fn((bookId: string) => (bookId ? synced : synced));
vi.mock('@web/features/sync/use-synced-bookmarks', () => ({
  useBookmarks: (bookId: string) => useSyncedBookmarks(bookId),
}));

describe('useReaderBookmarks', () => {
  it("reads and changes the book's bookmarks through the sync layer", () => {
    const { result } = renderHook(() => useReaderBookmarks('book-1'));
    expect(useSyncedBookmarks).toHaveBeenCalledWith('book-1');
    expect(result.current.items).toBe(synced.bookmarks);
    result.current.add(12, 'Key idea');
    expect(synced.addBookmark).toHaveBeenCalledWith({ page: 12, note: 'Key idea' });
    result.current.updateNote('b-40', 'Later');
    expect(synced.editBookmark).toHaveBeenCalledWith('b-40', { note: 'Later' });
    result.current.remove('b-40');
    expect(synced.deleteBookmark).toHaveBeenCalledWith('b-40');
  });
});
