/**
 * Search inside one book version over the FTS5 index `book_pages_fts` (migration 0004: porter stemming
 * over unicode61 words, so any word length matches and "habits" finds "habit"). Untrusted text only
 * ever reaches MATCH as quoted phrases (search-terms.ts), so no input can change the query syntax.
 */
import type { TBookSearchHit } from '@shared/reader';
import type { Db } from '../../db/client';
import { cachedStatement } from '../../db/statement-cache';
import { normaliseSearchText, quoteFtsPhrase } from '../search/search-terms';

/** A book of a thousand pages with the word on every page still answers quickly; the reader pages through these. */
export const BOOK_SEARCH_MAX_HITS = 200;
const MAX_WORDS = 8;
/** Words around the match in a snippet (FTS5 counts tokens, at most 64). */
const SNIPPET_TOKENS = 16;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

const SEARCH_SQL = `select p.page_number as page, snippet(book_pages_fts, 0, '', '', '…', ${SNIPPET_TOKENS}) as snippet
  from book_pages_fts join book_pages p on p.id = book_pages_fts.rowid
  where book_pages_fts match @match and p.book_id = @bookId and p.version = @version
  order by p.page_number
  limit ${BOOK_SEARCH_MAX_HITS}`;

/** Every word must appear on the page (AND); words made only of punctuation cannot match and are dropped. */
export function bookMatchExpression(q: string): string | null {
  const words = [...new Set(normaliseSearchText(q).split(' '))]
    .filter((word) => HAS_WORD_CHARACTER.test(word))
    .slice(0, MAX_WORDS);
  return words.length === 0 ? null : words.map(quoteFtsPhrase).join(' AND ');
}

export function searchBookPages(options: { db: Db; bookId: string; version: number; q: string }): TBookSearchHit[] {
  const match = bookMatchExpression(options.q);
  if (!match) return [];
  const rows = cachedStatement(options.db, SEARCH_SQL).all({
    match,
    bookId: options.bookId,
    version: options.version,
  }) as TBookSearchHit[];
  return rows.map((row) => ({ page: row.page, snippet: row.snippet.replace(/\s+/g, ' ').trim() }));
}
