import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COUNTED_PAGE_MIN_MS,
  MAX_COUNTED_STAY_MS,
  countReading,
  addDays,
  countedStayMs,
  dayNumber,
  dayOfNumber,
  dayStreak,
  daysBetween,
  goalPace,
  localDay,
  localHour,
  wallClockFromIntl,
  paceText,
  summariseReading,
  type TStatsEvent,
  weekdayOf,
  weekStart,
  weekStreak,
} from './reading-stats';

const at = (iso: string) => Date.parse(iso);
function view(page: number, durationMs: number, occurredAt: string, sessionId = 's1', bookId = 'b1'): TStatsEvent {
  return { sessionId, bookId, eventType: 'page_view', pageNumber: page, durationMs, occurredAt: at(occurredAt) };
}

describe('counting rules', () => {
  it('counts a page after 5 s and caps one stay at 5 minutes', () => {
    expect(countedStayMs(4_000)).toBe(4_000);
    expect(countedStayMs(60 * 60_000)).toBe(MAX_COUNTED_STAY_MS);
    const reading = countReading([
      view(1, 4_999, '2026-03-01T10:00:00Z'),
      view(2, 5_000, '2026-03-01T10:00:05Z'),
      view(3, 60 * 60_000, '2026-03-01T11:00:05Z'),
    ]);
    expect(reading.pages).toBe(2);
    expect(reading.readingMs).toBe(4_999 + 5_000 + 300_000);
    expect(reading.minutes).toBe(5);
  });

  it('a jump through the contents to page 52 counts only the pages stayed on', () => {
    const reading = countReading([view(3, 30_000, '2026-03-01T10:00:00Z'), view(52, 30_000, '2026-03-01T10:00:30Z')]);
    expect(reading.pages).toBe(2);
  });

  it('a page counts once per session; a re-read in another session counts again', () => {
    const reading = countReading([
      view(7, 10_000, '2026-03-01T10:00:00Z', 's1'),
      view(7, 10_000, '2026-03-01T10:01:00Z', 's1'),
      view(7, 10_000, '2026-03-09T10:00:00Z', 's2'),
      { ...view(7, 0, '2026-03-09T10:00:10Z', 's2'), eventType: 'finish_book', durationMs: null },
      { ...view(7, 0, '2026-03-09T10:00:11Z', 's2'), eventType: 'finish_book', durationMs: null },
    ]);
    expect(reading.pages).toBe(2);
    expect(reading.booksFinished).toBe(1);
  });

  it('keeps read-aloud time apart from reading time', () => {
    const reading = countReading([
      view(1, 10_000, '2026-03-01T10:00:00Z'),
      { ...view(1, 0, '2026-03-01T10:05:00Z'), eventType: 'tts_pause', durationMs: 90_000 },
    ]);
    expect(reading).toMatchObject({ readingMs: 10_000, ttsMs: 90_000 });
  });

  it('never counts more than the stays allow (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ page: fc.integer({ min: 1, max: 400 }), ms: fc.integer({ min: 0, max: 10_000_000 }) }), {
          maxLength: 60,
        }),
        (stays) => {
          const events = stays.map((stay, index) =>
            view(stay.page, stay.ms, new Date(at('2026-03-01T00:00:00Z') + index * 1000).toISOString()),
          );
          const reading = countReading(events);
          expect(reading.readingMs).toBeLessThanOrEqual(stays.length * MAX_COUNTED_STAY_MS);
          expect(reading.pages).toBeLessThanOrEqual(new Set(stays.map((s) => s.page)).size);
          expect(reading.pages).toBe(new Set(stays.filter((s) => s.ms >= COUNTED_PAGE_MIN_MS).map((s) => s.page)).size);
          // The same events uploaded twice (a retried sync is deduplicated by id before this) or in another order
          // give the same figures.
          expect(countReading([...events].reverse())).toEqual(reading);
        },
      ),
    );
  });
});

describe('local days', () => {
  it('uses the time zone and the start of day', () => {
    const lateNight = at('2026-03-05T01:30:00Z');
    expect(localDay(lateNight, 'UTC')).toBe('2026-03-05');
    expect(localDay(lateNight, 'UTC', 4 * 60)).toBe('2026-03-04');
    expect(localDay(lateNight, 'America/New_York')).toBe('2026-03-04');
    expect(localDay(lateNight, 'Asia/Tokyo')).toBe('2026-03-05');
  });

  it('puts each day summary on the reader day', () => {
    const { days } = summariseReading(
      [view(1, 10_000, '2026-03-05T01:30:00Z'), view(2, 10_000, '2026-03-05T12:00:00Z')],
      { timeZone: 'Europe/London', dayStartMinutes: 240 },
    );
    expect(days.map((d) => [d.day, d.pages])).toEqual([
      ['2026-03-04', 1],
      ['2026-03-05', 1],
    ]);
    expect(days[1]!.hourMs[12]).toBe(10_000);
  });
});

describe('streaks', () => {
  it('day streak: today not yet read keeps it, a missed day breaks it', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05', '2026-03-06'];
    expect(dayStreak(days, '2026-03-06')).toEqual({ current: 2, longest: 3 });
    expect(dayStreak(days, '2026-03-07')).toEqual({ current: 2, longest: 3 });
    expect(dayStreak(days, '2026-03-08')).toEqual({ current: 0, longest: 3 });
    expect(dayStreak([], '2026-03-08')).toEqual({ current: 0, longest: 0 });
  });

  it('week streak forgives one missed day a week', () => {
    // Weeks starting Monday 2026-03-02 and 2026-03-09: each misses one day; the third (from 03-16) misses two.
    const read = (from: string, skip: number[]) =>
      Array.from({ length: 7 }, (_, i) => i)
        .filter((i) => !skip.includes(i))
        .map((i) => new Date(at(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
    const days = [...read('2026-03-02', [3]), ...read('2026-03-09', [6])];
    expect(weekStreak(days, '2026-03-15')).toEqual({ current: 2, longest: 2 });
    // Monday of the next week not read yet: still one grace day left.
    expect(weekStreak(days, '2026-03-16')).toEqual({ current: 3, longest: 3 });
    expect(weekStreak(days, '2026-03-17')).toEqual({ current: 0, longest: 2 });
  });
});

/** The streak rules as first written, on date strings (the reference the day-number arithmetic is checked against). */
const referenceDay = {
  toMs: (day: string) => Date.parse(`${day}T00:00:00Z`),
  add: (day: string, count: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10),
  between: (from: string, to: string) =>
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000),
  weekStart: (day: string) => referenceDay.add(day, -((new Date(referenceDay.toMs(day)).getUTCDay() + 6) % 7)),
};
function referenceDayStreak(readDays: readonly string[], today: string) {
  const days = [...new Set(readDays)].filter((day) => day <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && referenceDay.between(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = days.at(-1);
  return { current: last !== undefined && referenceDay.between(last, today) <= 1 ? run : 0, longest };
}
function referenceWeekStreak(readDays: readonly string[], today: string) {
  const read = new Set(readDays.filter((day) => day <= today));
  if (read.size === 0) return { current: 0, longest: 0 };
  const thisWeek = referenceDay.weekStart(today);
  let longest = 0;
  let run = 0;
  for (let week = referenceDay.weekStart([...read].sort()[0]!); week <= thisWeek; week = referenceDay.add(week, 7)) {
    const lastDay = week === thisWeek ? today : referenceDay.add(week, 6);
    let missed = 0;
    for (let day = week; day <= lastDay; day = referenceDay.add(day, 1)) if (!read.has(day)) missed += 1;
    run = missed <= 1 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return { current: run, longest };
}

describe('day arithmetic on day numbers', () => {
  it('agrees with date strings across leap years, month ends and before 1970', () => {
    for (const day of [
      '1969-12-31',
      '1970-01-01',
      '2000-02-29',
      '2024-02-29',
      '2026-03-01',
      '2026-12-31',
      '2100-03-01',
    ]) {
      expect(dayOfNumber(dayNumber(day))).toBe(day);
      expect(dayNumber(day)).toBe(referenceDay.toMs(day) / 86_400_000);
      expect(weekStart(day)).toBe(referenceDay.weekStart(day));
      expect(weekdayOf(day)).toBe((new Date(referenceDay.toMs(day)).getUTCDay() + 6) % 7);
      expect(addDays(day, -400)).toBe(referenceDay.add(day, -400));
      expect(daysBetween('2025-06-15', day)).toBe(referenceDay.between('2025-06-15', day));
    }
  });

  it('streaks give the same answers as the rules on date strings, in any order, with days after today (property)', () => {
    const start = dayNumber('2024-01-01');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 800 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 820 }),
        fc.boolean(),
        (offsets, todayOffset, sorted) => {
          const days = offsets.map((offset) => dayOfNumber(start + offset));
          const readDays = sorted ? [...new Set(days)].sort() : days;
          const today = dayOfNumber(start + todayOffset);
          expect(dayStreak(readDays, today)).toEqual(referenceDayStreak(readDays, today));
          expect(weekStreak(readDays, today)).toEqual(referenceWeekStreak(readDays, today));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('goal pace', () => {
  it('books per month: ahead in days with a projected finish', () => {
    const pace = goalPace({ goal: 2, done: 2, periodStart: '2026-03-01', periodDays: 31, today: '2026-03-10' });
    expect(pace.projectedFinish).toBe('2026-03-10');
    const half = goalPace({ goal: 2, done: 1, periodStart: '2026-03-01', periodDays: 30, today: '2026-03-05' });
    expect(half.daysAhead).toBe(10);
    expect(paceText(half, { one: 'book', many: 'books' })).toBe('10 days ahead');
    expect(half.projectedFinish).toBe('2026-03-10');
  });

  it('pages per day: behind by 40 pages', () => {
    const pace = goalPace({ goal: 300, done: 60, periodStart: '2026-03-01', periodDays: 30, today: '2026-03-10' });
    expect(pace.amountAhead).toBe(-40);
    expect(paceText(pace, { one: 'page', many: 'pages' })).toBe('behind by 40 pages');
    expect(
      goalPace({ goal: 2, done: 0, periodStart: '2026-03-01', periodDays: 30, today: '2026-03-01' }).projectedFinish,
    ).toBeNull();
  });
});

describe('wall clock fast path', () => {
  it('agrees with Intl for instants all over the years in zones with DST, half and quarter-hour offsets', () => {
    const zones = [
      'UTC',
      'Europe/London',
      'America/New_York',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'America/Santiago',
    ];
    const start = Date.UTC(2024, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (const zone of zones) {
      // Every 7 minutes 13 seconds for three years crosses every transition of these zones at many offsets.
      for (let at = start; at < end; at += 433_000 * 17) {
        expect(localDay(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(wallClockFromIntl(at, zone).day);
        expect(localHour(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(wallClockFromIntl(at, zone).hour);
      }
    }
  });
});
