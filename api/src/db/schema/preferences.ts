/**
 * Reading preferences and recommendations (docs/product/data-model.md#stored-tables: user_reading_preferences,
 * book_recommendations). Written by the profile page and the recommendation job; read by the dashboard and
 * recommendation e-mails.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, enumCheck, id, stringList, timestamps } from './columns';
import { ownerUserId, ownedBookId } from './refs';

export const BOOK_LENGTHS = ['short', 'medium', 'long'] as const;

export interface TReadingEmailPreferences {
  weeklyRecommendations: boolean;
  newBookAlerts: boolean;
  personalizedDeals: boolean;
  readingReminders: boolean;
}

export const DEFAULT_READING_EMAIL_PREFERENCES: TReadingEmailPreferences = {
  weeklyRecommendations: true,
  newBookAlerts: true,
  personalizedDeals: true,
  readingReminders: true,
};

export const userReadingPreferences = sqliteTable(
  'user_reading_preferences',
  {
    id: id(),
    userId: ownerUserId(),
    favoriteGenres: stringList('favorite_genres'),
    preferredAuthors: stringList('preferred_authors'),
    readingGoalsPerMonth: integer('reading_goals_per_month').notNull().default(2),
    preferredBookLength: text('preferred_book_length', { enum: BOOK_LENGTHS }).notNull().default('medium'),
    /** Optional daily goals (docs/product/reading-stats.md#goals); null = no daily goal. */
    dailyPagesGoal: integer('daily_pages_goal'),
    dailyMinutesGoal: integer('daily_minutes_goal'),
    /** IANA zone for the reader's days; null = the browser's (docs/product/reading-stats.md#local-days). */
    timeZone: text('time_zone'),
    /** Minutes after midnight at which the reader's day starts. */
    dayStartMinutes: integer('day_start_minutes').notNull().default(0),
    totalBooksCompleted: integer('total_books_completed').notNull().default(0),
    averageRating: real('average_rating').notNull().default(0),
    emailPreferences: text('email_preferences', { mode: 'json' })
      .$type<TReadingEmailPreferences>()
      .notNull()
      .default(DEFAULT_READING_EMAIL_PREFERENCES),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('user_reading_preferences_user_unique').on(table.userId),
    enumCheck('user_reading_preferences_length_check', table.preferredBookLength, BOOK_LENGTHS),
    check('user_reading_preferences_goal_check', sql`${table.readingGoalsPerMonth} >= 0`),
    check('user_reading_preferences_day_start_check', sql`${table.dayStartMinutes} between 0 and 1439`),
    check(
      'user_reading_preferences_daily_goals_check',
      sql`coalesce(${table.dailyPagesGoal}, 1) >= 1 and coalesce(${table.dailyMinutesGoal}, 1) >= 1`,
    ),
    check('user_reading_preferences_rating_check', sql`${table.averageRating} between 0 and 5`),
  ],
);

export const bookRecommendations = sqliteTable(
  'book_recommendations',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    /** e.g. genre_match, author_match, popular, similar_readers. */
    recommendationType: text('recommendation_type').notNull(),
    score: real('score').notNull().default(0),
    reason: text('reason'),
    emailSent: bool('email_sent').notNull().default(false),
    clicked: bool('clicked').notNull().default(false),
    borrowed: bool('borrowed').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('book_recommendations_user_book_type_unique').on(table.userId, table.bookId, table.recommendationType),
    index('book_recommendations_user_score_idx').on(table.userId, table.score),
    index('book_recommendations_book_idx').on(table.bookId),
  ],
);
