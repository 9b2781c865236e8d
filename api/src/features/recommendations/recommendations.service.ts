/**
 * Recommendations (docs/product/recommendations.md). The `recommendations` job (computeRecommendations) turns what
 * readers read, finished, rated, shelved and highlighted, their preferences and their dismissals into
 * book_recommendations rows, keeps book_term_vectors (computed once per text source) and similar_books ("More like
 * this") current. Readers read their rows, dismiss a book ("Not interested": recommendation_dismissals, the rows go
 * at once) and record clicks and borrows on the rows' clicked and borrowed columns.
 *
 * A row the reader clicked or borrowed outlives the next computation as history with score 0; only rows with a
 * positive score are shown.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { TRecommendationRows, TSimilarBooks } from '@shared/recommendations';
import { RECOMMENDATION_ROW_TITLES } from '@shared/recommendations';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import { bookRecommendations, books, recommendationDismissals, similarBooks } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { listBookSummariesByIds } from '../catalogue/catalogue.service';
import {
  buildModel,
  buildRows,
  countTerms,
  entryOf,
  PUBLIC_MIN_CO_READERS,
  SIGNAL_WEIGHTS,
  type TModel,
  type TModelBook,
  type TReaderSignals,
  type TRecommendationType,
} from './recommendation-model';
import { yieldToEventLoop } from '../../lib/event-loop';

/** Books shown in "More like this". */
export const SIMILAR_BOOKS_SHOWN = 8;
/** Page text read for a book's term vector: enough for its vocabulary, bounded for the 300 MB books. */
const MAX_TERM_TEXT_CHARS = 400_000;
/** Readers per write transaction; the job yields to requests between batches (tens of milliseconds each). */
const READERS_PER_TRANSACTION = 25;
const RETIRED_SCORE = 0;
const MIN_SHOWN_SCORE = 1e-6;

type TRecommendationDeps = Pick<AppDeps, 'db' | 'now' | 'logger'>;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** Published books with their categories (primary first), as the model sees them. */
export function loadModelBooks(db: Db): TModelBook[] {
  const client = db.$client;
  const rows = client
    .prepare<
      [],
      { id: string; title: string; author: string; page_count: number | null; rating: number; total_ratings: number }
    >('select id, title, author, page_count, rating, total_ratings from books where is_published = 1')
    .all();
  const links = client
    .prepare<[], { book_id: string; id: string; name: string }>(
      `select bc.book_id, c.id, c.name from book_categories bc join categories c on c.id = bc.category_id
        order by bc.book_id, bc.position, c.name`,
    )
    .all();
  const categoriesOf = new Map<string, { id: string; name: string }[]>();
  for (const link of links) {
    const list = entryOf(categoriesOf, link.book_id, () => []);
    list.push({ id: link.id, name: link.name });
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    author: row.author,
    categories: categoriesOf.get(row.id) ?? [],
    pageCount: row.page_count,
    rating: row.rating,
    totalRatings: row.total_ratings,
  }));
}

/**
 * Highlights as a signal (docs/product/recommendations.md#signals): live (not deleted) highlights per reader and book.
 * `userIds` null = every reader.
 */
export function readHighlightCounts(db: Db, userIds: readonly string[] | null): Map<string, Map<string, number>> {
  const rows = db.$client
    .prepare<Record<string, string>, { user_id: string; book_id: string; count: number }>(
      `select user_id, book_id, count(*) as count from highlights where deleted_at is null
        ${userIds ? 'and user_id in (select value from json_each(@ids))' : ''} group by user_id, book_id`,
    )
    .all(userIds ? { ids: JSON.stringify(userIds) } : {});
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) entryOf(counts, row.user_id, () => new Map<string, number>()).set(row.book_id, row.count);
  return counts;
}

interface TSignalRow {
  user_id: string;
  book_id: string;
  at: number | null;
}

/**
 * Each reader's signals: one interaction per book they touched (shelf, pick, loan, reading, finishing, rating,
 * highlights), their favourite genres and authors, and their dismissals. `userIds` null = every active account.
 */
export function loadReaderSignals(db: Db, userIds: readonly string[] | null): Map<string, TReaderSignals> {
  const client = db.$client;
  const filter = userIds ? 'and user_id in (select value from json_each(@ids))' : '';
  const params = { ids: JSON.stringify(userIds ?? []) };
  const readers = new Map<string, TReaderSignals>();
  const userRows = client
    .prepare<Record<string, string>, { id: string }>(
      `select id from users where is_active = 1 ${userIds ? 'and id in (select value from json_each(@ids))' : ''}`,
    )
    .all(params);
  const state = new Map<
    string,
    Map<
      string,
      {
        weight: number;
        atMs: number;
        rating: number | null;
        finished: boolean;
        share: number;
        touched: boolean;
        highlights: number;
      }
    >
  >();
  for (const { id } of userRows) {
    readers.set(id, {
      userId: id,
      interactions: [],
      favouriteCategoryIds: new Set(),
      favouriteAuthors: new Set(),
      dismissed: new Set(),
    });
    state.set(id, new Map());
  }
  const touch = (userId: string, bookId: string, atMs: number | null) => {
    const books = state.get(userId);
    if (!books) return null;
    const entry = entryOf(books, bookId, () => ({
      weight: 0,
      atMs: 0,
      rating: null as number | null,
      finished: false,
      share: 0,
      touched: false,
      highlights: 0,
    }));
    entry.atMs = Math.max(entry.atMs, atMs ?? 0);
    return entry;
  };

  for (const table of [
    `select user_id, book_id, added_at as at from user_library where 1 = 1 ${filter}`,
    `select user_id, book_id, selected_at as at from user_selected_books where 1 = 1 ${filter}`,
    `select user_id, book_id, started_at as at from loans where 1 = 1 ${filter}`,
  ])
    for (const row of client.prepare<Record<string, string>, TSignalRow>(table).all(params))
      touch(row.user_id, row.book_id, row.at);

  for (const row of client
    .prepare<
      Record<string, string>,
      TSignalRow & { furthest_page: number; total_pages: number | null; progress_percentage: number }
    >(
      `select user_id, book_id, last_read_at as at, furthest_page, total_pages, progress_percentage from reading_progress
        where (furthest_page > 1 or progress_percentage > 0) ${filter}`,
    )
    .all(params)) {
    const entry = touch(row.user_id, row.book_id, row.at);
    if (!entry) continue;
    entry.touched = true;
    const share = row.total_pages ? row.furthest_page / row.total_pages : row.progress_percentage / 100;
    entry.share = Math.max(entry.share, Math.min(1, share));
  }
  for (const row of client
    .prepare<Record<string, string>, TSignalRow>(
      `select user_id, book_id, completed_at as at from book_progress_snapshot where completed_at is not null ${filter}`,
    )
    .all(params)) {
    const entry = touch(row.user_id, row.book_id, row.at);
    if (entry) entry.finished = true;
  }
  for (const row of client
    .prepare<Record<string, string>, TSignalRow>(
      `select user_id, book_id, last_read_at as at from reading_book_stats where times_finished > 0 ${filter}`,
    )
    .all(params)) {
    const entry = touch(row.user_id, row.book_id, row.at);
    if (entry) entry.finished = true;
  }
  for (const row of client
    .prepare<Record<string, string>, TSignalRow & { rating: number }>(
      `select user_id, book_id, updated_at as at, rating from book_reviews where 1 = 1 ${filter}`,
    )
    .all(params)) {
    const entry = touch(row.user_id, row.book_id, row.at);
    if (entry) entry.rating = row.rating;
  }
  for (const [userId, counts] of readHighlightCounts(db, userIds))
    for (const [bookId, count] of counts) {
      const entry = touch(userId, bookId, null);
      if (entry) entry.highlights += count;
    }

  for (const [userId, entries] of state) {
    const reader = readers.get(userId)!;
    for (const [bookId, entry] of entries)
      reader.interactions.push({ bookId, atMs: entry.atMs, weight: interactionWeight(entry) });
  }

  const categories = client
    .prepare<[], { id: string; name: string; slug: string }>('select id, name, slug from categories')
    .all();
  const categoryByName = new Map<string, string>();
  for (const category of categories) {
    categoryByName.set(category.name.toLowerCase(), category.id);
    categoryByName.set(category.slug.toLowerCase(), category.id);
  }
  for (const row of client
    .prepare<Record<string, string>, { user_id: string; favorite_genres: string; preferred_authors: string }>(
      `select user_id, favorite_genres, preferred_authors from user_reading_preferences where 1 = 1 ${filter}`,
    )
    .all(params)) {
    const reader = readers.get(row.user_id);
    if (!reader) continue;
    const genres = parseList(row.favorite_genres)
      .map((genre) => categoryByName.get(genre.trim().toLowerCase()))
      .filter((id): id is string => id !== undefined);
    reader.favouriteCategoryIds = new Set(genres);
    reader.favouriteAuthors = new Set(parseList(row.preferred_authors).map((author) => author.trim().toLowerCase()));
  }
  for (const row of client
    .prepare<Record<string, string>, TSignalRow>(
      `select user_id, book_id, dismissed_at as at from recommendation_dismissals where 1 = 1 ${filter}`,
    )
    .all(params))
    (readers.get(row.user_id)?.dismissed as Set<string> | undefined)?.add(row.book_id);
  return readers;
}

/** docs/product/recommendations.md#signals: a low rating turns the book into a negative signal. */
function interactionWeight(entry: {
  rating: number | null;
  finished: boolean;
  share: number;
  touched: boolean;
  highlights: number;
}): number {
  if (entry.rating !== null && entry.rating <= 2) return -(3 - entry.rating) * SIGNAL_WEIGHTS.ratingStar;
  let weight = entry.finished
    ? SIGNAL_WEIGHTS.finished
    : entry.touched
      ? SIGNAL_WEIGHTS.started + SIGNAL_WEIGHTS.progress * entry.share
      : SIGNAL_WEIGHTS.shelved;
  if (entry.rating !== null) weight += (entry.rating - 3) * SIGNAL_WEIGHTS.ratingStar;
  weight += Math.min(SIGNAL_WEIGHTS.highlightMax, entry.highlights * SIGNAL_WEIGHTS.highlight);
  return weight;
}

function parseList(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Term vectors, computed once per text source

/**
 * Counts the terms of every published book whose text source changed: the indexed page text of its current version
 * (with its description), or its description alone while no page text is indexed. Returns how many were counted.
 */
export function refreshTermVectors(db: Db, now: Date): number {
  const client = db.$client;
  const rows = client
    .prepare<
      [],
      {
        id: string;
        title: string;
        description: string;
        long_description: string | null;
        key_takeaways: string;
        tags: string;
        table_of_contents: string;
        updated_at: number;
        content_version: number | null;
        has_pages: number;
        stored_source: string | null;
      }
    >(
      `select b.id, b.title, b.description, b.long_description, b.key_takeaways, b.tags, b.table_of_contents,
              b.updated_at, b.content_version,
              exists (select 1 from book_pages p where p.book_id = b.id and p.version = b.content_version) as has_pages,
              v.source as stored_source
         from books b left join book_term_vectors v on v.book_id = b.id
        where b.is_published = 1`,
    )
    .all();
  const pageText = client.prepare<[string, number], { text: string }>(
    'select text from book_pages where book_id = ? and version = ? order by page_number',
  );
  const upsert = client.prepare<[string, string, string, number]>(
    `insert into book_term_vectors (book_id, source, terms, computed_at) values (?, ?, ?, ?)
     on conflict (book_id) do update set source = excluded.source, terms = excluded.terms, computed_at = excluded.computed_at`,
  );
  let counted = 0;
  immediateTransaction(db, () => {
    for (const row of rows) {
      const source =
        row.has_pages && row.content_version !== null
          ? `pages:v${row.content_version}:${row.updated_at}`
          : `meta:${row.updated_at}`;
      if (row.stored_source === source) continue;
      const parts = [
        row.title,
        row.title,
        row.description,
        row.long_description ?? '',
        parseList(row.key_takeaways).join('. '),
        parseList(row.tags).join(' '),
        parseList(row.table_of_contents).join('. '),
      ];
      let text = parts.join('\n');
      if (row.has_pages && row.content_version !== null) {
        for (const page of pageText.iterate(row.id, row.content_version)) {
          text += `\n${page.text}`;
          if (text.length > MAX_TERM_TEXT_CHARS) break;
        }
      }
      upsert.run(row.id, source, JSON.stringify(countTerms(text)), now.getTime());
      counted += 1;
    }
  });
  return counted;
}

function loadTermVectors(db: Db): Map<string, Record<string, number>> {
  const rows = db.$client
    .prepare<[], { book_id: string; terms: string }>('select book_id, terms from book_term_vectors')
    .all();
  return new Map(rows.map((row) => [row.book_id, JSON.parse(row.terms) as Record<string, number>]));
}

// ---------------------------------------------------------------------------------------------------------------
// The job

/**
 * The last model this process built for each database, so a dismissal or a change in a reader's reading can refill
 * that reader's rows without building the model again (docs/product/recommendations.md#after-reading).
 */
const lastModels = new WeakMap<Db, { model: TModel; builtAt: number }>();
/** Older than this (the hourly run did not happen in this process), a reader's refresh builds a new model. */
const MODEL_MAX_AGE_MS = 2 * 60 * 60 * 1000;

function writeSimilarBooks(db: Db, model: TModel): void {
  const insert = db.$client.prepare(
    'insert into similar_books (book_id, similar_book_id, score, reason) values (?, ?, ?, ?)',
  );
  immediateTransaction(db, () => {
    db.delete(similarBooks).run();
    for (const bookId of model.books.keys()) {
      const merged = new Map<string, { score: number; reason: string }>();
      for (const neighbour of model.content.get(bookId) ?? []) merged.set(neighbour.bookId, neighbour);
      // On a public page co-reading needs a few readers, so no single reader's shelf shows through.
      for (const neighbour of model.coReading.get(bookId) ?? []) {
        if (neighbour.readers < PUBLIC_MIN_CO_READERS) continue;
        const existing = merged.get(neighbour.bookId);
        if (!existing || existing.score < neighbour.score)
          merged.set(neighbour.bookId, { score: neighbour.score, reason: 'Readers of this book also read it' });
      }
      const top = [...merged]
        .sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1))
        .slice(0, SIMILAR_BOOKS_SHOWN * 2);
      for (const [similarBookId, { score, reason }] of top) insert.run(bookId, similarBookId, score, reason);
    }
  });
}

/** Replaces one reader's rows; clicked or borrowed rows that drop out stay as history (score 0). */
function writeReaderRows(db: Db, model: TModel, reader: TReaderSignals, now: Date): number {
  const rows = buildRows(model, reader, now.getTime());
  const keep = new Set<string>();
  const upsert = db.$client.prepare(
    `insert into book_recommendations (id, user_id, book_id, recommendation_type, score, reason, source_book_id, row_label, created_at, updated_at)
     values (@id, @userId, @bookId, @type, @score, @reason, @sourceBookId, @label, @now, @now)
     on conflict (user_id, book_id, recommendation_type) do update set
       score = excluded.score, reason = excluded.reason, source_book_id = excluded.source_book_id,
       row_label = excluded.row_label, updated_at = excluded.updated_at`,
  );
  let written = 0;
  for (const row of rows)
    for (const item of row.items) {
      keep.add(`${item.bookId}|${row.type}`);
      upsert.run({
        id: crypto.randomUUID(),
        userId: reader.userId,
        bookId: item.bookId,
        type: row.type,
        // Items come best first; a positive score means "shown" (see the header).
        score: Math.max(MIN_SHOWN_SCORE, item.score),
        reason: item.reason,
        sourceBookId: row.sourceBookId,
        label: row.label,
        now: now.getTime(),
      });
      written += 1;
    }
  const existing = db
    .select({
      id: bookRecommendations.id,
      bookId: bookRecommendations.bookId,
      type: bookRecommendations.recommendationType,
      clicked: bookRecommendations.clicked,
      borrowed: bookRecommendations.borrowed,
    })
    .from(bookRecommendations)
    .where(eq(bookRecommendations.userId, reader.userId))
    .all();
  for (const row of existing) {
    if (keep.has(`${row.bookId}|${row.type}`)) continue;
    if (row.clicked || row.borrowed)
      db.update(bookRecommendations)
        .set({ score: RETIRED_SCORE, updatedAt: now })
        .where(eq(bookRecommendations.id, row.id))
        .run();
    else db.delete(bookRecommendations).where(eq(bookRecommendations.id, row.id)).run();
  }
  return written;
}

export interface TRecommendationRun {
  booksCounted: number;
  readers: number;
  rows: number;
  durationMs: number;
}

/**
 * The `recommendations` job: term vectors for changed books, the model over every reader, "More like this" for
 * every book, then each reader's rows, a batch of readers per transaction. It runs in the API process, so it yields
 * to the event loop between steps and batches: requests are answered while it works (a whole run takes seconds).
 * `userIds` recomputes only those readers (the model still sees everyone).
 */
export async function computeRecommendations(
  deps: TRecommendationDeps,
  options: { userIds?: string[] } = {},
): Promise<TRecommendationRun> {
  const started = performance.now();
  const { db } = deps;
  const now = deps.now();
  const booksCounted = refreshTermVectors(db, now);
  await yieldToEventLoop();
  const allReaders = loadReaderSignals(db, null);
  const model = buildModel({
    books: loadModelBooks(db),
    termVectors: loadTermVectors(db),
    readers: allReaders.values(),
  });
  lastModels.set(db, { model, builtAt: now.getTime() });
  await yieldToEventLoop();
  if (!options.userIds) writeSimilarBooks(db, model);
  const readers = options.userIds
    ? options.userIds.flatMap((id) => allReaders.get(id) ?? [])
    : [...allReaders.values()];
  let rows = 0;
  for (let start = 0; start < readers.length; start += READERS_PER_TRANSACTION) {
    await yieldToEventLoop();
    immediateTransaction(db, () => {
      for (const reader of readers.slice(start, start + READERS_PER_TRANSACTION))
        rows += writeReaderRows(db, model, reader, now);
    });
  }
  const durationMs = Math.round(performance.now() - started);
  deps.logger.info({ booksCounted, readers: readers.length, rows, durationMs }, 'recommendations computed');
  return { booksCounted, readers: readers.length, rows, durationMs };
}

/**
 * Recomputes these readers' rows after their reading changed (docs/product/recommendations.md#after-reading): from
 * their signals as they are now, with this process's last model of the catalogue and everyone's shelves (one
 * reader's new page or rating barely moves it, and the hourly run renews it), or through a run limited to them when
 * there is no recent model. Returns how many rows were written.
 */
export async function refreshReaderRecommendations(
  deps: TRecommendationDeps,
  userIds: readonly string[],
): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const cached = lastModels.get(db);
  if (!cached || now.getTime() - cached.builtAt > MODEL_MAX_AGE_MS)
    return (await computeRecommendations(deps, { userIds: [...userIds] })).rows;
  const readers = [...loadReaderSignals(db, userIds).values()];
  let rows = 0;
  for (let start = 0; start < readers.length; start += READERS_PER_TRANSACTION) {
    await yieldToEventLoop();
    immediateTransaction(db, () => {
      for (const reader of readers.slice(start, start + READERS_PER_TRANSACTION))
        rows += writeReaderRows(db, cached.model, reader, now);
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// The reader's side

/** The reader's rows with each book and why it is shown (docs/product/recommendations.md#rows). */
export function getRecommendationRows(options: { db: Db; userId: string }): TRecommendationRows {
  const { db, userId } = options;
  const rows = db
    .select({
      bookId: bookRecommendations.bookId,
      type: bookRecommendations.recommendationType,
      reason: bookRecommendations.reason,
      label: bookRecommendations.rowLabel,
      sourceBookId: bookRecommendations.sourceBookId,
      score: bookRecommendations.score,
    })
    .from(bookRecommendations)
    .where(
      and(
        eq(bookRecommendations.userId, userId),
        gt(bookRecommendations.score, RETIRED_SCORE),
        sql`not exists (select 1 from recommendation_dismissals d where d.user_id = ${bookRecommendations.userId} and d.book_id = ${bookRecommendations.bookId})`,
      ),
    )
    .orderBy(sql`${bookRecommendations.score} desc`)
    .all();
  const summaries = new Map(
    listBookSummariesByIds(db, [...new Set(rows.map((row) => row.bookId))]).map((book) => [book.id, book]),
  );
  const grouped = new Map<string, TRecommendationRows['rows'][number]>();
  for (const type of Object.keys(RECOMMENDATION_ROW_TITLES) as TRecommendationType[]) {
    for (const row of rows) {
      if (row.type !== type) continue;
      const book = summaries.get(row.bookId);
      if (!book) continue;
      let group = grouped.get(type);
      if (!group) {
        group = {
          type,
          title: RECOMMENDATION_ROW_TITLES[type](row.label ?? ''),
          sourceBookId: row.sourceBookId,
          items: [],
        };
        grouped.set(type, group);
      }
      group.items.push({ book, reason: row.reason ?? '' });
    }
  }
  return { rows: [...grouped.values()] };
}

function assertPublishedBook(db: Db, bookId: string): void {
  const found = db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.isPublished, true)))
    .get();
  if (!found) throw notFound('Book');
}

/**
 * "Not interested": recorded once (a repeat changes nothing), the book's rows go at once, and with a model at hand
 * the reader's rows are recomputed so the row refills; the next job run down-weights the author and categories too.
 */
export function dismissRecommendation(deps: TRecommendationDeps, options: { userId: string; bookId: string }): void {
  const { db } = deps;
  const { userId, bookId } = options;
  assertPublishedBook(db, bookId);
  const now = deps.now();
  immediateTransaction(db, () => {
    db.insert(recommendationDismissals).values({ userId, bookId, dismissedAt: now }).onConflictDoNothing().run();
    db.delete(bookRecommendations)
      .where(
        and(
          eq(bookRecommendations.userId, userId),
          eq(bookRecommendations.bookId, bookId),
          eq(bookRecommendations.clicked, false),
          eq(bookRecommendations.borrowed, false),
        ),
      )
      .run();
    db.update(bookRecommendations)
      .set({ score: RETIRED_SCORE, updatedAt: now })
      .where(and(eq(bookRecommendations.userId, userId), eq(bookRecommendations.bookId, bookId)))
      .run();
    const model = lastModels.get(db)?.model;
    const reader = model ? loadReaderSignals(db, [userId]).get(userId) : undefined;
    if (model && reader) writeReaderRows(db, model, reader, now);
  });
}

/** A click on a recommended book (opening its page from a card). Books not recommended to the reader are 404. */
export function recordRecommendationClick(options: { db: Db; userId: string; bookId: string; now: Date }): void {
  const { db, userId, bookId, now } = options;
  const result = db
    .update(bookRecommendations)
    .set({ clicked: true, updatedAt: now })
    .where(and(eq(bookRecommendations.userId, userId), eq(bookRecommendations.bookId, bookId)))
    .run();
  if (result.changes === 0) throw notFound('Recommendation');
}

/**
 * Borrowing a recommended book (a pick or a loan through the usual flows) marks its rows borrowed. Called by the
 * selections and loans services; a book that was not recommended changes nothing.
 */
export function recordRecommendationBorrow(options: { db: Db; userId: string; bookId: string; now: Date }): void {
  const { db, userId, bookId, now } = options;
  db.update(bookRecommendations)
    .set({ borrowed: true, updatedAt: now })
    .where(
      and(
        eq(bookRecommendations.userId, userId),
        eq(bookRecommendations.bookId, bookId),
        eq(bookRecommendations.borrowed, false),
      ),
    )
    .run();
}

/** "More like this" on a book page: for visitors too, so only book-to-book data (no reader's shelf). */
export function getSimilarBooks(options: { db: Db; bookId: string }): TSimilarBooks {
  const { db, bookId } = options;
  const book = db
    .select({ id: books.id })
    .from(books)
    .where(and(sql`(${books.id} = ${bookId} or ${books.slug} = ${bookId})`, eq(books.isPublished, true)))
    .get();
  if (!book) throw notFound('Book');
  const rows = db
    .select({ similarBookId: similarBooks.similarBookId, reason: similarBooks.reason })
    .from(similarBooks)
    .where(eq(similarBooks.bookId, book.id))
    .orderBy(sql`${similarBooks.score} desc`, similarBooks.similarBookId)
    .all();
  const summaries = listBookSummariesByIds(
    db,
    rows.map((row) => row.similarBookId),
  ).slice(0, SIMILAR_BOOKS_SHOWN);
  const reasons = new Map(rows.map((row) => [row.similarBookId, row.reason]));
  return { items: summaries.map((summary) => ({ book: summary, reason: reasons.get(summary.id) ?? '' })) };
}
