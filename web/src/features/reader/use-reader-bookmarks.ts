/**
 * The reader's bookmarks panel over the sync layer's useBookmarks (web/src/features/sync): the
 * server's list with this device's pending changes overlaid, changed optimistically and queued as
 * sync mutations, so bookmarks work offline and reach the reader's other devices.
 */
import { useMemo } from 'react';
import type { TBookmark } from '@shared/progress';
import { useBookmarks as useSyncedBookmarks } from '@web/features/sync/use-synced-bookmarks';

export interface TBookmarksFeature {
  items: TBookmark[];
  isLoading: boolean;
  isError: boolean;
  add(page: number, note?: string | null): void;
  updateNote(id: string, note: string | null): void;
  remove(id: string): void;
}

export function useReaderBookmarks(bookId: string): TBookmarksFeature {
  const synced = useSyncedBookmarks(bookId);
  const { bookmarks, isLoading, isError, addBookmark, editBookmark, deleteBookmark } = synced;
  return useMemo(
    () => ({
      items: bookmarks,
      isLoading,
      isError,
      add: (page, note) => {
        addBookmark({ page, note });
      },
      updateNote: (id, note) => editBookmark(id, { note }),
      remove: deleteBookmark,
    }),
    [bookmarks, isLoading, isError, addBookmark, editBookmark, deleteBookmark],
  );
}
