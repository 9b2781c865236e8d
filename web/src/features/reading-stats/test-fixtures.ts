/** Answers of the reading statistics API for web tests. */
import type { TReadingDashboard } from '@shared/reading-stats.schemas';

const period = { readingMs: 0, ttsMs: 0, pages: 0, booksStarted: 0, booksFinished: 0 };

export function makeReadingDashboard(overrides: Partial<TReadingDashboard> = {}): TReadingDashboard {
  return {
    timeZone: 'Europe/London',
    dayStartMinutes: 0,
    today: '2026-03-10',
    allTime: { ...period },
    thisMonth: { ...period },
    thisYear: { ...period },
    days: [],
    streaks: { day: { current: 0, longest: 0 }, week: { current: 0, longest: 0 } },
    goals: {
      booksThisMonth: { goal: 2, done: 0, pace: 'behind by 1 book', projectedFinish: null },
      pagesThisMonth: null,
      minutesThisMonth: null,
    },
    advanced: null,
    ...overrides,
  };
}
