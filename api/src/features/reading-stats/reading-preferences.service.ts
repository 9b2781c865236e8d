/**
 * Reading preferences (docs/product/reading-stats.md#reading-preferences; user_reading_preferences): favourite genres
 * and authors, goals, preferred length, the reader's time zone and start of day, and e-mail choices. A reader without a
 * row has the product's defaults. Always the session user's own row.
 */
import type { TReadingPreferences, TReadingPreferencesInput } from '@shared/reading-stats.schemas';
import type { Db } from '../../db/client';
import { DEFAULT_READING_EMAIL_PREFERENCES, type TReadingEmailPreferences } from '../../db/schema/preferences';
import { perConnection } from '../../db/per-connection';

interface TPreferencesRow {
  favorite_genres: string;
  preferred_authors: string;
  reading_goals_per_month: number;
  daily_pages_goal: number | null;
  daily_minutes_goal: number | null;
  preferred_book_length: TReadingPreferences['preferredBookLength'];
  time_zone: string | null;
  day_start_minutes: number;
  email_preferences: string;
}

const statements = perConnection((db) => ({
  read: db.$client.prepare<[string], TPreferencesRow>(
    `select favorite_genres, preferred_authors, reading_goals_per_month, daily_pages_goal, daily_minutes_goal,
            preferred_book_length, time_zone, day_start_minutes, email_preferences
     from user_reading_preferences where user_id = ?`,
  ),
  upsert: db.$client.prepare(
    `insert into user_reading_preferences (id, user_id, favorite_genres, preferred_authors, reading_goals_per_month,
       daily_pages_goal, daily_minutes_goal, preferred_book_length, time_zone, day_start_minutes, email_preferences, created_at, updated_at)
     values (@id, @userId, @favoriteGenres, @preferredAuthors, @readingGoalsPerMonth, @dailyPagesGoal, @dailyMinutesGoal,
       @preferredBookLength, @timeZone, @dayStartMinutes, @emailPreferences, @now, @now)
     on conflict (user_id) do update set favorite_genres = @favoriteGenres, preferred_authors = @preferredAuthors,
       reading_goals_per_month = @readingGoalsPerMonth, daily_pages_goal = @dailyPagesGoal, daily_minutes_goal = @dailyMinutesGoal,
       preferred_book_length = @preferredBookLength, time_zone = @timeZone, day_start_minutes = @dayStartMinutes,
       email_preferences = @emailPreferences, updated_at = @now`,
  ),
}));

/** The product's defaults (docs/product/reading-stats.md#reading-preferences). */
export function defaultReadingPreferences(): TReadingPreferences {
  return {
    favoriteGenres: [],
    preferredAuthors: [],
    readingGoalsPerMonth: 2,
    dailyPagesGoal: null,
    dailyMinutesGoal: null,
    preferredBookLength: 'medium',
    timeZone: null,
    dayStartMinutes: 0,
    emailPreferences: { ...DEFAULT_READING_EMAIL_PREFERENCES },
  };
}

/** GET /api/reading-preferences: the reader's preferences, or the defaults. */
export function readingPreferencesOf(db: Db, userId: string): TReadingPreferences {
  const row = statements(db).read.get(userId);
  if (!row) return defaultReadingPreferences();
  return {
    favoriteGenres: JSON.parse(row.favorite_genres) as string[],
    preferredAuthors: JSON.parse(row.preferred_authors) as string[],
    readingGoalsPerMonth: row.reading_goals_per_month,
    dailyPagesGoal: row.daily_pages_goal,
    dailyMinutesGoal: row.daily_minutes_goal,
    preferredBookLength: row.preferred_book_length,
    timeZone: row.time_zone,
    dayStartMinutes: row.day_start_minutes,
    emailPreferences: {
      ...DEFAULT_READING_EMAIL_PREFERENCES,
      ...(JSON.parse(row.email_preferences) as Partial<TReadingEmailPreferences>),
    },
  };
}

/** PUT /api/reading-preferences: replaces the reader's preferences. */
export function saveReadingPreferences(options: {
  db: Db;
  userId: string;
  input: TReadingPreferencesInput;
  now: Date;
}): TReadingPreferences {
  const { db, userId, input, now } = options;
  const dedupe = (names: string[]) => [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  statements(db).upsert.run({
    id: crypto.randomUUID(),
    userId,
    favoriteGenres: JSON.stringify(dedupe(input.favoriteGenres)),
    preferredAuthors: JSON.stringify(dedupe(input.preferredAuthors)),
    readingGoalsPerMonth: input.readingGoalsPerMonth,
    dailyPagesGoal: input.dailyPagesGoal,
    dailyMinutesGoal: input.dailyMinutesGoal,
    preferredBookLength: input.preferredBookLength,
    timeZone: input.timeZone,
    dayStartMinutes: input.dayStartMinutes,
    emailPreferences: JSON.stringify(input.emailPreferences),
    now: now.getTime(),
  });
  return readingPreferencesOf(db, userId);
}
