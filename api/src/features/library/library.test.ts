import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  analyticsUserLibrary,
  books as booksTable,
  readingEvents,
  readingSessions,
  userLibrary,
} from '../../db/schema';
import { createBook, createCategory } from '../../test-factories';
import { successBody, problemBody } from '../../test-utils';
import { get } from '../auth/auth-test-helpers';
import { setup } from '../selections/selections-test-support';
import { isoAt, mutation, stampAt, sync, type TTestSetup } from '../sync/sync-test-support';
import { LIBRARY_SESSION_DEVICE } from './library.service';

const book = (t: TTestSetup, title: string) => createBook(t.db, { title, pageCount: 100, skipIndex: true });

describe('POST /api/library and DELETE /api/library/:bookId', () => {
  it('adds a book once (201, then 200), records add_to_library, and removes it with remove_from_library', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const b = book(t, 'Atomic Habits');

    const added = await reader.api.library.$post({ json: { bookId: b.slug } });
    expect(added.status).toBe(201);
    expect(await successBody(added)).toEqual({ bookId: b.id, inLibrary: true, addedAt: isoAt(t) });
    expect((await reader.api.library.$post({ json: { bookId: b.id } })).status).toBe(200);

    const events = () =>
      t.db
        .select()
        .from(readingEvents)
        .where(eq(readingEvents.userId, reader.user.id))
        .all()
        .map((event) => event.eventType);
    expect(events()).toEqual(['add_to_library']);
    expect(t.db.select().from(readingSessions).get()).toMatchObject({ device: LIBRARY_SESSION_DEVICE, bookId: b.id });
    expect(t.db.select().from(analyticsUserLibrary).get()).toMatchObject({ addedAt: t.clock.now(), removedAt: null });

    t.clock.advance(1000);
    const removed = await reader.api.library[':bookId'].$delete({ param: { bookId: b.id } });
    expect(removed.status).toBe(204);
    expect(events()).toEqual(['add_to_library', 'remove_from_library']);
    expect(t.db.select().from(userLibrary).all()).toEqual([]);
    expect(t.db.select().from(analyticsUserLibrary).get()).toMatchObject({ removedAt: t.clock.now() });

    const again = await reader.api.library[':bookId'].$delete({ param: { bookId: b.id } });
    expect(again.status).toBe(404);
    expect((await problemBody(again)).detail).toBe('This book is not in your library');
  });

  it('validates input, 404s unknown books and never touches another reader’s shelf', async () => {
    const t = setup();
    const reader = await t.reader('basic');
    const other = await t.reader('basic');
    const b = book(t, 'Deep Work');

    const bad = await reader.api.library.$post({ json: { bookId: '' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toContainEqual({ field: 'bookId', message: 'Book id is required' });
    expect((await reader.api.library.$post({ json: { bookId: crypto.randomUUID() } })).status).toBe(404);
    t.db.update(booksTable).set({ isPublished: false }).where(eq(booksTable.id, b.id)).run();
    expect((await reader.api.library.$post({ json: { bookId: b.id } })).status).toBe(404);
    t.db.update(booksTable).set({ isPublished: true }).where(eq(booksTable.id, b.id)).run();

    expect((await other.api.library.$post({ json: { bookId: b.id } })).status).toBe(201);
    expect((await reader.api.library[':bookId'].$delete({ param: { bookId: b.id } })).status).toBe(404);
    expect(
      t.db
        .select()
        .from(userLibrary)
        .all()
        .map((row) => row.userId),
    ).toEqual([other.user.id]);
    expect((await successBody(reader.api.library.$get({ query: {} }))).items).toEqual([]);
    expect((await t.api.library.$get({ query: {} })).status).toBe(401);
  });
});

describe('GET /api/library', () => {
  it('shows added, picked and started books with progress, filtered by status, with counts', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const added = book(t, 'Added only');
    const picked = book(t, 'Picked');
    const started = book(t, 'Started');
    const finished = book(t, 'Finished');
    expect((await reader.api.library.$post({ json: { bookId: added.id } })).status).toBe(201);
    t.clock.advance(1000);
    for (const b of [picked, started, finished])
      expect((await reader.api.selections.$post({ json: { bookId: b.id } })).status).toBe(201);
    t.clock.advance(60_000);
    await sync(reader, [
      mutation({ type: 'progress.set', payload: { bookId: started.id, page: 25 } }, stampAt(t, -2000)),
      mutation({ type: 'progress.set', payload: { bookId: finished.id, page: 100 } }, stampAt(t, -1000)),
    ]);

    const all = await successBody(reader.api.library.$get({ query: {} }));
    expect(all.counts).toEqual({ all: 4, in_progress: 1, finished: 1, selected: 3 });
    expect(all.items.map((item) => [item.title, item.status])).toEqual([
      ['Finished', 'finished'],
      ['Started', 'in_progress'],
      // Picked after it was added: the pick is the more recent activity.
      ['Picked', 'not_started'],
      ['Added only', 'not_started'],
    ]);
    const startedItem = all.items[1];
    expect(startedItem).toMatchObject({
      bookId: started.id,
      inLibrary: false,
      selected: true,
      progress: {
        currentPage: 25,
        totalPages: 100,
        progressPercentage: 25,
        furthestPage: 25,
        lastReadAt: isoAt(t, -2000),
      },
      completedAt: null,
    });
    expect(all.items[3]).toMatchObject({
      inLibrary: true,
      selected: false,
      progress: null,
      addedAt: isoAt(t, -61_000),
    });

    const inProgress = await successBody(reader.api.library.$get({ query: { status: 'in_progress' } }));
    expect(inProgress.items.map((item) => item.title)).toEqual(['Started']);
    expect(inProgress.total).toBe(1);
    const done = await successBody(reader.api.library.$get({ query: { status: 'finished' } }));
    expect(done.items.map((item) => item.title)).toEqual(['Finished']);
    const selected = await successBody(
      reader.api.library.$get({ query: { status: 'selected', limit: '2', page: '2' } }),
    );
    expect(selected).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(selected.items.map((item) => item.title)).toEqual(['Picked']);

    // raw request: a status outside the typed filter list
    const bad = await get(t.app, '/api/library?status=reading&page=0', { cookie: reader.cookie });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.map((error) => error.field).sort()).toEqual(['page', 'status']);
  });
});

describe('GET /api/library/stats', () => {
  it('sums the reader’s own figures by the counting rules: every shelf book, counted pages and capped time', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('premium');
    const [a, b] = [book(t, 'A'), book(t, 'B')];
    expect((await reader.api.library.$post({ json: { bookId: a.id } })).status).toBe(201);
    const sessionId = crypto.randomUUID();
    await sync(reader, [
      mutation(
        { type: 'session.start', payload: { id: sessionId, bookId: a.id, startedAt: isoAt(t, -600_000) } },
        stampAt(t, -600_000),
      ),
      mutation({ type: 'progress.set', payload: { bookId: a.id, page: 30 } }, stampAt(t, -300_000)),
      // Page 1 read, page 2 flicked past (under 5 s), then a jump to page 30 left open for 10 minutes.
      ...[
        [1, 6_000],
        [2, 2_000],
        [30, 600_000],
      ].map(([page, durationMs], index) =>
        mutation(
          {
            type: 'event.record',
            payload: {
              id: crypto.randomUUID(),
              sessionId,
              bookId: a.id,
              eventType: 'page_view',
              pageNumber: page!,
              durationMs: durationMs!,
              occurredAt: isoAt(t, -500_000 + index * 1000),
            },
          },
          stampAt(t, -500_000 + index * 1000),
        ),
      ),
      mutation(
        { type: 'session.end', payload: { id: sessionId, bookId: a.id, endedAt: isoAt(t, -60_000) } },
        stampAt(t, -60_000),
      ),
      mutation({ type: 'progress.set', payload: { bookId: b.id, page: 100 } }, stampAt(t, -1000)),
    ]);
    await sync(other, [mutation({ type: 'progress.set', payload: { bookId: a.id, page: 77 } }, stampAt(t))]);

    const stats = await successBody(reader.api.library.stats.$get());
    expect(stats).toEqual({
      booksInLibrary: 2,
      inProgress: 1,
      finished: 1,
      selected: 0,
      pagesRead: 2,
      timeReadMs: 6_000 + 2_000 + 300_000,
      listenedMs: 0,
      sessions: 1,
      lastReadAt: isoAt(t, -1000),
    });
  });
});

describe('covers in the reader’s lists', () => {
  it('the shelf, "continue reading" and the picks show the catalogue’s cover, generated when none was uploaded', async () => {
    const t = setup();
    const reader = await t.reader('basic');
    const habits = createCategory(t.db, { name: 'Habits' });
    const generated = createBook(t.db, { title: 'Tiny Steps', pageCount: 100, categories: [habits], skipIndex: true });
    const uploaded = createBook(t.db, { title: 'Big Leaps', pageCount: 100, coverImageUrl: '/covers/big-leaps.webp' });
    const catalogueBook = await successBody(reader.api.books[':idOrSlug'].$get({ param: { idOrSlug: generated.id } }));
    expect(catalogueBook.coverImageUrl).toMatch(/^\/api\/books\/.+\/cover\.svg\?v=/);

    expect((await reader.api.selections.$post({ json: { bookId: generated.id } })).status).toBe(201);
    await reader.api.library.$post({ json: { bookId: uploaded.id } });
    await sync(reader, [mutation({ type: 'progress.set', payload: { bookId: generated.id, page: 10 } }, stampAt(t))]);

    const shelf = await successBody(reader.api.library.$get({ query: { status: 'all' } }));
    const coverOf = (id: string) => shelf.items.find((item) => item.bookId === id)?.coverImageUrl;
    expect(coverOf(generated.id)).toBe(catalogueBook.coverImageUrl);
    expect(coverOf(uploaded.id)).toBe('/covers/big-leaps.webp');
    const recent = await successBody(reader.api.progress.$get({ query: {} }));
    expect(recent.items[0]?.coverImageUrl).toBe(catalogueBook.coverImageUrl);
    const picks = await successBody(reader.api.selections.$get());
    expect(picks.items[0]?.coverImageUrl).toBe(catalogueBook.coverImageUrl);
  });
});
