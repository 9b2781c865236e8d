/**
 * The reader's review deck on this device (docs/product/highlights.md#review-cards): the cards, their
 * highlights and the review log as GET /api/review-cards last answered, one row per signed-in user in
 * the `reviewDecks` table. Written by the highlights feature after each successful read; read when the
 * server cannot be reached, so a review session works offline (reviews made meanwhile wait in the outbox).
 */
import type { TReviewDeck } from '@shared/highlights';
import { getDb } from './db';

export async function storeReviewDeck(userId: string, deck: TReviewDeck, nowMs: number = Date.now()): Promise<void> {
  await getDb().reviewDecks.put({ userId, deck, storedAt: nowMs });
}

export async function loadReviewDeck(userId: string): Promise<TReviewDeck | null> {
  return (await getDb().reviewDecks.get(userId))?.deck ?? null;
}
