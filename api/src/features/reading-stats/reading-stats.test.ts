import { describe, expect, it } from 'vitest';
import { createBook } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { mutation, stampAt, sync, type TTestReader, type TTestSetup } from '../sync/sync-test-support';
import { countedReading, markReadingStatsDirty, rebuildDirtyReadingStats } from './reading-stats.service';

const book = (t: TTestSetup) => createBook(t.db, { pageCount: 200, skipIndex: true });

/** A reading event as a device records it: a page shown for `durationMs`, or the book finished (no duration). */
function readingEvent(
  t: TTestSetup,
  options: {
    sessionId: string;
    bookId: string;
    page: number;
    at: number;
    timeZone?: string;
  } & ({ eventType?: 'page_view'; durationMs: number } | { eventType: 'finish_book'; durationMs?: null }),
) {
  return mutation(
    {
      type: 'event.record',
      payload: {
        id: crypto.randomUUID(),
        sessionId: options.sessionId,
        bookId: options.bookId,
        eventType: options.eventType ?? 'page_view',
        pageNumber: options.page,
        durationMs: options.durationMs ?? null,
        occurredAt: new Date(options.at).toISOString(),
        ...(options.timeZone ? { meta: { timeZone: options.timeZone } } : {}),
      },
    },
    stampAt(t, options.at - t.clock.now().getTime()),
  );
}

async function dashboard(reader: TTestReader, timeZone = 'UTC') {
  return successBody(reader.api['reading-stats'].$get({ query: { timeZone } }));
}

describe('GET /api/reading-stats', () => {
  it('counts two sessions (one uploaded later from offline) by the rules, once, and refreshes after each sync', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const now = t.clock.now().getTime();
    const online = crypto.randomUUID();
    await sync(reader, [
      readingEvent(t, { sessionId: online, bookId: b.id, page: 1, durationMs: 30_000, at: now - 60_000 }),
      // A jump through the contents: page 52 is shown for 2 s only, then read.
      readingEvent(t, { sessionId: online, bookId: b.id, page: 52, durationMs: 2_000, at: now - 50_000 }),
      readingEvent(t, { sessionId: online, bookId: b.id, page: 53, durationMs: 60 * 60_000, at: now - 40_000 }),
    ]);
    const first = await dashboard(reader);
    expect(first.allTime).toMatchObject({ pages: 2, readingMs: 30_000 + 2_000 + 300_000, booksStarted: 1 });

    const offline = crypto.randomUUID();
    const offlineBatch = [
      readingEvent(t, { sessionId: offline, bookId: b.id, page: 54, durationMs: 120_000, at: now - 3 * 3_600_000 }),
      readingEvent(t, {
        sessionId: offline,
        bookId: b.id,
        page: 55,
        durationMs: 60_000,
        at: now - 3 * 3_600_000 + 60_000,
      }),
    ];
    await sync(reader, offlineBatch);
    await sync(reader, offlineBatch); // the device retries: same ids, nothing counted twice
    const second = await dashboard(reader);
    expect(second.allTime).toMatchObject({ pages: 4, readingMs: 332_000 + 180_000 });
    expect(second.thisYear.pages).toBe(4);
    expect(second.days.at(-1)).toMatchObject({ day: second.today, pages: 4 });
    expect(second.streaks.day.current).toBe(1);
    // The same figure for other features (challenges), between two instants.
    expect(
      countedReading({ db: t.db, userId: reader.user.id, from: new Date(now - 3_600_000), to: new Date(now) }),
    ).toMatchObject({ pages: 2, minutes: 5 });
  });

  it('keeps a streak across a time-zone change and uses the start of day', async () => {
    const t = setup();
    // Evenings at 20:00 in London on 2 and 3 March 2026 (UTC+0), then 20:00 in Tokyo on the 4th (11:00 UTC).
    t.clock.advance(Date.parse('2026-03-04T12:00:00Z') - t.clock.now().getTime());
    const reader = await t.reader('premium');
    const b = book(t);
    const readings = [
      { at: Date.parse('2026-03-02T20:00:00Z'), timeZone: 'Europe/London' },
      { at: Date.parse('2026-03-03T20:00:00Z'), timeZone: 'Europe/London' },
      { at: Date.parse('2026-03-04T11:00:00Z'), timeZone: 'Asia/Tokyo' },
    ];
    await sync(
      reader,
      readings.map((reading, index) =>
        readingEvent(t, {
          sessionId: crypto.randomUUID(),
          bookId: b.id,
          page: index + 1,
          durationMs: 10_000,
          ...reading,
        }),
      ),
    );
    const inTokyo = await dashboard(reader, 'Asia/Tokyo');
    expect(inTokyo.today).toBe('2026-03-04');
    expect(inTokyo.days.map((day) => day.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(inTokyo.streaks.day).toEqual({ current: 3, longest: 3 });

    // A zone chosen in the profile applies to every event; a 04:00 start keeps 01:30 on the evening before.
    const preferences = await successBody(reader.api['reading-preferences'].$get());
    expect(preferences).toMatchObject({ readingGoalsPerMonth: 2, dayStartMinutes: 0, timeZone: null });
    expect(preferences.emailPreferences).toEqual({
      weeklyRecommendations: true,
      newBookAlerts: true,
      personalizedDeals: true,
      readingReminders: true,
    });
    await sync(reader, [
      readingEvent(t, {
        sessionId: crypto.randomUUID(),
        bookId: b.id,
        page: 9,
        durationMs: 10_000,
        at: Date.parse('2026-03-04T01:30:00Z'),
        timeZone: 'Europe/London',
      }),
    ]);
    const saved = await reader.api['reading-preferences'].$put({
      json: { ...preferences, timeZone: 'Europe/London', dayStartMinutes: 240 },
    });
    expect(saved.status).toBe(200);
    const inLondon = await dashboard(reader, 'Asia/Tokyo');
    expect(inLondon.timeZone).toBe('Europe/London');
    expect(inLondon.days.map((day) => [day.day, day.pages])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-03', 2],
      ['2026-03-04', 1],
    ]);
  });

  it('keeps the advanced views and year in review for Premium', async () => {
    const t = setup();
    const basic = await t.reader('basic');
    const basicBook = book(t);
    expect((await basic.api.selections.$post({ json: { bookId: basicBook.id } })).status).toBe(201);
    const premium = await t.reader('premium');
    const b = book(t);
    const now = t.clock.now().getTime();
    for (const [reader, bookId] of [
      [basic, basicBook.id],
      [premium, b.id],
    ] as const) {
      await sync(reader, [
        readingEvent(t, { sessionId: crypto.randomUUID(), bookId, page: 1, durationMs: 60_000, at: now - 1000 }),
      ]);
    }
    expect((await dashboard(basic)).advanced).toBeNull();
    const advanced = (await dashboard(premium)).advanced!;
    expect(advanced.byHourMs.reduce((a, c) => a + c, 0)).toBe(60_000);
    expect(advanced.books[0]).toMatchObject({ bookId: b.id, pages: 1, pagesPerHour: 60 });
    const year = new Date(now).getUTCFullYear();
    const denied = await basic.api['reading-stats'].year[':year'].$get({ param: { year: String(year) }, query: {} });
    expect(denied.status).toBe(403);
    expect((await problemBody(denied)).detail).toBe('Year in review is part of Premium');
    const review = await successBody(
      premium.api['reading-stats'].year[':year'].$get({ param: { year: String(year) }, query: {} }),
    );
    expect(review).toMatchObject({ year, pages: 1, readingMs: 60_000, daysRead: 1, longestStreak: 1 });
  });

  it('counts finishes in the year in review as the dashboard does: once per session, a re-read again', async () => {
    const t = setup();
    const premium = await t.reader('premium');
    const [first, second] = [book(t), book(t)];
    const now = t.clock.now().getTime();
    const finish = (sessionId: string, bookId: string, at: number) =>
      readingEvent(t, { sessionId, bookId, page: 200, at, eventType: 'finish_book' });
    const [firstRead, reRead, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await sync(premium, [
      readingEvent(t, { sessionId: firstRead, bookId: first.id, page: 200, durationMs: 60_000, at: now - 9_000 }),
      finish(firstRead, first.id, now - 8_000),
      finish(firstRead, first.id, now - 7_000), // the same finish sent twice in one session counts once
      readingEvent(t, { sessionId: reRead, bookId: first.id, page: 200, durationMs: 60_000, at: now - 6_000 }),
      finish(reRead, first.id, now - 5_000),
      readingEvent(t, { sessionId: other, bookId: second.id, page: 200, durationMs: 60_000, at: now - 4_000 }),
      finish(other, second.id, now - 3_000),
    ]);
    const year = new Date(now).getUTCFullYear();
    const review = await successBody(
      premium.api['reading-stats'].year[':year'].$get({ param: { year: String(year) }, query: {} }),
    );
    expect(review.finishes).toBe(3);
    expect((await dashboard(premium)).thisYear.booksFinished).toBe(3);
    expect(review.booksFinished).toEqual([
      { bookId: first.id, title: first.title, author: first.author, times: 2 },
      { bookId: second.id, title: second.title, author: second.author, times: 1 },
    ]);
  });

  it('answers bad input with problem+json naming the field, and 401 when signed out', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const badZone = await reader.api['reading-stats'].$get({ query: { timeZone: 'Mars/Olympus' } });
    expect(badZone.status).toBe(400);
    expect((await problemBody(badZone)).errors).toEqual([{ field: 'timeZone', message: 'Choose a valid time zone' }]);
    const badYear = await reader.api['reading-stats'].year[':year'].$get({ param: { year: 'soon' }, query: {} });
    expect(badYear.status).toBe(400);
    const preferences = await successBody(reader.api['reading-preferences'].$get());
    const bad = await reader.api['reading-preferences'].$put({
      json: { ...preferences, readingGoalsPerMonth: -1, dayStartMinutes: 1440, dailyPagesGoal: 0 },
    });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: 'readingGoalsPerMonth', message: 'Monthly goal must be between 0 and 100 books' },
        { field: 'dayStartMinutes', message: 'Start of day must be between 00:00 and 23:59' },
        { field: 'dailyPagesGoal', message: 'Daily pages goal must be between 1 and 2000' },
      ]),
    );
    const garbage = await reader.post('/api/reading-preferences', 'not json');
    expect(garbage.status).toBeLessThan(500);
    expect((await t.api['reading-stats'].$get({ query: {} })).status).toBe(401);
  });

  it('the job rebuilds readers marked dirty', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    await sync(reader, [
      readingEvent(t, {
        sessionId: crypto.randomUUID(),
        bookId: b.id,
        page: 1,
        durationMs: 9_000,
        at: t.clock.now().getTime(),
      }),
    ]);
    expect(rebuildDirtyReadingStats({ db: t.db, now: t.clock.now })).toBe(1);
    expect(rebuildDirtyReadingStats({ db: t.db, now: t.clock.now })).toBe(0);
    markReadingStatsDirty(t.db, reader.user.id);
    expect(rebuildDirtyReadingStats({ db: t.db, now: t.clock.now })).toBe(1);
  });
});
