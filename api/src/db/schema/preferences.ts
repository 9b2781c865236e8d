/**
 * Reading preferences and recommendations (docs/product/data-model.md#stored-tables: user_reading_preferences,
 * book_recommendations; docs/product/recommendations.md). Preferences are written by the profile page; the
 * recommendation job writes book_recommendations, book_term_vectors and similar_books; the reader's "Not interested"
 * writes recommendation_dismissals and clicks/borrows set the clicked and borrowed columns; the recommendation e-mails
 * record what they sent in recommendation_mailings. Read by the dashboard, the bookstore, book pages and the e-mails.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { books } from './catalogue';
import { bool, enumCheck, id, stringList, timestampMs, timestamps } from './columns';
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
    /** The row it is shown in: because_you_read, more_in_category, quick_read, highly_rated. */
    recommendationType: text('recommendation_type').notNull(),
    score: real('score').notNull().default(0),
    reason: text('reason'),
    /** "Because you read X": the book X the row is anchored on; null for the other rows. */
    sourceBookId: text('source_book_id').references(() => books.id, { onDelete: 'set null' }),
    /** "More in Y": the category Y; the row's title for the other rows comes from the type. */
    rowLabel: text('row_label'),
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

/** "Not interested": the book never comes back for this reader, and its author and categories count for less. */
export const recommendationDismissals = sqliteTable(
  'recommendation_dismissals',
  {
    userId: ownerUserId(),
    bookId: ownedBookId(),
    dismissedAt: timestampMs('dismissed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bookId] })],
);

/**
 * TF-IDF input per book: its term counts, computed once per text source (the indexed page text of a content version,
 * or the book's description while no page text exists). `source` says which, so a new version is counted again.
 */
export const bookTermVectors = sqliteTable('book_term_vectors', {
  bookId: ownedBookId().primaryKey(),
  source: text('source').notNull(),
  /** Term → count, the most frequent terms only. */
  terms: text('terms', { mode: 'json' }).$type<Record<string, number>>().notNull(),
  computedAt: timestampMs('computed_at').notNull(),
});

/** The nearest books of each book (text, categories, author, co-reading), for "More like this" and the job. */
export const similarBooks = sqliteTable(
  'similar_books',
  {
    bookId: ownedBookId(),
    similarBookId: text('similar_book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** Why, in words: "Same author", "Also in Productivity", "Similar themes: habits, focus". */
    reason: text('reason').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bookId, table.similarBookId] })],
);

export const RECOMMENDATION_MAILING_KINDS = ['weekly', 'new_book'] as const;

/** One row per e-mail decision, so a job run twice never mails twice: the weekly key is the ISO week, alerts the book. */
export const recommendationMailings = sqliteTable(
  'recommendation_mailings',
  {
    userId: ownerUserId(),
    kind: text('kind', { enum: RECOMMENDATION_MAILING_KINDS }).notNull(),
    key: text('key').notNull(),
    sentAt: timestampMs('sent_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.key] }),
    enumCheck('recommendation_mailings_kind_check', table.kind, RECOMMENDATION_MAILING_KINDS),
  ],
);
