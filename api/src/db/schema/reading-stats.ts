/**
 * Reading statistics summaries (docs/product/reading-stats.md#summary-tables): per reader and local day, and per reader
 * and book, derived from reading_events by the counting rules (shared/reading-stats.ts) in the reader's time zone and
 * start of day. Rebuilt by the reading-stats job for readers marked dirty by a sync, so the dashboard reads a few
 * hundred rows instead of a year of events.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, timestampMs } from './columns';
import { ownerUserId, ownedBookId } from './refs';

export const readingDayStats = sqliteTable(
  'reading_day_stats',
  {
    userId: ownerUserId(),
    /** The reader's local day, YYYY-MM-DD. */
    day: text('day').notNull(),
    readingMs: integer('reading_ms').notNull().default(0),
    ttsMs: integer('tts_ms').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    booksFinished: integer('books_finished').notNull().default(0),
    /** Reading time by clock hour, 24 numbers. */
    hourMs: text('hour_ms', { mode: 'json' }).$type<number[]>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('reading_day_stats_day_check', sql`length(${table.day}) = 10`),
  ],
);

export const readingBookStats = sqliteTable(
  'reading_book_stats',
  {
    userId: ownerUserId(),
    bookId: ownedBookId(),
    firstReadAt: timestampMs('first_read_at').notNull(),
    lastReadAt: timestampMs('last_read_at').notNull(),
    readingMs: integer('reading_ms').notNull().default(0),
    ttsMs: integer('tts_ms').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    timesFinished: integer('times_finished').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.bookId] }),
    index('reading_book_stats_book_idx').on(table.bookId),
  ],
);

/** Per reader: the zone and day start the summaries were built with, and whether new events wait. */
export const readingStatsState = sqliteTable('reading_stats_state', {
  userId: ownerUserId().primaryKey(),
  timeZone: text('time_zone').notNull(),
  dayStartMinutes: integer('day_start_minutes').notNull(),
  dirty: bool('dirty').notNull().default(true),
  builtAt: timestampMs('built_at'),
  /**
   * Premium's by-hour view as of the last build: reading time by clock hour over the heatmap's year that started on
   * `windowSince` (24 numbers). A dashboard read on a later day adjusts it by the few days the year moved instead of
   * adding up a year of hour histograms; null until the summaries are built (then the dashboard builds them).
   */
  windowSince: text('window_since'),
  windowHourMs: text('window_hour_ms'),
  /** Last reading reminder e-mail, so a reader gets at most one a day. */
  reminderSentAt: timestampMs('reminder_sent_at'),
});
