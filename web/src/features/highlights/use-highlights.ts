/**
 * useHighlights(bookId): a book's highlights and notes on every device of the reader
 * (docs/product/highlights.md#sync). Reads the server's list and overlays changes still in the outbox;
 * add, edit and delete change the cached list at once and queue a sync mutation with an id made here,
 * so they work offline and reach the other devices on the next flush (like bookmarks).
 */
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { THighlightListItem } from '@shared/highlights';
import { HIGHLIGHT_NOTE_MAX, type TCardKind, type THighlightColor } from '@shared/highlights.schemas';
import { usePendingMutations, useSyncEngine } from '@web/features/sync/use-sync';
import { overlayHighlights } from './overlay';
import { bookHighlightsQueryOptions, highlightsKeys } from './queries';

export interface TNewHighlight {
  page: number;
  start: number;
  end: number;
  quote: string;
  color: THighlightColor;
  note?: string | null;
}

export interface THighlightsFeature {
  bookId: string;
  items: THighlightListItem[];
  isLoading: boolean;
  isError: boolean;
  /** Adds a highlight and returns its id. */
  add(input: TNewHighlight): string;
  edit(id: string, change: { color?: THighlightColor; note?: string | null }): void;
  remove(id: string): void;
  /** Makes a review card of the highlight (its text, or its note) and returns the card's id. */
  makeCard(highlightId: string, kind: TCardKind): string;
}

/** A note as stored: trimmed, at most HIGHLIGHT_NOTE_MAX characters, null when empty. */
export function cleanHighlightNote(note: string | null | undefined): string | null {
  const text = (note ?? '').trim();
  return text ? text.slice(0, HIGHLIGHT_NOTE_MAX) : null;
}

export function useHighlights(bookId: string, book: { title: string; slug: string }): THighlightsFeature {
  const engine = useSyncEngine();
  const queryClient = useQueryClient();
  const key = useMemo(() => highlightsKeys.book(bookId), [bookId]);
  const query = useQuery({ ...bookHighlightsQueryOptions(bookId), enabled: bookId !== '' });
  const pending = usePendingMutations();
  const items = useMemo(
    () => overlayHighlights(query.data ?? [], pending, bookId, book),
    [query.data, pending, bookId, book],
  );

  const change = useCallback(
    (update: (items: THighlightListItem[]) => THighlightListItem[]) =>
      queryClient.setQueryData<THighlightListItem[]>(key, (current) => update(current ?? [])),
    [queryClient, key],
  );

  const add = useCallback(
    (input: TNewHighlight) => {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const note = cleanHighlightNote(input.note);
      const payload = {
        id,
        bookId,
        page: input.page,
        start: input.start,
        end: input.end,
        quote: input.quote,
        color: input.color,
        note,
      };
      change((current) => [
        ...current,
        { ...payload, hlc: null, createdAt: now, updatedAt: now, bookTitle: book.title, bookSlug: book.slug },
      ]);
      void engine.queueMutation({ type: 'highlight.upsert', payload }, { flush: 'now' }).catch(() => undefined);
      return id;
    },
    [engine, bookId, book, change],
  );

  const edit = useCallback(
    (id: string, edit: { color?: THighlightColor; note?: string | null }) => {
      const current = items.find((item) => item.id === id);
      if (!current) return;
      const next = {
        color: edit.color ?? current.color,
        note: edit.note === undefined ? current.note : cleanHighlightNote(edit.note),
      };
      const now = new Date().toISOString();
      change((list) =>
        list.some((item) => item.id === id)
          ? list.map((item) => (item.id === id ? { ...item, ...next, updatedAt: now } : item))
          : [...list, { ...current, ...next, updatedAt: now }],
      );
      const { page, start, end, quote } = current;
      void engine
        .queueMutation({ type: 'highlight.upsert', payload: { id, bookId, page, start, end, quote, ...next } })
        .catch(() => undefined);
    },
    [engine, bookId, items, change],
  );

  const remove = useCallback(
    (id: string) => {
      change((list) => list.filter((item) => item.id !== id));
      void engine.queueMutation({ type: 'highlight.delete', payload: { id, bookId } }).catch(() => undefined);
    },
    [engine, bookId, change],
  );

  const makeCard = useCallback(
    (highlightId: string, kind: TCardKind) => {
      const id = crypto.randomUUID();
      void engine.queueMutation({ type: 'card.upsert', payload: { id, highlightId, kind } }).catch(() => undefined);
      return id;
    },
    [engine],
  );

  return {
    bookId,
    items,
    isLoading: query.isPending && query.fetchStatus !== 'paused' && bookId !== '',
    isError: query.isError,
    add,
    edit,
    remove,
    makeCard,
  };
}
