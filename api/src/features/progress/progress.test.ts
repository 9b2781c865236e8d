import { describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { createBook } from '../../test-factories';
import { successBody, problemBody } from '../../test-utils';
import { get } from '../auth/auth-test-helpers';
import { setup } from '../selections/selections-test-support';
import { mutation, stampAt, sync, type TTestSetup } from '../sync/sync-test-support';

const book = (t: TTestSetup, title?: string) =>
  createBook(t.db, { pageCount: 200, skipIndex: true, ...(title ? { title } : {}) });

describe('GET /api/progress/:bookId', () => {
  it("answers the reader's own position by id or slug, 404 when there is none or it is someone else's", async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('premium');
    const b = book(t);
    expect((await reader.api.progress[':bookId'].$get({ param: { bookId: b.id } })).status).toBe(404);
    await sync(reader, [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 30 } }, stampAt(t))]);

    for (const ref of [b.id, b.slug]) {
      const response = await reader.api.progress[':bookId'].$get({ param: { bookId: ref } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await successBody(response)).toMatchObject({
        bookId: b.id,
        currentPage: 30,
        totalPages: 200,
        progressPercentage: 15,
      });
    }
    const notTheirs = await other.api.progress[':bookId'].$get({ param: { bookId: b.id } });
    expect(notTheirs.status).toBe(404);
    expect((await problemBody(notTheirs)).detail).toBe('Reading progress not found');
    expect((await t.api.progress[':bookId'].$get({ param: { bookId: b.id } })).status).toBe(401);
    expect((await reader.api.progress[':bookId'].$get({ param: { bookId: 'bad id' } })).status).toBe(400);
  });

  it('names the registered device that set the position', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const device = t.db
      .insert(devices)
      .values({ userId: reader.user.id, name: 'Kitchen iPad', publicKey: '{}', keyThumbprint: 'thumb' })
      .returning()
      .get();
    await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 5 } }, stampAt(t, 0, 'ipad'))],
      device.id,
    );
    expect(await successBody(reader.api.progress[':bookId'].$get({ param: { bookId: b.id } }))).toMatchObject({
      deviceId: device.id,
      deviceName: 'Kitchen iPad',
    });
  });
});

describe('GET /api/progress', () => {
  it('lists the reader’s books by most recent reading, optionally only those in progress', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('premium');
    const [first, second, done] = [book(t, 'First'), book(t, 'Second'), book(t, 'Done')];
    await sync(reader, [
      mutation({ type: 'progress.set', payload: { bookId: first.id, page: 10 } }, stampAt(t, -30_000)),
      mutation({ type: 'progress.set', payload: { bookId: second.id, page: 20 } }, stampAt(t, -20_000)),
      mutation({ type: 'progress.set', payload: { bookId: done.id, page: 200 } }, stampAt(t, -10_000)),
    ]);
    await sync(other, [mutation({ type: 'progress.set', payload: { bookId: first.id, page: 99 } }, stampAt(t))]);

    const all = await successBody(reader.api.progress.$get({ query: {} }));
    expect(all.items.map((item) => [item.title, item.status])).toEqual([
      ['Done', 'finished'],
      ['Second', 'in_progress'],
      ['First', 'in_progress'],
    ]);
    expect(all.items[2]).toMatchObject({ currentPage: 10, slug: first.slug, author: first.author });
    const inProgress = await successBody(reader.api.progress.$get({ query: { status: 'in_progress', limit: '1' } }));
    expect(inProgress.items.map((item) => item.title)).toEqual(['Second']);

    // raw request: a status outside the typed filter list
    const bad = await get(t.app, '/api/progress?limit=0&status=finished', { cookie: reader.cookie });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.map((error) => error.field).sort()).toEqual(['limit', 'status']);
  });
});

describe('GET /api/bookmarks', () => {
  it("lists one book's live bookmarks by page, or the recent ones across books, never another reader's", async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('premium');
    const [a, b] = [book(t, 'Alpha'), book(t, 'Beta')];
    const deleted = crypto.randomUUID();
    await sync(reader, [
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: a.id, page: 40, note: 'later' } },
        stampAt(t, -5000),
      ),
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: a.id, page: 4 } },
        stampAt(t, -4000),
      ),
      mutation({ type: 'bookmark.upsert', payload: { id: deleted, bookId: a.id, page: 9 } }, stampAt(t, -3000)),
      mutation({ type: 'bookmark.delete', payload: { id: deleted, bookId: a.id } }, stampAt(t, -2000)),
    ]);
    t.clock.advance(1000);
    await sync(reader, [
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 7, note: 'newest' } },
        stampAt(t),
      ),
    ]);
    await sync(other, [
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: a.id, page: 1, note: 'private' } },
        stampAt(t),
      ),
    ]);

    const ofBook = await successBody(reader.api.bookmarks.$get({ query: { bookId: a.slug } }));
    expect(ofBook.items.map((item) => [item.page, item.note, item.bookTitle])).toEqual([
      [4, null, 'Alpha'],
      [40, 'later', 'Alpha'],
    ]);
    expect(ofBook).toMatchObject({ total: 2, page: 1, limit: 100 });

    const recent = await successBody(reader.api.bookmarks.$get({ query: { limit: '2' } }));
    expect(recent.total).toBe(3);
    expect(recent.items).toHaveLength(2);
    expect(recent.items[0].note).toBe('newest');
    expect(recent.items[0]).toMatchObject({ bookId: b.id, bookTitle: 'Beta', bookSlug: b.slug });

    const otherView = await successBody(other.api.bookmarks.$get({ query: { bookId: a.id } }));
    expect(otherView.items.map((item) => item.note)).toEqual(['private']);
    expect((await successBody(reader.api.bookmarks.$get({ query: { bookId: crypto.randomUUID() } }))).items).toEqual(
      [],
    );

    const bad = await reader.api.bookmarks.$get({ query: { bookId: '<script>', limit: '501' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.map((error) => error.field).sort()).toEqual(['bookId', 'limit']);
  });
});
