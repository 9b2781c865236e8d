/**
 * Bookmarks with notes for one book: the list from the server, changed optimistically on screen and
 * queued as sync mutations (bookmark.upsert / bookmark.delete with ids made here), so adding a
 * bookmark works offline too and reaches the reader's other devices when the outbox is sent.
 */
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBookmark } from '@shared/progress';
import { BOOKMARK_NOTE_MAX } from '@shared/sync.schemas';
import { bookmarksQueryOptions, readerKeys } from './queries';
import { queueReaderMutation } from './reader-sync';

export interface TBookmarksFeature {
  items: TBookmark[];
  isLoading: boolean;
  isError: boolean;
  add(page: number, note?: string | null): TBookmark;
  updateNote(id: string, note: string | null): void;
  remove(id: string): void;
}

/** A note as stored: trimmed, cut to the server's limit, null when empty. */
export function cleanBookmarkNote(note: string | null | undefined): string | null {
  const text = (note ?? '').trim();
  return text ? text.slice(0, BOOKMARK_NOTE_MAX) : null;
}

export function sortBookmarks(items: TBookmark[]): TBookmark[] {
  return [...items].sort((a, b) => a.page - b.page || a.createdAt.localeCompare(b.createdAt));
}

export function useBookmarks(bookId: string): TBookmarksFeature {
  const queryClient = useQueryClient();
  const query = useQuery({ ...bookmarksQueryOptions(bookId), refetchOnWindowFocus: false });
  const key = useMemo(() => readerKeys.bookmarks(bookId), [bookId]);

  const change = useCallback(
    (update: (items: TBookmark[]) => TBookmark[]) => {
      queryClient.setQueryData<TBookmark[]>(key, (items) => sortBookmarks(update(items ?? [])));
    },
    [queryClient, key],
  );

  const add = useCallback(
    (page: number, note?: string | null): TBookmark => {
      const now = new Date().toISOString();
      const bookmark: TBookmark = { id: crypto.randomUUID(), bookId, page, note: cleanBookmarkNote(note), hlc: null, createdAt: now, updatedAt: now };
      change((items) => [...items, bookmark]);
      queueReaderMutation({ type: 'bookmark.upsert', payload: { id: bookmark.id, bookId, page, note: bookmark.note } });
      return bookmark;
    },
    [bookId, change],
  );

  const updateNote = useCallback(
    (id: string, note: string | null) => {
      const existing = queryClient.getQueryData<TBookmark[]>(key)?.find((item) => item.id === id);
      if (!existing) return;
      const clean = cleanBookmarkNote(note);
      change((items) => items.map((item) => (item.id === id ? { ...item, note: clean, updatedAt: new Date().toISOString() } : item)));
      queueReaderMutation({ type: 'bookmark.upsert', payload: { id, bookId, page: existing.page, note: clean } });
    },
    [bookId, change, queryClient, key],
  );

  const remove = useCallback(
    (id: string) => {
      change((items) => items.filter((item) => item.id !== id));
      queueReaderMutation({ type: 'bookmark.delete', payload: { id, bookId } });
    },
    [bookId, change],
  );

  const items = useMemo(() => sortBookmarks(query.data ?? []), [query.data]);
  return { items, isLoading: query.isPending, isError: query.isError, add, updateNote, remove };
}
