/**
 * The reader's review deck (docs/product/highlights.md#review-cards): the server's deck, kept on this
 * device (web/src/storage/review-deck.ts) so it opens offline, with the outbox's pending cards and
 * reviews merged in. Rating a card queues a `card.review` mutation: the schedule is replayed from the
 * review log on every device, so reviews made offline on two devices merge into one history.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reviewStreak, type TReviewDeck } from '@shared/highlights';
import type { TCardKind, TReviewRating } from '@shared/highlights.schemas';
import { useCurrentUser } from '@web/features/auth/queries';
import { usePendingMutationsState, useSyncEngine } from '@web/features/sync/use-sync';
import { loadReviewDeck, storeReviewDeck } from '@web/storage/review-deck';
import { dueCards, overlayDeck, type TDeckCard, type TMergedDeck } from './overlay';
import { fetchReviewDeck, highlightsKeys } from './queries';

/** The server's deck, or this device's copy when the server cannot be reached. */
async function readDeck(userId: string, signal: AbortSignal): Promise<TReviewDeck> {
  try {
    const deck = await fetchReviewDeck(signal);
    await storeReviewDeck(userId, deck).catch(() => undefined);
    return deck;
  } catch (error) {
    const stored = await loadReviewDeck(userId).catch(() => null);
    if (stored) return stored;
    throw error;
  }
}

export interface TReviewDeckState {
  isLoading: boolean;
  isError: boolean;
  deck: TMergedDeck;
  due: TDeckCard[];
  streak: number;
  /** Highlight ids that already have a card. */
  carded: ReadonlySet<string>;
  rate(cardId: string, rating: TReviewRating): void;
  makeCard(highlightId: string, kind: TCardKind): string;
  deleteCard(cardId: string): void;
}

/** `now` decides which cards are due; by default the moment the screen opened. */
export function useReviewDeck(now?: Date): TReviewDeckState {
  const [openedAt] = useState(() => new Date());
  const engine = useSyncEngine();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: [...highlightsKeys.deck, userId],
    queryFn: ({ signal }) => readDeck(userId!, signal),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: 30_000,
  });
  const { entries: pending, isLoaded: isPendingLoaded } = usePendingMutationsState();
  const deck = useMemo(() => overlayDeck(query.data ?? null, pending), [query.data, pending]);
  const nowMs = (now ?? openedAt).getTime();
  const due = useMemo(() => dueCards(deck, new Date(nowMs)), [deck, nowMs]);
  const streak = useMemo(
    () =>
      reviewStreak(
        deck.reviews.map((review) => review.reviewedAt),
        new Date(nowMs),
      ),
    [deck, nowMs],
  );
  const carded = useMemo(() => new Set(deck.cards.map((item) => item.highlight.id)), [deck]);

  const rate = useCallback(
    (cardId: string, rating: TReviewRating) => {
      const payload = { id: crypto.randomUUID(), cardId, rating, reviewedAt: new Date().toISOString() };
      void engine.queueMutation({ type: 'card.review', payload }).catch(() => undefined);
    },
    [engine],
  );
  const makeCard = useCallback(
    (highlightId: string, kind: TCardKind) => {
      const id = crypto.randomUUID();
      void engine.queueMutation({ type: 'card.upsert', payload: { id, highlightId, kind } }).catch(() => undefined);
      return id;
    },
    [engine],
  );
  const deleteCard = useCallback(
    (cardId: string) =>
      void engine.queueMutation({ type: 'card.delete', payload: { id: cardId } }).catch(() => undefined),
    [engine],
  );

  return {
    isLoading: userId !== null && (query.isPending || !isPendingLoaded),
    isError: query.isError,
    deck,
    due,
    streak,
    carded,
    rate,
    makeCard,
    deleteCard,
  };
}
