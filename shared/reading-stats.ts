/**
 * Counting rules for reading statistics (docs/product/reading-stats.md#counting-rules): which stays on a page count,
 * how much time one stay may add, which local day an instant belongs to, streaks and goal pace. Pure, shared by the
 * API's aggregation job, its counted-reading service and the dashboard's texts.
 */
import type { TReadingEventType } from './reading-events';

/** A page counts as read after this long on it (docs/product/reading-stats.md#counting-rules). */
export const COUNTED_PAGE_MIN_MS = 5_000;
/** One stay on a page adds at most this much reading time, so a tab left open does not inflate figures. */
export const MAX_COUNTED_STAY_MS = 5 * 60_000;
/** Read-aloud events that carry the listened time. */
export const TTS_TIMED_EVENT_TYPES: readonly TReadingEventType[] = ['tts_pause', 'tts_stop'];
/** Minutes after midnight at which a reader's day starts (0 to 23:59). */
export const MAX_DAY_START_MINUTES = 24 * 60 - 1;

/** The reading time one stay on a page adds. */
export function countedStayMs(durationMs: number | null | undefined): number {
  if (!durationMs || durationMs <= 0) return 0;
  return Math.min(durationMs, MAX_COUNTED_STAY_MS);
}

/** Whether a stay on a page is long enough for the page to count as read. */
export function pageCounts(durationMs: number | null | undefined): boolean {
  return (durationMs ?? 0) >= COUNTED_PAGE_MIN_MS;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows an IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, straight from Intl (the reference the fast path is tested against). */
export function wallClockFromIntl(instantMs: number, timeZone: string): { day: string; hour: number } {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24 };
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** Zone offsets by quarter hour of UTC, per zone; cleared when it grows past this many entries. */
const OFFSET_CACHE_LIMIT = 200_000;
const offsetCache = new Map<string, number>();

/**
 * The zone's UTC offset at an instant. Offsets are whole quarter hours and change only at quarter-hour instants of UTC,
 * so one Intl lookup per zone and quarter hour serves every instant in it (Intl costs microseconds a call; a
 * dashboard asks for hundreds).
 */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const bucketStart = Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone}|${bucketStart}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    // The wall clock at the bucket's start, read as if it were UTC, minus the instant: the offset.
    const { day, hour } = wallClockFromIntl(bucketStart, timeZone);
    const minutes = Number(minuteFormatterFor(timeZone).format(new Date(bucketStart)));
    offset =
      Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`) - bucketStart;
    if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

const minuteFormatters = new Map<string, Intl.DateTimeFormat>();
function minuteFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = minuteFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, minute: '2-digit' });
    minuteFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instantMs: number, timeZone: string): { day: string; hour: number } {
  const local = new Date(instantMs + offsetMsAt(instantMs, timeZone)).toISOString();
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

/**
 * The reader's day (YYYY-MM-DD) an instant belongs to: the calendar date in their time zone of the instant moved back
 * by the start of day, so with a 04:00 start, 01:30 on the 5th is still the 4th.
 */
export function localDay(instantMs: number, timeZone: string, dayStartMinutes = 0): string {
  return wallClock(instantMs - dayStartMinutes * 60_000, timeZone).day;
}

/** The clock hour (0-23) of an instant in the reader's time zone. */
export function localHour(instantMs: number, timeZone: string): number {
  return wallClock(instantMs, timeZone).hour;
}

const DAY_MS = 86_400_000;
const utcMsToDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Days since 1970-01-01 of a YYYY-MM-DD day. Integer arithmetic without parsing a date string: the streaks and the
 * weekday view walk a year of days on every dashboard read.
 */
export function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

/** The YYYY-MM-DD day of a day number. */
export function dayOfNumber(number: number): string {
  return utcMsToDay(number * DAY_MS);
}

/** 0 = Monday ... 6 = Sunday of a day number (1970-01-01 was a Thursday). */
export const weekdayOfNumber = (number: number) => (((number + 3) % 7) + 7) % 7;

/** The day `count` days after `day` (negative goes back). */
export function addDays(day: string, count: number): string {
  return dayOfNumber(dayNumber(day) + count);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The Monday of the week a day falls in. */
export function weekStart(day: string): string {
  const number = dayNumber(day);
  return dayOfNumber(number - weekdayOfNumber(number));
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayOf(day: string): number {
  return weekdayOfNumber(dayNumber(day));
}

export interface TStatsEvent {
  sessionId: string;
  bookId: string;
  eventType: TReadingEventType;
  pageNumber: number | null;
  durationMs: number | null;
  occurredAt: number;
  /** The device's time zone when the event was recorded (travel keeps each day where it was read). */
  timeZone?: string | null;
}

export interface TDaySummary {
  day: string;
  readingMs: number;
  ttsMs: number;
  pages: number;
  sessions: number;
  booksFinished: number;
  /** Reading time by clock hour, 24 entries. */
  hourMs: number[];
}

export interface TBookSummary {
  bookId: string;
  firstReadAt: number;
  lastReadAt: number;
  readingMs: number;
  ttsMs: number;
  pages: number;
  sessions: number;
  timesFinished: number;
}

export interface TCountedReading {
  pages: number;
  readingMs: number;
  minutes: number;
  ttsMs: number;
  booksFinished: number;
}

/**
 * The zone an event's day is read in (docs/product/reading-stats.md#local-days): a zone chosen in the profile for every
 * event; otherwise the zone the device was in when it was recorded, so travelling does not move past days; otherwise
 * the browser's.
 */
export function eventTimeZone(event: TStatsEvent, options: { timeZone: string; profileZone: boolean }): string {
  if (options.profileZone || !event.timeZone || !isValidTimeZone(event.timeZone)) return options.timeZone;
  return event.timeZone;
}

/**
 * Applies the counting rules to a reader's events: time is the sum of capped stays, a page counts once per session
 * after a long enough stay (so a jump through the contents counts only the pages stayed on, and a re-read in a new
 * session counts again), a book is finished once per session that reaches the end (or is marked finished).
 */
export function summariseReading(
  events: readonly TStatsEvent[],
  options: { timeZone: string; dayStartMinutes: number; profileZone?: boolean },
): { days: TDaySummary[]; books: TBookSummary[] } {
  const zoneOptions = { timeZone: options.timeZone, profileZone: options.profileZone ?? false };
  const days = new Map<string, TDaySummary>();
  const books = new Map<string, TBookSummary>();
  const countedPages = new Set<string>();
  const finishedSessions = new Set<string>();
  const sessionsByDay = new Set<string>();
  const sessionsByBook = new Set<string>();
  const ordered = [...events].sort((a, b) => a.occurredAt - b.occurredAt);
  for (const event of ordered) {
    const contributes =
      event.eventType === 'page_view' ||
      event.eventType === 'finish_book' ||
      (TTS_TIMED_EVENT_TYPES.includes(event.eventType) && (event.durationMs ?? 0) > 0);
    if (!contributes) continue;
    const zone = eventTimeZone(event, zoneOptions);
    const day = localDay(event.occurredAt, zone, options.dayStartMinutes);
    let daySummary = days.get(day);
    if (!daySummary) {
      daySummary = { day, readingMs: 0, ttsMs: 0, pages: 0, sessions: 0, booksFinished: 0, hourMs: Array(24).fill(0) };
      days.set(day, daySummary);
    }
    let book = books.get(event.bookId);
    if (!book) {
      book = {
        bookId: event.bookId,
        firstReadAt: event.occurredAt,
        lastReadAt: event.occurredAt,
        readingMs: 0,
        ttsMs: 0,
        pages: 0,
        sessions: 0,
        timesFinished: 0,
      };
      books.set(event.bookId, book);
    }
    book.lastReadAt = Math.max(book.lastReadAt, event.occurredAt);
    if (event.eventType === 'page_view') {
      const stay = countedStayMs(event.durationMs);
      daySummary.readingMs += stay;
      daySummary.hourMs[localHour(event.occurredAt, zone)]! += stay;
      book.readingMs += stay;
      const pageKey = `${event.sessionId}:${event.pageNumber}`;
      if (event.pageNumber !== null && pageCounts(event.durationMs) && !countedPages.has(pageKey)) {
        countedPages.add(pageKey);
        daySummary.pages += 1;
        book.pages += 1;
      }
      if (stay > 0) {
        const daySession = `${day}:${event.sessionId}`;
        if (!sessionsByDay.has(daySession)) {
          sessionsByDay.add(daySession);
          daySummary.sessions += 1;
        }
        if (!sessionsByBook.has(event.sessionId)) {
          sessionsByBook.add(event.sessionId);
          book.sessions += 1;
        }
      }
    } else if (event.eventType === 'finish_book') {
      if (!finishedSessions.has(event.sessionId)) {
        finishedSessions.add(event.sessionId);
        daySummary.booksFinished += 1;
        book.timesFinished += 1;
      }
    } else {
      daySummary.ttsMs += event.durationMs ?? 0;
      book.ttsMs += event.durationMs ?? 0;
    }
  }
  return {
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    books: [...books.values()],
  };
}

/** Counted pages, time and finished books of a set of events (e.g. those inside a challenge's dates). */
export function countReading(events: readonly TStatsEvent[]): TCountedReading {
  const { days } = summariseReading(events, { timeZone: 'UTC', dayStartMinutes: 0 });
  const total = days.reduce(
    (sum, day) => ({
      pages: sum.pages + day.pages,
      readingMs: sum.readingMs + day.readingMs,
      ttsMs: sum.ttsMs + day.ttsMs,
      booksFinished: sum.booksFinished + day.booksFinished,
    }),
    { pages: 0, readingMs: 0, ttsMs: 0, booksFinished: 0 },
  );
  return { ...total, minutes: Math.floor(total.readingMs / 60_000) };
}

export interface TStreak {
  current: number;
  longest: number;
}

/** Ascending distinct day numbers up to `today` (input already ascending and distinct, as stored, is kept as it is). */
function readDaysUpTo(days: readonly number[], today: number): readonly number[] {
  let previous = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    if (day <= previous || day > today) {
      return [...new Set(days)].filter((number) => number <= today).sort((first, second) => first - second);
    }
    previous = day;
  }
  return days;
}

/**
 * Day streak: consecutive days with at least one counted page. Today not read yet does not break it (the streak
 * still ends yesterday); a missed day does. `readDays` are the reader's days with a counted page, as day numbers.
 */
export function dayStreakOfNumbers(readDays: readonly number[], today: number): TStreak {
  const days = readDaysUpTo(readDays, today);
  let longest = 0;
  let run = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    run = day - previous === 1 ? run + 1 : 1;
    if (run > longest) longest = run;
    previous = day;
  }
  const current = days.length > 0 && today - previous <= 1 ? run : 0;
  return { current, longest };
}

/** Days a week may miss and still count for the week streak (docs/product/reading-stats.md#streaks). */
export const WEEK_STREAK_GRACE_DAYS = 1;

/**
 * Week streak: consecutive weeks (Monday to Sunday) with reading on every day but at most one. The current week
 * counts while it can still make it (at most one day missed so far); when it has already missed two, the streak ends.
 * `readDays` and `today` are day numbers.
 */
export function weekStreakOfNumbers(readDays: readonly number[], today: number): TStreak {
  const days = readDaysUpTo(readDays, today);
  if (days.length === 0) return { current: 0, longest: 0 };
  const thisWeek = today - weekdayOfNumber(today);
  let longest = 0;
  let run = 0;
  let next = 0;
  for (let week = days[0]! - weekdayOfNumber(days[0]!); week <= thisWeek; week += 7) {
    const lastDay = week === thisWeek ? today : week + 6;
    let read = 0;
    while (next < days.length && days[next]! <= lastDay) {
      read += 1;
      next += 1;
    }
    const missed = lastDay - week + 1 - read;
    run = missed <= WEEK_STREAK_GRACE_DAYS ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  // A current week that has already missed two days is lost, so the run (and the streak) is 0.
  return { current: run, longest };
}

/** The day streak of read days given as YYYY-MM-DD (see dayStreakOfNumbers). */
export function dayStreak(readDays: readonly string[], today: string): TStreak {
  return dayStreakOfNumbers(readDays.map(dayNumber), dayNumber(today));
}

/** The week streak of read days given as YYYY-MM-DD (see weekStreakOfNumbers). */
export function weekStreak(readDays: readonly string[], today: string): TStreak {
  return weekStreakOfNumbers(readDays.map(dayNumber), dayNumber(today));
}

export interface TPace {
  /** Positive: ahead of the even pace by this many days; negative: behind. */
  daysAhead: number;
  /** The amount the reader is ahead (+) or behind (-) of the even pace, in the goal's unit. */
  amountAhead: number;
  /** When the goal is reached at the pace so far (YYYY-MM-DD), or null with nothing done yet. */
  projectedFinish: string | null;
}

/**
 * Pace towards a goal over a period: compares what is done with the even share of the goal for the days elapsed
 * (today included), and projects the day the goal is reached at the pace so far.
 */
export function goalPace(options: {
  goal: number;
  done: number;
  periodStart: string;
  periodDays: number;
  today: string;
}): TPace {
  const { goal, done, periodStart, periodDays, today } = options;
  const elapsed = Math.min(Math.max(daysBetween(periodStart, today) + 1, 1), periodDays);
  const perDayGoal = goal / periodDays;
  const expected = perDayGoal * elapsed;
  const amountAhead = Math.round((done - expected) * 10) / 10;
  const daysAhead = perDayGoal > 0 ? Math.trunc((done - expected) / perDayGoal) : 0;
  let projectedFinish: string | null = null;
  if (done >= goal && goal > 0) projectedFinish = today;
  else if (done > 0) projectedFinish = addDays(periodStart, Math.ceil((goal / done) * elapsed) - 1);
  return { daysAhead, amountAhead, projectedFinish };
}

/** The pace as a reader reads it: "2 days ahead", "behind by 40 pages", "on pace". */
export function paceText(pace: TPace, unit: { one: string; many: string }): string {
  const amount = Math.abs(Math.round(pace.amountAhead));
  const unitText = amount === 1 ? unit.one : unit.many;
  if (pace.daysAhead >= 1) return `${pace.daysAhead} ${pace.daysAhead === 1 ? 'day' : 'days'} ahead`;
  if (pace.amountAhead <= -1) return `behind by ${amount} ${unitText}`;
  return 'on pace';
}
