/**
 * zod schemas and answer types of the reading statistics and reading preferences API
 * (docs/product/reading-stats.md#api). Messages are the product's (docs/product/reading-stats.md#messages).
 */
import { z } from 'zod';
import { isValidTimeZone, MAX_DAY_START_MINUTES, type TStreak } from './reading-stats';

export const READING_STATS_MESSAGES = {
  timeZone: 'Choose a valid time zone',
  dayStart: 'Start of day must be between 00:00 and 23:59',
  monthlyGoal: 'Monthly goal must be between 0 and 100 books',
  dailyPages: 'Daily pages goal must be between 1 and 2000',
  dailyMinutes: 'Daily minutes goal must be between 1 and 1440',
  year: 'Choose a year between 2000 and 2100',
  listItem: 'Each entry must be 1 to 100 characters',
  listLength: 'Choose at most 20',
} as const;

const ZTimeZone = z
  .string()
  .trim()
  .min(1, READING_STATS_MESSAGES.timeZone)
  .max(64, READING_STATS_MESSAGES.timeZone)
  .refine(isValidTimeZone, READING_STATS_MESSAGES.timeZone);

/** GET /api/reading-stats: the browser's time zone, used when the profile sets none. */
export const ZReadingStatsQuery = z.object({ timeZone: ZTimeZone.optional() });
export type TReadingStatsQuery = z.infer<typeof ZReadingStatsQuery>;

/** GET /api/reading-stats/year/:year */
export const ZYearParam = z.object({
  year: z.coerce
    .number({ message: READING_STATS_MESSAGES.year })
    .int(READING_STATS_MESSAGES.year)
    .min(2000, READING_STATS_MESSAGES.year)
    .max(2100, READING_STATS_MESSAGES.year),
});

export const BOOK_LENGTH_CHOICES = ['short', 'medium', 'long'] as const;
const ZNameList = z
  .array(z.string().trim().min(1, READING_STATS_MESSAGES.listItem).max(100, READING_STATS_MESSAGES.listItem))
  .max(20, READING_STATS_MESSAGES.listLength);

export const ZReadingPreferencesInput = z
  .object({
    favoriteGenres: ZNameList,
    preferredAuthors: ZNameList,
    readingGoalsPerMonth: z
      .number({ message: READING_STATS_MESSAGES.monthlyGoal })
      .int(READING_STATS_MESSAGES.monthlyGoal)
      .min(0, READING_STATS_MESSAGES.monthlyGoal)
      .max(100, READING_STATS_MESSAGES.monthlyGoal),
    dailyPagesGoal: z
      .number({ message: READING_STATS_MESSAGES.dailyPages })
      .int(READING_STATS_MESSAGES.dailyPages)
      .min(1, READING_STATS_MESSAGES.dailyPages)
      .max(2000, READING_STATS_MESSAGES.dailyPages)
      .nullable(),
    dailyMinutesGoal: z
      .number({ message: READING_STATS_MESSAGES.dailyMinutes })
      .int(READING_STATS_MESSAGES.dailyMinutes)
      .min(1, READING_STATS_MESSAGES.dailyMinutes)
      .max(1440, READING_STATS_MESSAGES.dailyMinutes)
      .nullable(),
    preferredBookLength: z.enum(BOOK_LENGTH_CHOICES),
    timeZone: ZTimeZone.nullable(),
    dayStartMinutes: z
      .number({ message: READING_STATS_MESSAGES.dayStart })
      .int(READING_STATS_MESSAGES.dayStart)
      .min(0, READING_STATS_MESSAGES.dayStart)
      .max(MAX_DAY_START_MINUTES, READING_STATS_MESSAGES.dayStart),
    emailPreferences: z.object({
      weeklyRecommendations: z.boolean(),
      newBookAlerts: z.boolean(),
      personalizedDeals: z.boolean(),
      readingReminders: z.boolean(),
    }),
  })
  .strict();
export type TReadingPreferencesInput = z.infer<typeof ZReadingPreferencesInput>;
export type TReadingPreferences = TReadingPreferencesInput;

export interface TPeriodFigures {
  readingMs: number;
  ttsMs: number;
  pages: number;
  booksStarted: number;
  booksFinished: number;
}

export interface TDayFigures {
  day: string;
  readingMs: number;
  ttsMs: number;
  pages: number;
}

export interface TGoalProgress {
  goal: number;
  done: number;
  /** "2 days ahead", "behind by 40 pages", "on pace". */
  pace: string;
  projectedFinish: string | null;
}

export interface TBookFigures {
  bookId: string;
  title: string;
  slug: string;
  readingMs: number;
  pages: number;
  sessions: number;
  timesFinished: number;
  /** Counted pages per hour of reading, null before any. */
  pagesPerHour: number | null;
  /** Estimated reading time left at that speed, null when unknown. */
  timeLeftMs: number | null;
}

/** GET /api/reading-stats */
export interface TReadingDashboard {
  timeZone: string;
  dayStartMinutes: number;
  today: string;
  allTime: TPeriodFigures;
  thisMonth: TPeriodFigures;
  thisYear: TPeriodFigures;
  /** Every day of the last 365 with reading, oldest first. */
  days: TDayFigures[];
  streaks: { day: TStreak; week: TStreak };
  goals: {
    booksThisMonth: TGoalProgress;
    pagesThisMonth: TGoalProgress | null;
    minutesThisMonth: TGoalProgress | null;
  };
  /** Premium's advanced analytics; null for other plans (docs/product/reading-stats.md#premium-analytics). */
  advanced: { byHourMs: number[]; byWeekdayMs: number[]; books: TBookFigures[] } | null;
}

/** GET /api/reading-stats/year/:year (Premium) */
export interface TYearInReview {
  year: number;
  readingMs: number;
  ttsMs: number;
  pages: number;
  /** Books finished in the year, re-reads counted again (the dashboard's rule). */
  finishes: number;
  /** Each book finished in the year once, with how many times. */
  booksFinished: { bookId: string; title: string; author: string; times: number }[];
  longestStreak: number;
  daysRead: number;
  favouriteCategories: { name: string; books: number }[];
  busiestMonth: { month: number; readingMs: number } | null;
}
