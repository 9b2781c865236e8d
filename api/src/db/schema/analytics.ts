/**
 * Reading analytics (docs/product/data-model.md#stored-tables: analytics_user_library, reading_sessions,
 * reading_events, book_progress_snapshot). Events are appended once (their ids are made on the device, so a retried
 * upload cannot double-count); snapshots and the per-book library aggregate are derived from them by the analytics
 * service. Read by the dashboard and admin reports.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, enumCheck, id, timestampMs, timestamps } from './columns';
import { ownerUserId, ownedBookId } from './refs';

// Relative, not @shared: drizzle-kit loads the schema without the project's path aliases.
import { READING_EVENT_TYPES } from '../../../../shared/reading-events';

export { READING_EVENT_TYPES, type TReadingEventType } from '../../../../shared/reading-events';

/**
 * Per reader and book aggregate of library activity (the product rules name no fields): when it
 * entered and left the library, how often and how long it was read.
 */
export const analyticsUserLibrary = sqliteTable(
  'analytics_user_library',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    addedAt: timestampMs('added_at'),
    removedAt: timestampMs('removed_at'),
    openCount: integer('open_count').notNull().default(0),
    sessionCount: integer('session_count').notNull().default(0),
    totalTimeMs: integer('total_time_ms').notNull().default(0),
    lastOpenedAt: timestampMs('last_opened_at'),
    completedAt: timestampMs('completed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('analytics_user_library_user_book_unique').on(table.userId, table.bookId),
    index('analytics_user_library_book_idx').on(table.bookId),
  ],
);

export const readingSessions = sqliteTable(
  'reading_sessions',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    startedAt: timestampMs('started_at').notNull(),
    endedAt: timestampMs('ended_at'),
    /** ISO 3166-1 alpha-2. */
    country: text('country', { length: 2 }),
    device: text('device'),
    appVersion: text('app_version'),
    ...timestamps(),
  },
  (table) => [
    index('reading_sessions_user_started_idx').on(table.userId, table.startedAt),
    index('reading_sessions_book_started_idx').on(table.bookId, table.startedAt),
    index('reading_sessions_started_idx').on(table.startedAt),
    check('reading_sessions_country_check', sql`${table.country} is null or length(${table.country}) = 2`),
    check('reading_sessions_range_check', sql`${table.endedAt} is null or ${table.endedAt} >= ${table.startedAt}`),
  ],
);

export const readingEvents = sqliteTable(
  'reading_events',
  {
    /** Made on the device; the primary key makes re-uploads no-ops. */
    id: id(),
    sessionId: text('session_id')
      .notNull()
      .references(() => readingSessions.id, { onDelete: 'cascade' }),
    /** Denormalised from the session so per-user and per-book reports need no join. */
    userId: ownerUserId(),
    bookId: ownedBookId(),
    eventType: text('event_type', { enum: READING_EVENT_TYPES }).notNull(),
    pageNumber: integer('page_number'),
    progressPct: real('progress_pct'),
    durationMs: integer('duration_ms'),
    meta: text('meta', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** When it happened on the device (may be long before upload when offline). */
    occurredAt: timestampMs('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('reading_events_session_idx').on(table.sessionId, table.occurredAt),
    index('reading_events_user_occurred_idx').on(table.userId, table.occurredAt),
    index('reading_events_book_type_idx').on(table.bookId, table.eventType),
    index('reading_events_type_occurred_idx').on(table.eventType, table.occurredAt),
    enumCheck('reading_events_type_check', table.eventType, READING_EVENT_TYPES),
    check('reading_events_progress_check', sql`${table.progressPct} is null or ${table.progressPct} between 0 and 100`),
    check('reading_events_duration_check', sql`${table.durationMs} is null or ${table.durationMs} >= 0`),
  ],
);

export const bookProgressSnapshot = sqliteTable(
  'book_progress_snapshot',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    lastPage: integer('last_page').notNull().default(0),
    progressPct: real('progress_pct').notNull().default(0),
    lastReadAt: timestampMs('last_read_at'),
    completedAt: timestampMs('completed_at'),
    timeSpentMs: integer('time_spent_ms').notNull().default(0),
    ttsTimeMs: integer('tts_time_ms').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('book_progress_snapshot_user_book_unique').on(table.userId, table.bookId),
    index('book_progress_snapshot_user_recent_idx').on(table.userId, table.lastReadAt),
    index('book_progress_snapshot_book_idx').on(table.bookId, table.completedAt),
    check('book_progress_snapshot_pct_check', sql`${table.progressPct} between 0 and 100`),
    check('book_progress_snapshot_time_check', sql`${table.timeSpentMs} >= 0 and ${table.ttsTimeMs} >= 0`),
  ],
);
