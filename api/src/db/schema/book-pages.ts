/**
 * The text of each book page (docs/ARCHITECTURE.md#data: book text per page for search-inside and the assistant's
 * retrieval with page citations). Filled by the book ingest job; the FTS5 table `book_pages_fts`
 * (custom migration) indexes `text` and is kept in step by triggers on this table. The integer
 * primary key is the FTS rowid, so it must stay stable (a text id's implicit rowid can change on VACUUM).
 */
import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ownedBookId } from './refs';

export const bookPages = sqliteTable(
  'book_pages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookId: ownedBookId(),
    version: integer('version').notNull().default(1),
    /** 1-based page number as shown in the reader. */
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
  },
  (table) => [
    uniqueIndex('book_pages_book_version_page_unique').on(table.bookId, table.version, table.pageNumber),
    check('book_pages_page_check', sql`${table.pageNumber} >= 1`),
  ],
);
