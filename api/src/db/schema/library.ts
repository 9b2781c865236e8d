/**
 * A reader's own shelf: reading position (docs/product/data-model.md#stored-tables: reading_progress), bookmarks, the
 * personal library and copy-protection counters (user_copy_tracking). Written by the library service and the sync
 * endpoint (offline changes arrive as mutations merged with the pure rules in shared/); read by the reader, dashboard
 * and library pages.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, id, timestampMs, timestamps } from './columns';
import { ownerUserId, ownedBookId } from './refs';

export const readingProgress = sqliteTable(
  'reading_progress',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    /** Last position: last writer wins by hybrid logical clock (`hlc`). */
    currentPage: integer('current_page').notNull().default(1),
    totalPages: integer('total_pages'),
    progressPercentage: real('progress_percentage').notNull().default(0),
    /** Furthest position ever reached: merged with max, never goes back. */
    furthestPage: integer('furthest_page').notNull().default(1),
    lastReadAt: timestampMs('last_read_at'),
    /** HLC stamp of the change that set currentPage; compared as text (fixed-width encoding). */
    hlc: text('hlc'),
    /** Device (or browser) that made the winning change. */
    deviceId: text('device_id'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('reading_progress_user_book_unique').on(table.userId, table.bookId),
    index('reading_progress_user_recent_idx').on(table.userId, table.lastReadAt),
    index('reading_progress_book_idx').on(table.bookId),
    check('reading_progress_pages_check', sql`${table.currentPage} >= 0 and ${table.furthestPage} >= 0`),
    check('reading_progress_percentage_check', sql`${table.progressPercentage} between 0 and 100`),
  ],
);

/** Bookmarks; `id` is made on the device, deletions are tombstones (deletedAt) so offline devices converge. */
export const bookmarks = sqliteTable(
  'bookmarks',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    page: integer('page').notNull(),
    note: text('note'),
    hlc: text('hlc'),
    deletedAt: timestampMs('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('bookmarks_user_book_idx').on(table.userId, table.bookId, table.page),
    index('bookmarks_book_idx').on(table.bookId),
    check('bookmarks_page_check', sql`${table.page} >= 1`),
  ],
);

export const userLibrary = sqliteTable(
  'user_library',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    addedAt: timestampMs('added_at').notNull(),
  },
  (table) => [
    uniqueIndex('user_library_user_book_unique').on(table.userId, table.bookId),
    index('user_library_user_added_idx').on(table.userId, table.addedAt),
    index('user_library_book_idx').on(table.bookId),
  ],
);

/** Copy protection totals per reader and book: copying stops at maxCopyPercentage of the book's text. */
export const userCopyTracking = sqliteTable(
  'user_copy_tracking',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    totalCharactersCopied: integer('total_characters_copied').notNull().default(0),
    totalBookCharacters: integer('total_book_characters').notNull().default(0),
    copyPercentage: real('copy_percentage').notNull().default(0),
    maxCopyPercentage: real('max_copy_percentage').notNull().default(40),
    lastCopyAt: timestampMs('last_copy_at'),
    isLimitReached: bool('is_limit_reached').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('user_copy_tracking_user_book_unique').on(table.userId, table.bookId),
    index('user_copy_tracking_book_idx').on(table.bookId),
    check(
      'user_copy_tracking_chars_check',
      sql`${table.totalCharactersCopied} >= 0 and ${table.totalBookCharacters} >= 0`,
    ),
    check('user_copy_tracking_max_check', sql`${table.maxCopyPercentage} between 0 and 100`),
  ],
);

/**
 * Per-device copy counters (docs/ARCHITECTURE.md#sync: per-device max, then sum). Each device reports its own
 * running total; the server keeps the max per device and user_copy_tracking holds the sum.
 */
export const userCopyDeviceCounters = sqliteTable(
  'user_copy_device_counters',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    deviceId: text('device_id').notNull(),
    charactersCopied: integer('characters_copied').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('user_copy_device_counters_unique').on(table.userId, table.bookId, table.deviceId),
    check('user_copy_device_counters_chars_check', sql`${table.charactersCopied} >= 0`),
  ],
);
