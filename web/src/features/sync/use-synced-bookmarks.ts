/**
 * useBookmarks(bookId): a book's bookmarks with notes, on every device of the reader. Reads the
 * server's list (TanStack Query, shared cache key with the reader) and overlays changes still in the
 * outbox; add, edit and delete change the cached list at once (optimistic) and queue a sync mutation
 * with an id made here, so they work offline and reach the other devices on the next flush.
 */
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBookmark } from '@shared/progress';
import { BOOKMARK_NOTE_MAX } from '@shared/sync.schemas';
import { overlayBookmarks } from './overlay';
import { bookmarksQueryOptions, syncKeys } from './queries';
import { usePendingMutations, useSyncEngine } from './use-sync';

export interface TBookmarksState {
  bookmarks: TBookmark[];
  isLoading: boolean;
  isError: boolean;
  /** Adds a bookmark and returns its id. */
  addBookmark: (input: { page: number; note?: string | null }) => string;
  /** Changes a bookmark's page and/or note (omitted fields keep their value). */
  editBookmark: (id: string, change: { page?: number; note?: string | null }) => void;
  deleteBookmark: (id: string) => void;
}

/** A note as stored: trimmed, at most BOOKMARK_NOTE_MAX characters, null when empty. */
export function cleanNote(note: string | null | undefined): string | null {
  const text = (note ?? '').trim();
  return text ? text.slice(0, BOOKMARK_NOTE_MAX) : null;
}

const byPage = (a: TBookmark, b: TBookmark) =>
  a.page - b.page || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function useBookmarks(bookId: string): TBookmarksState {
  const engine = useSyncEngine();
  const queryClient = useQueryClient();
  const key = useMemo(() => syncKeys.bookmarks(bookId), [bookId]);
  const query = useQuery({ ...bookmarksQueryOptions(bookId), enabled: bookId !== '' });
  const pending = usePendingMutations();
  const bookmarks = useMemo(
    () => overlayBookmarks(query.data ?? [], pending, bookId).sort(byPage),
    [query.data, pending, bookId],
  );

  const change = useCallback(
    (update: (items: TBookmark[]) => TBookmark[]) =>
      queryClient.setQueryData<TBookmark[]>(key, (items) => update(items ?? []).sort(byPage)),
    [queryClient, key],
  );

  const addBookmark = useCallback(
    ({ page, note }: { page: number; note?: string | null }) => {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const clean = cleanNote(note);
      change((items) => [...items, { id, bookId, page, note: clean, hlc: null, createdAt: now, updatedAt: now }]);
      void engine
        .queueMutation({ type: 'bookmark.upsert', payload: { id, bookId, page, note: clean } })
        .catch(() => undefined);
      return id;
    },
    [engine, bookId, change],
  );

  const editBookmark = useCallback(
    (id: string, edit: { page?: number; note?: string | null }) => {
      const current = bookmarks.find((bookmark) => bookmark.id === id);
      if (!current) return;
      const next = {
        page: edit.page ?? current.page,
        note: edit.note === undefined ? current.note : cleanNote(edit.note),
      };
      const now = new Date().toISOString();
      change((items) => {
        const exists = items.some((item) => item.id === id);
        return exists
          ? items.map((item) => (item.id === id ? { ...item, ...next, updatedAt: now } : item))
          : [...items, { ...current, ...next, updatedAt: now }];
      });
      void engine.queueMutation({ type: 'bookmark.upsert', payload: { id, bookId, ...next } }).catch(() => undefined);
    },
    [engine, bookId, bookmarks, change],
  );

  const deleteBookmark = useCallback(
    (id: string) => {
      change((items) => items.filter((item) => item.id !== id));
      void engine.queueMutation({ type: 'bookmark.delete', payload: { id, bookId } }).catch(() => undefined);
    },
    [engine, bookId, change],
  );

  return {
    bookmarks,
    isLoading: query.isPending && query.fetchStatus !== 'paused' && bookId !== '',
    isError: query.isError,
    addBookmark,
    editBookmark,
    deleteBookmark,
  };
}
