/**
 * Search-box suggestions (docs/product/catalogue-and-search.md#search-box): books whose title contains the text,
 * authors whose name contains it and topic words from descriptions, at most 8 in all. Read-only over books and the
 * trigram FTS5 index `books_fts`.
 *
 * Every query here is bounded so the answer stays fast at 100,000 books: title prefixes come from the
 * NOCASE title index, substrings of 3+ characters from the trigram index with a LIMIT (FTS5 stops at
 * the limit), and 2-character text, which trigrams cannot match, from LIKE scans over a bounded window.
 */
import {
  SEARCH_MAX_SUGGESTIONS,
  SEARCH_MAX_TOPICS,
  SEARCH_MIN_CHARS,
  SEARCH_TOPIC_MIN_WORD_LENGTH,
} from '@shared/limits';
import type { TSearchSuggestion, TSuggestResponse } from '@shared/search';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { cachedStatement } from '../../db/statement-cache';
import {
  TRIGRAM_MIN_CHARS,
  buildMatchExpression,
  characterCount,
  containsLikePattern,
  normaliseSearchText,
  prefixLikePattern,
} from './search-terms';

/**
 * Authors keep room in the list when books would fill it (books, then authors, then topics:
 * docs/product/catalogue-and-search.md#search-box).
 */
const AUTHOR_ROOM = 2;
/** Substring candidates looked at before ranking; bounds the work for very common text like "the". */
const BOOK_CANDIDATES = 40;
const AUTHOR_CANDIDATES = 20;
/** Descriptions read to find topic words; each holds many words, so a few dozen is plenty. */
const TOPIC_DESCRIPTIONS = 50;
/**
 * Two-character text has no trigram, so "contains" is a LIKE scan. A text that matches nothing would
 * scan every book, so the scans look at a bounded window of rows (title prefixes still come from the
 * index over the whole catalogue). Catalogues up to this size are searched completely.
 */
const SHORT_SCAN_ROWS = 20_000;
const SHORT_SCAN_DESCRIPTIONS = 5_000;

interface BookCandidate {
  id: string;
  title: string;
  author: string;
  popularity: number;
}

const BOOK_COLUMNS = 'b.id, b.title, b.author, b.total_ratings * b.rating as popularity';
const inWindow = (rows: number) => `b.rowid <= (select min(rowid) from books) + ${rows}`;

const SQL = {
  booksByTitlePrefix: `select ${BOOK_COLUMNS} from books b
    where b.title like @prefix escape '\\' and b.is_published = 1
    order by b.title collate nocase limit @limit`,
  booksByTitleMatch: `select ${BOOK_COLUMNS} from books_fts join books b on b.id = books_fts.book_id
    where books_fts match @match and b.is_published = 1 limit @limit`,
  booksByTitleLike: `select ${BOOK_COLUMNS} from books b
    where ${inWindow(SHORT_SCAN_ROWS)} and b.title like @contains escape '\\' and b.is_published = 1
    limit @limit`,
  authorsByMatch: `select distinct b.author from books_fts join books b on b.id = books_fts.book_id
    where books_fts match @match and b.is_published = 1 limit @limit`,
  // No DISTINCT here: it would make SQLite walk the whole author index instead of the rowid window.
  authorsByLike: `select b.author from books b
    where ${inWindow(SHORT_SCAN_ROWS)} and b.author like @contains escape '\\' and b.is_published = 1
    limit @limit`,
  authorBookCount: 'select count(*) as count from books where author = ? and is_published = 1',
  // The indexed text (short + long description) is read back, so every row found holds the text.
  descriptionsByMatch: `select books_fts.description as description
    from books_fts join books b on b.id = books_fts.book_id
    where books_fts match @match and b.is_published = 1 limit @limit`,
  descriptionsByLike: `select b.description from books b
    where ${inWindow(SHORT_SCAN_DESCRIPTIONS)} and b.description like @contains escape '\\' and b.is_published = 1
    limit @limit`,
} as const;

/** Typing repeats the same prefixes across readers; answers are small, so many fit. */
const suggestionCache = createReadCache(2000);

/** Results are shared between callers: treat them as read-only. */
export function suggest({ db, q }: { db: Db; q: string }): TSuggestResponse {
  const query = normaliseSearchText(q);
  if (characterCount(query) < SEARCH_MIN_CHARS) return { query, items: [] };
  return suggestionCache.read(db, query, () => ({ query, items: findSuggestions(db, query) }));
}

/** The uncached lookup behind `suggest` (exported for measurements); `query` is already normalised. */
export function findSuggestions(db: Db, query: string): TSearchSuggestion[] {
  const topics = findTopics(db, query);
  const authors = findAuthors(db, query);
  const bookRoom = SEARCH_MAX_SUGGESTIONS - Math.min(authors.length, AUTHOR_ROOM) - topics.length;
  const books = findBooks(db, query, bookRoom);
  // Room that books did not use goes back to authors.
  const authorRoom = SEARCH_MAX_SUGGESTIONS - books.length - topics.length;

  return [
    ...books.map((book) => ({ id: book.id, type: 'book' as const, title: book.title, subtitle: book.author })),
    ...authors.slice(0, authorRoom).map((author) => ({
      id: author.name,
      type: 'author' as const,
      title: author.name,
      subtitle: `${author.bookCount} ${author.bookCount === 1 ? 'book' : 'books'}`,
    })),
    ...topics.map((topic) => ({ id: topic, type: 'topic' as const, title: topic, subtitle: 'Topic' })),
  ];
}

function usesTrigrams(query: string): boolean {
  return characterCount(query) >= TRIGRAM_MIN_CHARS;
}

/** Titles starting with the text first (alphabetical), then other titles containing it (most popular first). */
function findBooks(db: Db, query: string, limit: number): BookCandidate[] {
  if (limit <= 0) return [];
  const prefixed = cachedStatement(db, SQL.booksByTitlePrefix).all({
    prefix: prefixLikePattern(query),
    limit,
  }) as BookCandidate[];
  if (prefixed.length >= limit) return prefixed;

  const containing = (
    usesTrigrams(query)
      ? cachedStatement(db, SQL.booksByTitleMatch).all({
          match: buildMatchExpression([query], 'title'),
          limit: BOOK_CANDIDATES,
        })
      : cachedStatement(db, SQL.booksByTitleLike).all({ contains: containsLikePattern(query), limit: BOOK_CANDIDATES })
  ) as BookCandidate[];
  const seen = new Set(prefixed.map((book) => book.id));
  const wordStart = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(query)}`, 'iu');
  const rest = containing
    .filter((book) => !seen.has(book.id))
    .sort(
      (left, right) =>
        Number(wordStart.test(right.title)) - Number(wordStart.test(left.title)) || right.popularity - left.popularity,
    );
  return [...prefixed, ...rest].slice(0, limit);
}

interface AuthorCandidate {
  name: string;
  bookCount: number;
}

/** Distinct author names containing the text; names starting with it first, then by number of books. */
function findAuthors(db: Db, query: string): AuthorCandidate[] {
  const rows = (
    usesTrigrams(query)
      ? cachedStatement(db, SQL.authorsByMatch).all({
          match: buildMatchExpression([query], 'author'),
          limit: AUTHOR_CANDIDATES,
        })
      : cachedStatement(db, SQL.authorsByLike).all({
          contains: containsLikePattern(query),
          limit: AUTHOR_CANDIDATES * 10,
        })
  ) as { author: string }[];
  const countStatement = cachedStatement(db, SQL.authorBookCount);
  const lowered = query.toLowerCase();
  const names = [...new Set(rows.map((row) => row.author))].slice(0, AUTHOR_CANDIDATES);
  return names
    .map((name) => ({ name, bookCount: (countStatement.get(name) as { count: number }).count }))
    .sort(
      (left, right) =>
        Number(right.name.toLowerCase().startsWith(lowered)) - Number(left.name.toLowerCase().startsWith(lowered)) ||
        right.bookCount - left.bookCount ||
        left.name.localeCompare(right.name),
    )
    .slice(0, SEARCH_MAX_SUGGESTIONS);
}

/** Lower-cased, distinct description words longer than 3 characters that contain the text, at most 3. */
function findTopics(db: Db, query: string): string[] {
  const rows = (
    usesTrigrams(query)
      ? cachedStatement(db, SQL.descriptionsByMatch).all({
          match: buildMatchExpression([query], 'description'),
          limit: TOPIC_DESCRIPTIONS,
        })
      : cachedStatement(db, SQL.descriptionsByLike).all({
          contains: containsLikePattern(query),
          limit: TOPIC_DESCRIPTIONS,
        })
  ) as { description: string }[];
  return extractTopics(
    rows.map((row) => row.description),
    query,
  );
}

/** The pure part of the topic rule, exported for tests. */
export function extractTopics(descriptions: readonly string[], query: string): string[] {
  const needle = query.toLowerCase();
  const topics: string[] = [];
  for (const description of descriptions) {
    for (const word of description.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (characterCount(word) < SEARCH_TOPIC_MIN_WORD_LENGTH || !word.includes(needle) || topics.includes(word))
        continue;
      topics.push(word);
      if (topics.length === SEARCH_MAX_TOPICS) return topics;
    }
  }
  return topics;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
