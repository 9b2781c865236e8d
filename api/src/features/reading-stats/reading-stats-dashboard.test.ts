/**
 * The dashboard's answer pinned against the plain reading of the summary tables (docs/product/reading-stats.md): every
 * figure computed the straightforward way (all day rows, all read days, each hour histogram parsed, date strings) must
 * equal what getReadingDashboard serves, for Premium and Basic readers, a history longer than the heatmap's year, days
 * after today, a start of day and a zone from the profile, on days that start a month or a year, and days before and
 * after the last build (the stored by-hour window moved either way).
 */
import { describe, expect, it } from 'vitest';
import { dayStreak, goalPace, localDay, paceText, weekStreak } from '@shared/reading-stats';
import type { TPeriodFigures } from '@shared/reading-stats.schemas';
import { effectiveTier } from '@shared/entitlement';
import type { Db } from '../../db/client';
import { createBook } from '../../test-factories';
import { setup } from '../selections/selections-test-support';
import { syncEntitlements } from '../selections/entitlement-state';
import { saveReadingPreferences } from './reading-preferences.service';
import { getReadingDashboard } from './reading-stats.service';

const DAY_MS = 86_400_000;
const ZONE = 'America/New_York';
const DAY_START = 240;

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dashboard as the rules read on the whole summary tables, with no shortcut. */
function plainDashboard(db: Db, userId: string, now: Date) {
  const sqlite = db.$client;
  const today = localDay(now.getTime(), ZONE, DAY_START);
  const monthStart = `${today.slice(0, 8)}01`;
  const yearStart = `${today.slice(0, 5)}01-01`;
  const since = dayText(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS);
  const rows = sqlite.prepare('select * from reading_day_stats where user_id = ? order by day').all(userId) as {
    day: string;
    reading_ms: number;
    tts_ms: number;
    pages: number;
    books_finished: number;
    hour_ms: string;
  }[];
  const books = sqlite
    .prepare(
      `select s.*, b.title, b.slug, rp.total_pages, rp.current_page from reading_book_stats s join books b on b.id = s.book_id
       left join reading_progress rp on rp.user_id = s.user_id and rp.book_id = s.book_id
       where s.user_id = ? order by s.last_read_at desc`,
    )
    .all(userId) as {
    book_id: string;
    title: string;
    slug: string;
    first_read_at: number;
    reading_ms: number;
    pages: number;
    sessions: number;
    times_finished: number;
    total_pages: number | null;
    current_page: number | null;
  }[];
  const period = (from: string): TPeriodFigures => {
    const inside = rows.filter((row) => row.day >= from && row.day <= today);
    return {
      readingMs: inside.reduce((sum, row) => sum + row.reading_ms, 0),
      ttsMs: inside.reduce((sum, row) => sum + row.tts_ms, 0),
      pages: inside.reduce((sum, row) => sum + row.pages, 0),
      booksStarted: books.filter((book) => {
        const started = localDay(book.first_read_at, ZONE, DAY_START);
        return started >= from && started <= today;
      }).length,
      booksFinished: inside.reduce((sum, row) => sum + row.books_finished, 0),
    };
  };
  const heatmap = rows.filter((row) => row.day >= since);
  const byHourMs = Array<number>(24).fill(0);
  const byWeekdayMs = Array<number>(7).fill(0);
  for (const row of heatmap) {
    (JSON.parse(row.hour_ms) as number[]).forEach((ms, hour) => {
      byHourMs[hour]! += ms;
    });
    byWeekdayMs[(new Date(`${row.day}T00:00:00Z`).getUTCDay() + 6) % 7]! += row.reading_ms;
  }
  const readDays = rows.filter((row) => row.pages > 0).map((row) => row.day);
  const thisMonth = period(monthStart);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const goal = (target: number, done: number, unit: { one: string; many: string }) => {
    const pace = goalPace({ goal: target, done, periodStart: monthStart, periodDays: monthDays, today });
    return { goal: target, done, pace: paceText(pace, unit), projectedFinish: pace.projectedFinish };
  };
  const premium = effectiveTier(syncEntitlements({ db, userId, now, write: false }).user, now) === 'premium';
  return {
    timeZone: ZONE,
    dayStartMinutes: DAY_START,
    today,
    allTime: {
      readingMs: rows.reduce((sum, row) => sum + row.reading_ms, 0),
      ttsMs: rows.reduce((sum, row) => sum + row.tts_ms, 0),
      pages: rows.reduce((sum, row) => sum + row.pages, 0),
      booksStarted: books.length,
      booksFinished: rows.reduce((sum, row) => sum + row.books_finished, 0),
    },
    thisMonth,
    thisYear: period(yearStart),
    days: heatmap.map((row) => ({ day: row.day, readingMs: row.reading_ms, ttsMs: row.tts_ms, pages: row.pages })),
    streaks: { day: dayStreak(readDays, today), week: weekStreak(readDays, today) },
    goals: {
      booksThisMonth: goal(3, thisMonth.booksFinished, { one: 'book', many: 'books' }),
      pagesThisMonth: goal(20 * monthDays, thisMonth.pages, { one: 'page', many: 'pages' }),
      minutesThisMonth: goal(30 * monthDays, Math.floor(thisMonth.readingMs / 60_000), {
        one: 'minute',
        many: 'minutes',
      }),
    },
    advanced: premium
      ? {
          byHourMs,
          byWeekdayMs,
          books: books.slice(0, 50).map((book) => {
            const perHour = book.reading_ms > 0 && book.pages > 0 ? (book.pages / book.reading_ms) * 3_600_000 : null;
            const left = book.total_pages === null ? null : Math.max(book.total_pages - (book.current_page ?? 0), 0);
            return {
              bookId: book.book_id,
              title: book.title,
              slug: book.slug,
              readingMs: book.reading_ms,
              pages: book.pages,
              sessions: book.sessions,
              timesFinished: book.times_finished,
              pagesPerHour: perHour === null ? null : Math.round(perHour * 10) / 10,
              timeLeftMs: perHour === null || left === null ? null : Math.round((left / perHour) * 3_600_000),
            };
          }),
        }
      : null,
  };
}

/** Two years and a bit of summaries (some days only listened to, a few after today), as the job would have built them. */
function seedSummaries(db: Db, userId: string, bookIds: string[], nowMs: number, seed: number) {
  const next = random(seed);
  const sqlite = db.$client;
  const insertDay = sqlite.prepare(
    `insert into reading_day_stats (user_id, day, reading_ms, tts_ms, pages, sessions, books_finished, hour_ms)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const firstDay = Math.floor(nowMs / DAY_MS) - 800;
  for (let day = firstDay; day <= firstDay + 802; day += 1) {
    // Runs of reading with gaps, so streaks of every length occur.
    if (next() < 0.3) continue;
    const listenedOnly = next() < 0.1;
    const hours = Array.from({ length: 24 }, () => (next() < 0.2 ? Math.floor(next() * 600_000) : 0));
    const readingMs = listenedOnly ? 0 : hours.reduce((sum, ms) => sum + ms, 0);
    insertDay.run(
      userId,
      dayText(day * DAY_MS),
      readingMs,
      next() < 0.2 ? Math.floor(next() * 900_000) : 0,
      listenedOnly ? 0 : 1 + Math.floor(next() * 40),
      1,
      next() < 0.05 ? 1 : 0,
      JSON.stringify(listenedOnly ? Array(24).fill(0) : hours),
    );
  }
  const insertBook = sqlite.prepare(
    `insert into reading_book_stats (user_id, book_id, first_read_at, last_read_at, reading_ms, tts_ms, pages, sessions, times_finished)
     values (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  bookIds.forEach((bookId, index) => {
    const firstReadAt = nowMs - [2, 40, 500][index % 3]! * DAY_MS - Math.floor(next() * DAY_MS);
    insertBook.run(
      userId,
      bookId,
      firstReadAt,
      nowMs - index * DAY_MS,
      3_600_000 * (index + 1),
      30 * (index + 1),
      4,
      index % 2,
    );
  });
  sqlite
    .prepare(
      `insert into reading_progress (id, user_id, book_id, current_page, total_pages, created_at, updated_at)
       values (?, ?, ?, 120, 300, ?, ?)`,
    )
    .run(crypto.randomUUID(), userId, bookIds[0], nowMs, nowMs);
  // The state the build leaves: the zone and start of day, and the by-hour window of the heatmap's year as of now.
  const windowSince = dayText(Date.parse(`${localDay(nowMs, ZONE, DAY_START)}T00:00:00Z`) - 364 * DAY_MS);
  const windowHourMs = Array<number>(24).fill(0);
  const inWindow = sqlite
    .prepare<[string, string], string>('select hour_ms from reading_day_stats where user_id = ? and day >= ?')
    .pluck()
    .all(userId, windowSince);
  for (const text of inWindow) {
    (JSON.parse(text) as number[]).forEach((ms, hour) => {
      windowHourMs[hour]! += ms;
    });
  }
  sqlite
    .prepare(
      `insert into reading_stats_state (user_id, time_zone, day_start_minutes, dirty, built_at, window_since, window_hour_ms)
       values (?, ?, ?, 0, ?, ?, ?)
       on conflict (user_id) do update set time_zone = excluded.time_zone, day_start_minutes = excluded.day_start_minutes,
       dirty = 0, window_since = excluded.window_since, window_hour_ms = excluded.window_hour_ms`,
    )
    .run(userId, `profile:${ZONE}`, DAY_START, nowMs, windowSince, JSON.stringify(windowHourMs));
}

describe('GET /api/reading-stats answers as the plain reading of the summaries', () => {
  it('for Premium and Basic readers, over month and year boundaries', async () => {
    const t = setup();
    const books = [0, 1, 2].map(() => createBook(t.db, { pageCount: 300, skipIndex: true }).id);
    const readers = [await t.reader('premium'), await t.reader('basic')];
    const nowMs = t.clock.now().getTime();
    readers.forEach((reader, index) => {
      saveReadingPreferences({
        db: t.db,
        userId: reader.user.id,
        input: {
          favoriteGenres: [],
          preferredAuthors: [],
          readingGoalsPerMonth: 3,
          dailyPagesGoal: 20,
          dailyMinutesGoal: 30,
          preferredBookLength: 'medium',
          timeZone: ZONE,
          dayStartMinutes: DAY_START,
          emailPreferences: {
            weeklyRecommendations: true,
            newBookAlerts: true,
            personalizedDeals: true,
            readingReminders: true,
          },
        },
        now: new Date(nowMs),
      });
      seedSummaries(t.db, reader.user.id, books, nowMs, 7 + index);
    });
    // Today, then days that start a month, a year, end a year, and one in the middle of the first year.
    const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS + 15 * 3_600_000;
    const moments = [0, 1, 20, -3, -17, -40, -200, -365, -380, -500].map((days) => todayMs + days * DAY_MS);
    const firstOfMonth = new Date(todayMs);
    firstOfMonth.setUTCDate(1);
    const newYear = Date.UTC(new Date(todayMs).getUTCFullYear(), 0, 1, 15);
    moments.push(firstOfMonth.getTime(), newYear, newYear - DAY_MS, newYear + 3 * 3_600_000 - DAY_MS);
    // The last day of a leap year, when the heatmap's year starts after this year's first day; and a leap day.
    moments.push(Date.UTC(2024, 11, 31, 15), Date.UTC(2024, 1, 29, 15));
    expect(todayMs - 790 * DAY_MS).toBeLessThan(Date.UTC(2024, 1, 1));
    let premiumSeen = 0;
    for (const reader of readers) {
      for (const moment of moments) {
        const now = new Date(moment);
        const served = getReadingDashboard({ db: t.db, userId: reader.user.id, browserTimeZone: 'UTC', now });
        expect(served, `${reader.user.id} at ${now.toISOString()}`).toEqual(plainDashboard(t.db, reader.user.id, now));
        if (served.advanced) premiumSeen += 1;
        expect(served.days.length).toBeGreaterThan(100);
      }
    }
    expect(premiumSeen).toBe(moments.length);
  });
});
