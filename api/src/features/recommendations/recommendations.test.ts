import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookRecommendations, highlights, recommendationDismissals, similarBooks } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { computeRecommendations, readHighlightCounts } from './recommendations.service';
import { addTasteReaders, createTasteCatalogue, markFinished, markStarted } from './recommendations-test-support';

async function tasteWorld() {
  const t = setup();
  const catalogue = createTasteCatalogue(t.db);
  const { focus } = catalogue;
  const now = t.clock.now();
  const ada = await t.reader('premium', { firstName: 'Ada' });
  markFinished(t.db, ada.user.id, focus[0]!.id, now, 2);
  markStarted(t.db, ada.user.id, focus[1]!.id, now);
  await addTasteReaders(t, catalogue);
  await computeRecommendations(t);
  return { t, ada, ...catalogue };
}

describe('recommendations API', () => {
  it('shows rows with a reason on every card and never a book the reader read', async () => {
    const { ada, focus } = await tasteWorld();
    const { rows } = await successBody(ada.api.recommendations.$get());
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({
      type: 'because_you_read',
      title: 'Because you read Deep Focus 1',
      sourceBookId: focus[0]!.id,
    });
    // Readers of Deep Focus 1 went on to 3 and 4: co-reading puts them first.
    expect(
      rows[0]!.items
        .slice(0, 2)
        .map((item) => item.book.title)
        .sort(),
    ).toEqual(['Deep Focus 3', 'Deep Focus 4']);
    expect(rows[0]!.items[0]!.reason).toBe('Because you read Deep Focus 1: readers of it also read this');
    expect(rows.find((row) => row.type === 'more_in_category')?.title).toBe('More in Productivity');
    const shown = rows.flatMap((row) => row.items);
    expect(shown.map((item) => item.book.id)).not.toContain(focus[0]!.id);
    expect(shown.map((item) => item.book.id)).not.toContain(focus[1]!.id);
    for (const item of shown) expect(item.reason).not.toBe('');
    const quick = rows.find((row) => row.type === 'quick_read');
    expect(quick?.items[0]?.reason).toMatch(/^A quick read: 90 pages/);
  });

  it('"Not interested" hides the book at once, for good, and refills the row', async () => {
    const { t, ada } = await tasteWorld();
    const before = await successBody(ada.api.recommendations.$get());
    const target = before.rows[0]!.items[0]!.book;
    const dismissed = await ada.api.recommendations[':bookId'].dismiss.$post({ param: { bookId: target.id } });
    expect(dismissed.status).toBe(204);
    // Twice is the same as once.
    expect((await ada.api.recommendations[':bookId'].dismiss.$post({ param: { bookId: target.id } })).status).toBe(204);
    const after = await successBody(ada.api.recommendations.$get());
    const ids = after.rows.flatMap((row) => row.items.map((item) => item.book.id));
    expect(ids).not.toContain(target.id);
    // The dismissed book's row refills from the next candidate. (Later rows may then give up a book to it: a book
    // shows in one row only, and which one moves depends on ties between equal scores.)
    const rowOf = (rows: typeof before.rows) => rows.find((row) => row.type === before.rows[0]!.type)!;
    expect(rowOf(after.rows).items).toHaveLength(rowOf(before.rows).items.length);
    t.clock.advance(3_600_000);
    await computeRecommendations(t);
    const later = await successBody(ada.api.recommendations.$get());
    expect(later.rows.flatMap((row) => row.items.map((item) => item.book.id))).not.toContain(target.id);
    expect(
      t.db.select().from(recommendationDismissals).where(eq(recommendationDismissals.userId, ada.user.id)).all(),
    ).toHaveLength(1);
  });

  it('records clicks on recommended books and keeps them as history', async () => {
    const { t, ada, stoic } = await tasteWorld();
    const { rows } = await successBody(ada.api.recommendations.$get());
    const book = rows[0]!.items[0]!.book;
    expect((await ada.api.recommendations[':bookId'].click.$post({ param: { bookId: book.id } })).status).toBe(204);
    const stored = t.db
      .select({ clicked: bookRecommendations.clicked })
      .from(bookRecommendations)
      .where(and(eq(bookRecommendations.userId, ada.user.id), eq(bookRecommendations.bookId, book.id)))
      .all();
    expect(stored.every((row) => row.clicked)).toBe(true);
    // A book never recommended to this reader is not a recommendation to click.
    const notRecommended = stoic.find(
      (candidate) => !rows.some((row) => row.items.some((item) => item.book.id === candidate.id)),
    );
    if (notRecommended) {
      const response = await ada.api.recommendations[':bookId'].click.$post({ param: { bookId: notRecommended.id } });
      expect(response.status).toBe(404);
    }
  });

  it('marks a recommended book borrowed when the reader picks it', async () => {
    const t = setup();
    const { focus } = createTasteCatalogue(t.db);
    const reader = await t.reader('basic');
    markFinished(t.db, reader.user.id, focus[0]!.id, t.clock.now());
    await computeRecommendations(t);
    const { rows } = await successBody(reader.api.recommendations.$get());
    const book = rows[0]!.items[0]!.book;
    const picked = await reader.api.selections.$post({ json: { bookId: book.id } });
    expect(picked.status).toBeLessThan(300);
    const stored = t.db.select().from(bookRecommendations).where(eq(bookRecommendations.bookId, book.id)).all();
    expect(stored.some((row) => row.userId === reader.user.id && row.borrowed)).toBe(true);
  });

  it('answers bad input with problem+json naming the field, and unknown books with 404', async () => {
    const { ada } = await tasteWorld();
    const bad = await ada.api.recommendations[':bookId'].dismiss.$post({ param: { bookId: 'not-an-id' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toContainEqual({ field: 'bookId', message: 'Book id must be a valid id' });
    const unknown = await ada.api.recommendations[':bookId'].dismiss.$post({ param: { bookId: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
    const badSimilar = await ada.api.books[':idOrSlug'].similar.$get({ param: { idOrSlug: 'bad slug!' } });
    expect(badSimilar.status).toBe(400);
  });

  it('signed-out visitors get "More like this" (book-to-book only) and a 401 for personal rows', async () => {
    const { t, focus, stoic } = await tasteWorld();
    expect((await t.api.recommendations.$get()).status).toBe(401);
    const similar = await successBody(t.api.books[':idOrSlug'].similar.$get({ param: { idOrSlug: focus[0]!.slug } }));
    expect(similar.items.length).toBeGreaterThan(3);
    expect(similar.items.map((item) => item.book.id)).not.toContain(focus[0]!.id);
    expect(similar.items[0]!.book.title).toMatch(/^Deep Focus/);
    for (const item of similar.items) expect(item.reason).not.toBe('');
    expect(similar.items.map((item) => item.book.id)).not.toContain(stoic[7]!.id);
    // Co-reading needs three readers before it speaks on a public page.
    const stoicSimilar = t.db.select().from(similarBooks).where(eq(similarBooks.bookId, stoic[0]!.id)).all();
    expect(stoicSimilar.some((row) => row.reason === 'Readers of this book also read it')).toBe(false);
    expect((await t.api.books[':idOrSlug'].similar.$get({ param: { idOrSlug: 'no-such-book' } })).status).toBe(404);
  });
});

describe('highlights as a signal', () => {
  it('counts each reader’s live highlights per book, not deleted ones, only for the readers asked', async () => {
    const t = setup();
    const { focus } = createTasteCatalogue(t.db);
    const ada = await t.reader('premium', { firstName: 'Ada' });
    const bo = await t.reader('basic', { firstName: 'Bo' });
    const now = t.clock.now();
    const highlight = (userId: string, bookId: string, deletedAt: Date | null = null) =>
      t.db
        .insert(highlights)
        .values({ userId, bookId, page: 1, startOffset: 0, endOffset: 5, quote: 'Focus', color: 'yellow', deletedAt })
        .run();
    highlight(ada.user.id, focus[0]!.id);
    highlight(ada.user.id, focus[0]!.id);
    highlight(ada.user.id, focus[1]!.id, now);
    highlight(bo.user.id, focus[1]!.id);

    const all = readHighlightCounts(t.db, null);
    expect(all.get(ada.user.id)).toEqual(new Map([[focus[0]!.id, 2]]));
    expect(all.get(bo.user.id)).toEqual(new Map([[focus[1]!.id, 1]]));
    const onlyBo = readHighlightCounts(t.db, [bo.user.id]);
    expect([...onlyBo.keys()]).toEqual([bo.user.id]);
  });
});
