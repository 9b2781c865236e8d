/**
 * What the reader sees while highlight and card changes are still in the outbox: the server's answer
 * with this device's pending changes merged in by the rules the server applies (shared/highlights.ts),
 * so an offline highlight shows at once and a pending delete hides it (docs/product/highlights.md#sync).
 */
import {
  mergeHighlight,
  scheduleCard,
  type TCardReview,
  type THighlightListItem,
  type THighlightValue,
  type TReviewCard,
  type TReviewDeck,
  type TScheduledCard,
} from '@shared/highlights';
import type {
  TCardDeletePayload,
  TCardReviewPayload,
  TCardUpsertPayload,
  THighlightColor,
  THighlightDeletePayload,
  THighlightUpsertPayload,
} from '@shared/highlights.schemas';
import type { TOutboxEntry } from '@web/storage/db';

const iso = (ms: number) => new Date(ms).toISOString();

const toValue = (item: THighlightListItem): THighlightValue => ({
  id: item.id,
  bookId: item.bookId,
  page: item.page,
  start: item.start,
  end: item.end,
  quote: item.quote,
  color: item.color,
  note: item.note,
  hlc: item.hlc ?? '',
  deleted: false,
});

/**
 * The server's live highlights (of one book, or all when bookId is null) with this device's pending
 * upserts and deletes applied, in page order. `book` names a book for highlights made here.
 */
export function overlayHighlights(
  server: readonly THighlightListItem[],
  pending: readonly TOutboxEntry[],
  bookId: string | null,
  book: { title: string; slug: string } = { title: '', slug: '' },
): THighlightListItem[] {
  const known = new Map(server.map((item) => [item.id, item]));
  const merged = new Map<string, THighlightValue>(server.map((item) => [item.id, toValue(item)]));
  const changedAt = new Map<string, number>();
  for (const entry of pending) {
    if (entry.type !== 'highlight.upsert' && entry.type !== 'highlight.delete') continue;
    const payload = entry.payload as THighlightUpsertPayload | THighlightDeletePayload;
    if (bookId !== null && payload.bookId !== bookId) continue;
    const previous = merged.get(payload.id);
    const value: THighlightValue =
      entry.type === 'highlight.upsert'
        ? {
            ...(payload as THighlightUpsertPayload),
            bookId: previous?.bookId ?? payload.bookId,
            note: (payload as THighlightUpsertPayload).note?.trim() || null,
            hlc: entry.hlc,
            deleted: false,
          }
        : {
            id: payload.id,
            bookId: previous?.bookId ?? payload.bookId,
            page: previous?.page ?? 1,
            start: previous?.start ?? 0,
            end: previous?.end ?? 1,
            quote: previous?.quote ?? '',
            color: previous?.color ?? 'yellow',
            note: previous?.note ?? null,
            hlc: entry.hlc,
            deleted: true,
          };
    merged.set(payload.id, mergeHighlight(previous ?? null, value)!);
    changedAt.set(payload.id, entry.createdAt);
  }
  const items: THighlightListItem[] = [];
  for (const value of merged.values()) {
    if (value.deleted) continue;
    const existing = known.get(value.id);
    const fromServer = existing !== undefined && (existing.hlc ?? '') === value.hlc;
    if (fromServer) {
      items.push(existing);
      continue;
    }
    const at = iso(changedAt.get(value.id) ?? 0);
    items.push({
      id: value.id,
      bookId: value.bookId,
      page: value.page,
      start: value.start,
      end: value.end,
      quote: value.quote,
      color: value.color as THighlightColor,
      note: value.note,
      hlc: value.hlc || null,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
      bookTitle: existing?.bookTitle ?? book.title,
      bookSlug: existing?.bookSlug ?? book.slug,
    });
  }
  return items.sort((a, b) => a.page - b.page || a.start - b.start || a.id.localeCompare(b.id));
}

/** A card ready for the review session: its highlight and its schedule from the merged review log. */
export interface TDeckCard {
  card: TReviewCard;
  highlight: THighlightListItem;
  schedule: TScheduledCard;
}

export interface TMergedDeck {
  cards: TDeckCard[];
  reviews: TCardReview[];
}

/**
 * The deck as this device knows it: the stored deck with pending card creations, deletions and reviews
 * (and pending highlight changes) applied; each card's schedule replayed from its reviews.
 */
export function overlayDeck(deck: TReviewDeck | null, pending: readonly TOutboxEntry[]): TMergedDeck {
  const highlights = new Map(
    overlayHighlights(deck?.highlights ?? [], pending, null).map((item) => [item.id, item] as const),
  );
  const cards = new Map((deck?.cards ?? []).map((card) => [card.id, card] as const));
  const reviews = new Map((deck?.reviews ?? []).map((review) => [review.id, review] as const));
  for (const entry of pending) {
    if (entry.type === 'card.upsert') {
      const payload = entry.payload as TCardUpsertPayload;
      const highlight = highlights.get(payload.highlightId);
      if (!highlight) continue;
      cards.set(payload.id, {
        id: payload.id,
        highlightId: payload.highlightId,
        bookId: highlight.bookId,
        kind: payload.kind,
        hlc: entry.hlc,
        createdAt: cards.get(payload.id)?.createdAt ?? iso(entry.createdAt),
      });
    } else if (entry.type === 'card.delete') {
      cards.delete((entry.payload as TCardDeletePayload).id);
    } else if (entry.type === 'card.review') {
      const payload = entry.payload as TCardReviewPayload;
      reviews.set(payload.id, { ...payload, rating: payload.rating as TCardReview['rating'] });
    }
  }
  const byCard = new Map<string, TCardReview[]>();
  for (const review of reviews.values()) {
    if (!cards.has(review.cardId)) continue;
    byCard.set(review.cardId, [...(byCard.get(review.cardId) ?? []), review]);
  }
  const merged: TDeckCard[] = [];
  for (const card of cards.values()) {
    const highlight = highlights.get(card.highlightId);
    if (!highlight) continue;
    merged.push({ card, highlight, schedule: scheduleCard(byCard.get(card.id) ?? []) });
  }
  merged.sort((a, b) => a.schedule.due.getTime() - b.schedule.due.getTime() || a.card.id.localeCompare(b.card.id));
  return { cards: merged, reviews: [...reviews.values()].filter((review) => cards.has(review.cardId)) };
}

/** Cards due at `now`, soonest first. */
export function dueCards(deck: TMergedDeck, now: Date): TDeckCard[] {
  return deck.cards.filter((item) => item.schedule.due.getTime() <= now.getTime());
}
