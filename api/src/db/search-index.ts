/**
 * Owns the rows of the FTS5 table `books_fts` (created by migration 0001). Every catalogue writer
 * calls `reindexBook` after changing a book or its categories; bulk loaders call
 * `rebuildSearchIndex` once at the end, which is far cheaper than per-row maintenance.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const SELECT_INDEX_ROWS = sql`
  select b.id, b.title, b.author,
         b.description || ' ' || coalesce(b.long_description, ''),
         coalesce((select group_concat(c.name, ' ')
                     from book_categories bc join categories c on c.id = bc.category_id
                    where bc.book_id = b.id), ''),
         coalesce((select group_concat(value, ' ') from json_each(b.tags)), '')
    from books b`;

export function rebuildSearchIndex(db: Db): void {
  db.transaction((tx) => {
    tx.run(sql`delete from books_fts`);
    tx.run(sql`insert into books_fts (book_id, title, author, description, categories, tags) ${SELECT_INDEX_ROWS}`);
  });
}

export function reindexBook(db: Db, bookId: string): void {
  db.transaction((tx) => {
    tx.run(sql`delete from books_fts where book_id = ${bookId}`);
    tx.run(
      sql`insert into books_fts (book_id, title, author, description, categories, tags) ${SELECT_INDEX_ROWS} where b.id = ${bookId}`,
    );
  });
}

/** True when the index has exactly one row per book (checked at start-up; a mismatch triggers a rebuild). */
export function isSearchIndexInSync(db: Db): boolean {
  const row = db.get<{ books: number; indexed: number }>(
    sql`select (select count(*) from books) as books, (select count(*) from books_fts) as indexed`,
  );
  return row !== undefined && row.books === row.indexed;
}
