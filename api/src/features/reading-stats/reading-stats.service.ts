/**
 * Reading statistics (docs/product/reading-stats.md): the summaries built from reading events by the counting rules
 * (shared/reading-stats.ts), the dashboard's figures, streaks and goals read from them, Premium's advanced views and
 * year in review, and `countedReading` for other features (challenges) that need counted pages and minutes between
 * two instants. Always scoped to one reader.
 */
import {
  addDays,
  countReading,
  dayNumber,
  dayStreak,
  dayStreakOfNumbers,
  daysBetween,
  goalPace,
  localDay,
  paceText,
  summariseReading,
  type TCountedReading,
  type TStatsEvent,
  TTS_TIMED_EVENT_TYPES,
  weekdayOfNumber,
  weekStreakOfNumbers,
} from '@shared/reading-stats';
import type {
  TBookFigures,
  TDayFigures,
  TGoalProgress,
  TPeriodFigures,
  TReadingDashboard,
  TYearInReview,
} from '@shared/reading-stats.schemas';
import { effectiveTier } from '@shared/entitlement';
import type { TSubscriptionTier } from '@shared/tiers';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { AppError } from '../../lib/app-error';
import { readingPreferencesOf } from './reading-preferences.service';

/** Events that the counting rules read. */
const COUNTED_EVENT_TYPES = ['page_view', 'finish_book', ...TTS_TIMED_EVENT_TYPES];
const COUNTED_TYPES_SQL = COUNTED_EVENT_TYPES.map((type) => `'${type}'`).join(', ');
const HEATMAP_DAYS = 365;
/** The device's zone the reader tracker writes into each event's meta (web/src/features/reader/reading-tracker.ts). */
const EVENT_ZONE = `case when json_valid(meta) then json_extract(meta, '$.timeZone') end as time_zone`;

interface TEventRow {
  session_id: string;
  book_id: string;
  event_type: TStatsEvent['eventType'];
  page_number: number | null;
  duration_ms: number | null;
  occurred_at: number;
  time_zone: string | null;
}

interface TDayRow {
  day: string;
  reading_ms: number;
  tts_ms: number;
  pages: number;
  sessions: number;
  books_finished: number;
  hour_ms: string;
}

/** A day row as the dashboard reads it, as an array (no object per row): day, reading, read-aloud, pages, finished. */
type TDashboardDay = [day: string, readingMs: number, ttsMs: number, pages: number, booksFinished: number];

interface TAccessRow {
  subscription_tier: TSubscriptionTier;
  subscription_status: string;
  trial_ends_at: number | null;
  free_trial_ended_at: number | null;
  subscription_current_period_end: number | null;
}

interface TBookRow {
  book_id: string;
  first_read_at: number;
  last_read_at: number;
  reading_ms: number;
  tts_ms: number;
  pages: number;
  sessions: number;
  times_finished: number;
}

const statements = perConnection((db) => {
  const client = db.$client;
  return {
    events: client.prepare<[string], TEventRow>(
      `select session_id, book_id, event_type, page_number, duration_ms, occurred_at, ${EVENT_ZONE} from reading_events
       where user_id = ? and event_type in (${COUNTED_TYPES_SQL})`,
    ),
    eventsBetween: client.prepare<[string, number, number], TEventRow>(
      `select session_id, book_id, event_type, page_number, duration_ms, occurred_at, ${EVENT_ZONE} from reading_events
       where user_id = ? and occurred_at >= ? and occurred_at < ? and event_type in (${COUNTED_TYPES_SQL})`,
    ),
    state: client.prepare<[string], TStateRow>(
      'select time_zone, day_start_minutes, dirty, window_since, window_hour_ms from reading_stats_state where user_id = ?',
    ),
    markDirty: client.prepare(
      `insert into reading_stats_state (user_id, time_zone, day_start_minutes, dirty) values (?, 'UTC', 0, 1)
       on conflict (user_id) do update set dirty = 1`,
    ),
    dirtyReaders: client
      .prepare<[number], string>('select user_id from reading_stats_state where dirty = 1 limit ?')
      .pluck(),
    saveState: client.prepare(
      `insert into reading_stats_state (user_id, time_zone, day_start_minutes, dirty, built_at, window_since, window_hour_ms)
       values (@userId, @timeZone, @dayStartMinutes, 0, @now, @windowSince, @windowHourMs)
       on conflict (user_id) do update set time_zone = @timeZone, day_start_minutes = @dayStartMinutes, dirty = 0, built_at = @now,
         window_since = @windowSince, window_hour_ms = @windowHourMs`,
    ),
    deleteDays: client.prepare('delete from reading_day_stats where user_id = ?'),
    deleteBooks: client.prepare('delete from reading_book_stats where user_id = ?'),
    insertDay: client.prepare(
      `insert into reading_day_stats (user_id, day, reading_ms, tts_ms, pages, sessions, books_finished, hour_ms)
       values (@userId, @day, @readingMs, @ttsMs, @pages, @sessions, @booksFinished, @hourMs)`,
    ),
    insertBook: client.prepare(
      `insert into reading_book_stats (user_id, book_id, first_read_at, last_read_at, reading_ms, tts_ms, pages, sessions, times_finished)
       values (@userId, @bookId, @firstReadAt, @lastReadAt, @readingMs, @ttsMs, @pages, @sessions, @timesFinished)`,
    ),
    days: client.prepare<[string, string], TDayRow>(
      `select day, reading_ms, tts_ms, pages, sessions, books_finished, hour_ms from reading_day_stats
       where user_id = ? and day >= ? order by day`,
    ),
    /** Every day row of the reader, for the dashboard's one pass (a few hundred rows a year). */
    allDays: client
      .prepare<[string], TDashboardDay>(
        'select day, reading_ms, tts_ms, pages, books_finished from reading_day_stats where user_id = ? order by day',
      )
      .raw(),
    /** The access fields of the reader, for Premium's views (the entitlement rules decide). */
    access: client.prepare<[string], TAccessRow>(
      `select subscription_tier, subscription_status, trial_ends_at, free_trial_ended_at, subscription_current_period_end
       from users where id = ?`,
    ),
    dayTotals: client.prepare<
      [string],
      { reading_ms: number | null; tts_ms: number | null; pages: number | null; books_finished: number | null }
    >(
      `select sum(reading_ms) as reading_ms, sum(tts_ms) as tts_ms, sum(pages) as pages, sum(books_finished) as books_finished
       from reading_day_stats where user_id = ?`,
    ),
    readDays: client
      .prepare<[string], string>('select day from reading_day_stats where user_id = ? and pages > 0 order by day')
      .pluck(),
    /** When each book was first read, for books started (Basic and trial readers get no per-book figures). */
    /** Hour histograms of the days between two days (from inclusive, to exclusive): the days the heatmap's year moved. */
    hoursBetween: client
      .prepare<[string, string, string], string>(
        'select hour_ms from reading_day_stats where user_id = ? and day >= ? and day < ?',
      )
      .pluck(),
    bookStarts: client
      .prepare<[string], number>('select first_read_at from reading_book_stats where user_id = ?')
      .pluck(),
    books: client.prepare<
      [string],
      TBookRow & { title: string; slug: string; author: string; total_pages: number | null }
    >(
      `select s.*, b.title, b.slug, b.author, rp.total_pages, rp.current_page as current_page
       from reading_book_stats s join books b on b.id = s.book_id
       left join reading_progress rp on rp.user_id = s.user_id and rp.book_id = s.book_id
       where s.user_id = ? order by s.last_read_at desc`,
    ),
    finishedBooks: client.prepare<
      [string, number, number],
      { book_id: string; title: string; author: string; occurred_at: number; session_id: string }
    >(
      `select e.book_id, b.title, b.author, e.occurred_at, e.session_id from reading_events e join books b on b.id = e.book_id
       where e.user_id = ? and e.event_type = 'finish_book' and e.occurred_at >= ? and e.occurred_at < ?
       order by e.occurred_at`,
    ),
    categoriesOf: client.prepare<[string], { name: string; books: number }>(
      `select c.name, count(distinct bc.book_id) as books from book_categories bc join categories c on c.id = bc.category_id
       where bc.book_id in (select value from json_each(?)) group by c.name order by books desc, c.name limit 3`,
    ),
  };
});

/** A sync stored new reading events for this reader: the job (or the next dashboard read) rebuilds their summaries. */
export function markReadingStatsDirty(db: Db, userId: string): void {
  statements(db).markDirty.run(userId);
}

interface TStateRow {
  time_zone: string;
  day_start_minutes: number;
  dirty: number;
  window_since: string | null;
  window_hour_ms: string | null;
}

/** The first day of the heatmap's year that ends today (docs/product/reading-stats.md#summary-tables). */
const heatmapSince = (today: string) => addDays(today, -(HEATMAP_DAYS - 1));

/** The browser zone the summaries were last built in (a profile zone is not the browser's), else UTC. */
function browserZoneOf(state: TStateRow | undefined): string {
  const stored = state?.time_zone;
  return stored && !stored.startsWith('profile:') ? stored : 'UTC';
}

function lastBrowserZone(db: Db, userId: string): string {
  return browserZoneOf(statements(db).state.get(userId));
}

interface TDayOptions {
  timeZone: string;
  dayStartMinutes: number;
  /** The zone comes from the profile and applies to every event; otherwise each event's own zone comes first. */
  profileZone: boolean;
}

/** The zone and start of day the reader's days use: the profile's, else the browser's, else UTC. */
export function readerDayOptions(db: Db, userId: string, browserTimeZone: string | undefined): TDayOptions {
  const preferences = readingPreferencesOf(db, userId);
  return {
    timeZone: preferences.timeZone ?? browserTimeZone ?? lastBrowserZone(db, userId),
    dayStartMinutes: preferences.dayStartMinutes,
    profileZone: preferences.timeZone !== null,
  };
}

/** Rebuilds one reader's summaries from all their events (idempotent: the same events give the same rows). */
export function rebuildReadingStats(db: Db, options: { userId: string; nowMs: number } & TDayOptions): void {
  const { userId, timeZone, dayStartMinutes, profileZone, nowMs } = options;
  const s = statements(db);
  immediateTransaction(db, () => {
    const events = s.events.all(userId).map(toStatsEvent);
    const { days, books } = summariseReading(events, { timeZone, dayStartMinutes, profileZone });
    s.deleteDays.run(userId);
    s.deleteBooks.run(userId);
    for (const day of days) s.insertDay.run({ userId, ...day, hourMs: JSON.stringify(day.hourMs) });
    for (const book of books) s.insertBook.run({ userId, ...book });
    // Premium's by-hour view over the heatmap's year as of now; a later read moves it by the days in between.
    const windowSince = heatmapSince(localDay(nowMs, timeZone, dayStartMinutes));
    const windowHourMs = Array<number>(24).fill(0);
    for (const day of days) {
      if (day.day < windowSince) continue;
      for (let hour = 0; hour < 24; hour += 1) windowHourMs[hour]! += day.hourMs[hour]!;
    }
    s.saveState.run({
      userId,
      timeZone: stateZone(options),
      dayStartMinutes,
      now: nowMs,
      windowSince,
      windowHourMs: JSON.stringify(windowHourMs),
    });
  });
}

/** Brings a reader's summaries up to date for these day options when new events arrived or the options changed. */
/** The state remembers whether the zone was the profile's, so choosing one in the profile rebuilds. */
const stateZone = (options: TDayOptions) => (options.profileZone ? `profile:${options.timeZone}` : options.timeZone);

/** New events arrived, the summaries were built for another zone or start of day, or before they kept the hour window. */
const isStale = (state: TStateRow | undefined, options: TDayOptions) =>
  !state ||
  state.dirty === 1 ||
  state.window_since === null ||
  state.time_zone !== stateZone(options) ||
  state.day_start_minutes !== options.dayStartMinutes;

function ensureFresh(db: Db, userId: string, options: TDayOptions, nowMs: number) {
  if (isStale(statements(db).state.get(userId), options)) rebuildReadingStats(db, { userId, ...options, nowMs });
}

/** The job: rebuilds the summaries of readers with new events, in their last known zone. Returns how many. */
export function rebuildDirtyReadingStats(options: { db: Db; now: () => Date; limit?: number }): number {
  const { db, now } = options;
  const readers = statements(db).dirtyReaders.all(options.limit ?? 500);
  for (const userId of readers) {
    rebuildReadingStats(db, { userId, ...readerDayOptions(db, userId, undefined), nowMs: now().getTime() });
  }
  return readers.length;
}

function toStatsEvent(row: TEventRow): TStatsEvent {
  return {
    sessionId: row.session_id,
    bookId: row.book_id,
    eventType: row.event_type,
    pageNumber: row.page_number,
    durationMs: row.duration_ms,
    occurredAt: row.occurred_at,
    timeZone: typeof row.time_zone === 'string' ? row.time_zone : null,
  };
}

/**
 * Counted reading between two instants (from inclusive, to exclusive) by the counting rules
 * (docs/product/reading-stats.md#counting-rules): pages, reading time (ms and whole minutes), read-aloud time and books
 * finished. For features that reward reading inside dates, such as challenges.
 */
export function countedReading(options: { db: Db; userId: string; from: Date; to: Date }): TCountedReading {
  const { db, userId, from, to } = options;
  return countReading(statements(db).eventsBetween.all(userId, from.getTime(), to.getTime()).map(toStatsEvent));
}

/** All-time counted pages, reading and read-aloud time, from the summaries (brought up to date first). */
export function readingTotals(db: Db, userId: string, now: Date): { pages: number; readingMs: number; ttsMs: number } {
  ensureFresh(db, userId, readerDayOptions(db, userId, undefined), now.getTime());
  const totals = statements(db).dayTotals.get(userId)!;
  return { pages: totals.pages ?? 0, readingMs: totals.reading_ms ?? 0, ttsMs: totals.tts_ms ?? 0 };
}

const emptyPeriod = (): TPeriodFigures => ({ readingMs: 0, ttsMs: 0, pages: 0, booksStarted: 0, booksFinished: 0 });

function daysInMonth(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function goalProgress(
  goal: number,
  done: number,
  period: { start: string; days: number; today: string },
  unit: { one: string; many: string },
): TGoalProgress {
  const pace = goalPace({ goal, done, periodStart: period.start, periodDays: period.days, today: period.today });
  return { goal, done, pace: paceText(pace, unit), projectedFinish: pace.projectedFinish };
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** Premium's views need the Premium tier in effect now, by the access rule (shared/entitlement.ts effectiveTier). */
function isPremium(db: Db, userId: string, now: Date): boolean {
  const row = statements(db).access.get(userId);
  if (row?.subscription_tier !== 'premium') return false;
  const subject = {
    subscriptionTier: row.subscription_tier,
    subscriptionStatus: row.subscription_status,
    trialEndsAt: dateOf(row.trial_ends_at),
    freeTrialEndedAt: dateOf(row.free_trial_ended_at),
    subscriptionCurrentPeriodEnd: dateOf(row.subscription_current_period_end),
  };
  return effectiveTier(subject, now) === 'premium';
}

const addPeriod = (period: TPeriodFigures, [, readingMs, ttsMs, pages, booksFinished]: TDashboardDay) => {
  period.readingMs += readingMs;
  period.ttsMs += ttsMs;
  period.pages += pages;
  period.booksFinished += booksFinished;
};

/**
 * Reading time by clock hour over the heatmap's year from `since`: the window the last build stored, moved by the days
 * between its first day and `since` (the days that left the year since the build, or came back into it).
 */
function hourWindow(db: Db, userId: string, state: TStateRow, since: string): number[] {
  const byHourMs = JSON.parse(state.window_hour_ms!) as number[];
  const built = state.window_since!;
  if (built === since) return byHourMs;
  const [from, to, sign] = built < since ? [built, since, -1] : [since, built, 1];
  for (const text of statements(db).hoursBetween.all(userId, from, to)) {
    const hours = JSON.parse(text) as number[];
    for (let hour = 0; hour < 24; hour += 1) byHourMs[hour]! += sign * hours[hour]!;
  }
  return byHourMs;
}

/**
 * GET /api/reading-stats: the dashboard's figures, streaks and goals; the advanced views for Premium only. One pass over
 * the reader's day rows (a few hundred a year, without their hour histograms) gives the all-time and period sums, the
 * heatmap, the read days for the streaks and the weekday view; the by-hour view comes from the window the last build
 * stored (hourWindow). Summaries are rebuilt first when new events arrived or the zone or start of day changed.
 */
export function getReadingDashboard(options: {
  db: Db;
  userId: string;
  browserTimeZone: string | undefined;
  now: Date;
}): TReadingDashboard {
  const { db, userId, now } = options;
  const s = statements(db);
  const preferences = readingPreferencesOf(db, userId);
  let state = s.state.get(userId);
  const dayOptions: TDayOptions = {
    timeZone: preferences.timeZone ?? options.browserTimeZone ?? browserZoneOf(state),
    dayStartMinutes: preferences.dayStartMinutes,
    profileZone: preferences.timeZone !== null,
  };
  if (isStale(state, dayOptions)) {
    rebuildReadingStats(db, { userId, ...dayOptions, nowMs: now.getTime() });
    state = s.state.get(userId);
  }
  const premium = isPremium(db, userId, now);
  const today = localDay(now.getTime(), dayOptions.timeZone, dayOptions.dayStartMinutes);
  const todayNumber = dayNumber(today);
  const monthStart = `${today.slice(0, 8)}01`;
  const yearStart = `${today.slice(0, 5)}01-01`;
  const since = heatmapSince(today);
  const allTime = emptyPeriod();
  const thisMonth = emptyPeriod();
  const thisYear = emptyPeriod();
  const byWeekdayMs = Array<number>(7).fill(0);
  const days: TDayFigures[] = [];
  const readDays: number[] = [];
  for (const row of s.allDays.all(userId)) {
    addPeriod(allTime, row);
    const [day, readingMs, ttsMs, pages] = row;
    const number = pages > 0 || (premium && day >= since) ? dayNumber(day) : 0;
    if (pages > 0) readDays.push(number);
    if (day < since && day < yearStart) continue;
    if (day <= today) {
      if (day >= monthStart) addPeriod(thisMonth, row);
      if (day >= yearStart) addPeriod(thisYear, row);
    }
    if (day < since) continue;
    days.push({ day, readingMs, ttsMs, pages });
    if (premium) byWeekdayMs[weekdayOfNumber(number)]! += readingMs;
  }
  const bookRows = premium ? s.books.all(userId) : [];
  const bookStarts = premium ? bookRows.map((book) => book.first_read_at) : s.bookStarts.all(userId);
  allTime.booksStarted = bookStarts.length;
  for (const firstReadAt of bookStarts) {
    const startedOn = localDay(firstReadAt, dayOptions.timeZone, dayOptions.dayStartMinutes);
    if (startedOn > today) continue;
    if (startedOn >= monthStart) thisMonth.booksStarted += 1;
    if (startedOn >= yearStart) thisYear.booksStarted += 1;
  }
  const monthDays = daysInMonth(today);
  const month = { start: monthStart, days: monthDays, today };
  return {
    timeZone: dayOptions.timeZone,
    dayStartMinutes: dayOptions.dayStartMinutes,
    today,
    allTime,
    thisMonth,
    thisYear,
    days,
    streaks: { day: dayStreakOfNumbers(readDays, todayNumber), week: weekStreakOfNumbers(readDays, todayNumber) },
    goals: {
      booksThisMonth: goalProgress(preferences.readingGoalsPerMonth, thisMonth.booksFinished, month, {
        one: 'book',
        many: 'books',
      }),
      pagesThisMonth:
        preferences.dailyPagesGoal === null
          ? null
          : goalProgress(preferences.dailyPagesGoal * monthDays, thisMonth.pages, month, {
              one: 'page',
              many: 'pages',
            }),
      minutesThisMonth:
        preferences.dailyMinutesGoal === null
          ? null
          : goalProgress(preferences.dailyMinutesGoal * monthDays, Math.floor(thisMonth.readingMs / 60_000), month, {
              one: 'minute',
              many: 'minutes',
            }),
    },
    advanced: premium
      ? {
          byHourMs: hourWindow(db, userId, state!, since),
          byWeekdayMs,
          books: bookRows.slice(0, 50).map(toBookFigures),
        }
      : null,
  };
}

function toBookFigures(row: TBookRow & { title: string; slug: string; total_pages: number | null }): TBookFigures {
  // From the current page, so a re-read shows the time left of this reading.
  const current = (row as unknown as { current_page: number | null }).current_page ?? 0;
  const pagesPerHour = row.reading_ms > 0 && row.pages > 0 ? (row.pages / row.reading_ms) * 3_600_000 : null;
  const pagesLeft = row.total_pages === null ? null : Math.max(row.total_pages - current, 0);
  return {
    bookId: row.book_id,
    title: row.title,
    slug: row.slug,
    readingMs: row.reading_ms,
    pages: row.pages,
    sessions: row.sessions,
    timesFinished: row.times_finished,
    pagesPerHour: pagesPerHour === null ? null : Math.round(pagesPerHour * 10) / 10,
    timeLeftMs: pagesPerHour === null || pagesLeft === null ? null : Math.round((pagesLeft / pagesPerHour) * 3_600_000),
  };
}

/** GET /api/reading-stats/year/:year (Premium; docs/product/reading-stats.md#year-in-review). */
export function getYearInReview(options: {
  db: Db;
  userId: string;
  year: number;
  browserTimeZone: string | undefined;
  now: Date;
}): TYearInReview {
  const { db, userId, year, now } = options;
  if (!isPremium(db, userId, now)) {
    throw new AppError('premium_required', 403, 'Year in review is part of Premium');
  }
  const dayOptions = readerDayOptions(db, userId, options.browserTimeZone);
  ensureFresh(db, userId, dayOptions, now.getTime());
  const s = statements(db);
  const rows = s.days.all(userId, `${year}-01-01`).filter((row) => row.day <= `${year}-12-31`);
  const byMonth = new Map<number, number>();
  for (const row of rows) {
    const month = Number(row.day.slice(5, 7));
    byMonth.set(month, (byMonth.get(month) ?? 0) + row.reading_ms);
  }
  const busiest = [...byMonth.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  // The year's instants, widened by a day each side and then kept by local day, so the reader's zone decides.
  const finishedEvents = s.finishedBooks
    .all(userId, Date.UTC(year, 0, 1) - 2 * 86_400_000, Date.UTC(year + 1, 0, 1) + 2 * 86_400_000)
    .filter((row) => localDay(row.occurred_at, dayOptions.timeZone, dayOptions.dayStartMinutes).startsWith(`${year}-`));
  // A finish counts once per session and a re-read counts again, as in the day summaries the dashboard reads
  // (docs/product/reading-stats.md#counting-rules); the list names each book once with its number of finishes.
  const finishedSessions = new Set<string>();
  const finishedByBook = new Map<string, { bookId: string; title: string; author: string; times: number }>();
  for (const row of finishedEvents) {
    if (finishedSessions.has(row.session_id)) continue;
    finishedSessions.add(row.session_id);
    const book = finishedByBook.get(row.book_id);
    if (book) book.times += 1;
    else finishedByBook.set(row.book_id, { bookId: row.book_id, title: row.title, author: row.author, times: 1 });
  }
  const finished = [...finishedByBook.values()];
  const readDays = rows.filter((row) => row.pages > 0).map((row) => row.day);
  const lastDay = readDays.at(-1) ?? `${year}-12-31`;
  return {
    year,
    readingMs: rows.reduce((sum, row) => sum + row.reading_ms, 0),
    ttsMs: rows.reduce((sum, row) => sum + row.tts_ms, 0),
    pages: rows.reduce((sum, row) => sum + row.pages, 0),
    finishes: finishedSessions.size,
    booksFinished: finished,
    longestStreak: dayStreak(readDays, lastDay).longest,
    daysRead: readDays.length,
    favouriteCategories: finished.length
      ? s.categoriesOf.all(JSON.stringify(finished.map((book) => book.bookId)))
      : s.categoriesOf.all(JSON.stringify(s.books.all(userId).map((row) => row.book_id))),
    busiestMonth: busiest ? { month: busiest[0], readingMs: busiest[1] } : null,
  };
}

/** Days since the reader last read a counted page (null: never), for the reading reminder. */
export function daysSinceLastRead(db: Db, userId: string, today: string): number | null {
  const last = statements(db).readDays.all(userId).at(-1);
  return last === undefined ? null : daysBetween(last, today);
}

/** The reader's current day streak and its last day read (null: never), for the reading reminder. */
export function currentDayStreak(db: Db, userId: string, today: string): { current: number; lastDay: string | null } {
  const readDays = statements(db).readDays.all(userId);
  return { current: dayStreak(readDays, today).current, lastDay: readDays.at(-1) ?? null };
}
