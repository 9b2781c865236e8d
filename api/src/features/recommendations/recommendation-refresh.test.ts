import { describe, expect, it, vi } from 'vitest';
import { successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { mutation, stampAt, sync } from '../sync/sync-test-support';
import {
  queueRecommendationRefresh,
  REFRESH_MAX_WAIT_MS,
  REFRESH_QUIET_MS,
  refreshQueuedRecommendations,
  startRecommendationRefresher,
} from './recommendation-refresh';
import { computeRecommendations } from './recommendations.service';
import { addTasteReaders, createTasteCatalogue, markFinished } from './recommendations-test-support';

/** Ada finished a focus book; the focus readers and the stoic readers give the model its two tastes. */
async function world() {
  const t = setup();
  const catalogue = createTasteCatalogue(t.db);
  const { focus } = catalogue;
  const now = t.clock.now();
  const ada = await t.reader('premium', { firstName: 'Ada' });
  markFinished(t.db, ada.user.id, focus[0]!.id, now, 3);
  await addTasteReaders(t, catalogue);
  await computeRecommendations(t);
  const rows = async () => (await successBody(ada.api.recommendations.$get())).rows;
  const shownIds = async () => (await rows()).flatMap((row) => row.items.map((item) => item.book.id));
  return { t, ada, rows, shownIds, ...catalogue };
}

describe('recommendations after reading (docs/product/recommendations.md#after-reading)', () => {
  it('a book finished at sync becomes "Because you read", once the reader has been quiet a little while', async () => {
    const { t, ada, rows, stoic } = await world();
    expect((await rows())[0]?.title).toBe('Because you read Deep Focus 1');
    const finished = stoic[0]!;
    await sync(ada, [mutation({ type: 'progress.set', payload: { bookId: finished.id, page: 200 } }, stampAt(t))]);

    // Not on the request path, and not while the reader is still reading.
    expect((await rows())[0]?.title).toBe('Because you read Deep Focus 1');
    t.clock.advance(REFRESH_QUIET_MS - 1000);
    expect(await refreshQueuedRecommendations(t)).toBe(0);
    t.clock.advance(1000);
    expect(await refreshQueuedRecommendations(t)).toBe(1);

    const after = await rows();
    expect(after[0]).toMatchObject({ title: 'Because you read Stoic Letters 1', sourceBookId: finished.id });
    expect(after.flatMap((row) => row.items.map((item) => item.book.id))).not.toContain(finished.id);
    // Refreshed once: nothing is left waiting.
    t.clock.advance(REFRESH_QUIET_MS);
    expect(await refreshQueuedRecommendations(t)).toBe(0);
  });

  it('a book started at sync leaves the rows; a bookmark alone changes nothing', async () => {
    const { t, ada, shownIds } = await world();
    const [started] = await shownIds();
    await sync(ada, [
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: started!, page: 3 } },
        stampAt(t),
      ),
    ]);
    t.clock.advance(REFRESH_QUIET_MS);
    expect(await refreshQueuedRecommendations(t)).toBe(0);

    await sync(ada, [mutation({ type: 'progress.set', payload: { bookId: started!, page: 12 } }, stampAt(t))]);
    t.clock.advance(REFRESH_QUIET_MS);
    expect(await refreshQueuedRecommendations(t)).toBe(1);
    expect(await shownIds()).not.toContain(started);
  });

  it('a review written or deleted refreshes the rows: a rated book is never recommended', async () => {
    const { t, ada, shownIds } = await world();
    const [rated] = await shownIds();
    const saved = await ada.api.books[':idOrSlug'].reviews.mine.$put({
      param: { idOrSlug: rated! },
      json: { rating: 2 },
    });
    expect(saved.status).toBe(201);
    t.clock.advance(REFRESH_QUIET_MS);
    expect(await refreshQueuedRecommendations(t)).toBe(1);
    expect(await shownIds()).not.toContain(rated);

    expect((await ada.api.books[':idOrSlug'].reviews.mine.$delete({ param: { idOrSlug: rated! } })).status).toBe(200);
    t.clock.advance(REFRESH_QUIET_MS);
    expect(await refreshQueuedRecommendations(t)).toBe(1);
  });

  it('a reader who keeps reading is refreshed at the latest REFRESH_MAX_WAIT_MS after the first change', async () => {
    const { t, ada } = await world();
    const step = REFRESH_QUIET_MS / 2;
    queueRecommendationRefresh(t.db, ada.user.id, t.clock.now());
    for (let waited = step; waited < REFRESH_MAX_WAIT_MS; waited += step) {
      t.clock.advance(step);
      queueRecommendationRefresh(t.db, ada.user.id, t.clock.now());
      expect(await refreshQueuedRecommendations(t)).toBe(0);
    }
    t.clock.advance(step);
    expect(await refreshQueuedRecommendations(t)).toBe(1);
  });

  it('the background refresher gives a reader with no rows yet their first ones, with no model built before', async () => {
    const t = setup();
    const { focus } = createTasteCatalogue(t.db);
    const reader = await t.reader('premium');
    for (const n of [1, 2]) {
      const other = await t.reader('basic', { firstName: `Focus${n}` });
      for (const book of [focus[0]!, focus[2]!]) markFinished(t.db, other.user.id, book.id, t.clock.now(), 10);
    }
    const rows = async () => (await successBody(reader.api.recommendations.$get())).rows;
    expect(await rows()).toEqual([]);
    await sync(reader, [mutation({ type: 'progress.set', payload: { bookId: focus[0]!.id, page: 240 } }, stampAt(t))]);
    t.clock.advance(REFRESH_QUIET_MS);
    const stop = startRecommendationRefresher(t, 10);
    try {
      await vi.waitFor(async () => expect((await rows())[0]?.title).toBe('Because you read Deep Focus 1'), {
        timeout: 5000,
      });
    } finally {
      stop();
    }
  });
});
