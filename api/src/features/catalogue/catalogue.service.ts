/**
 * The public catalogue: published books (list with search, filters, sorts and paging; detail; generated
 * cover), categories and plans. Read-only; the seed and the admin catalogue features write these tables.
 *
 * The book list is the hottest query of the storefront, so it is plain SQL over prepared statements
 * (one per filter/sort shape, cached per connection) plus one extra query for the page's primary
 * categories, instead of a per-row lookup. Results are kept in a read cache that is dropped whenever
 * the database changes (read-cache.ts), since the same few pages are asked for again and again.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  BOOK_SORT_DEFAULT,
  type TBookDetail,
  type TBookList,
  type TBookSummary,
  type TCategory,
  type TCategoryRef,
  type TPlan,
} from '@shared/catalogue';
import type { TBookListQuery } from '@shared/catalogue.schemas';
import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT } from '@shared/reviews';
import type { TBookTier } from '@shared/tiers';
import type { Db } from '../../db/client';
import { bookCategories, books, categories, subscriptionPlans } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { buildMatchExpression, containsLikePattern, parseSearchTerms } from '../search/search-terms';
import { coverVersion, generatedCoverUrl, renderCoverSvg } from './cover-svg';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { cachedStatement } from '../../db/statement-cache';

/**
 * The tables behind book detail, categories and browsing without a search term (checked against their
 * queries by api/src/read-cache-tables.test.ts): those caches survive the readers' own writes (progress,
 * sync), which would otherwise empty them many times a second. A search also reads the FTS index,
 * which triggers cannot track, so searches keep the any-write rule.
 */
export const CATALOGUE_TABLES = ['books', 'book_categories', 'categories'] as const satisfies readonly TTrackedTable[];

/** Pages are about 15 KB each; 300 of them bound the memory at a few MB per process. */
const browseCache = createReadCache(300, { tables: CATALOGUE_TABLES });
const searchCache = createReadCache(300);
const detailCache = createReadCache(500, { tables: CATALOGUE_TABLES });
const categoriesCache = createReadCache(1, { tables: CATALOGUE_TABLES });

interface BookSummaryRow {
  id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  cover_image_url: string | null;
  required_tier: TBookTier;
  rating: number;
  total_ratings: number;
  is_featured: number;
  published_year: number | null;
}

const SUMMARY_COLUMNS = `b.id, b.slug, b.title, b.author, b.description, b.cover_image_url, b.required_tier,
  b.rating, b.total_ratings, b.is_featured, b.published_year`;

/** bm25 column weights for books_fts(book_id, title, author, description, categories, tags). */
const BM25 = 'bm25(books_fts, 0.0, 10.0, 6.0, 1.0, 3.0, 3.0)';

const POPULARITY = 'b.total_ratings * b.rating';
/** The Bayesian average of docs/product/reviews-and-challenges.md#bayesian-average (bayesianAverage in shared/reviews.ts). */
const BAYESIAN_RATING = `((b.rating * b.total_ratings + ${BAYES_PRIOR_MEAN} * ${BAYES_PRIOR_WEIGHT}) / (b.total_ratings + ${BAYES_PRIOR_WEIGHT}))`;
/** Every order ends with b.id so pages never overlap or skip rows when values tie. */
const ORDER_BY: Record<NonNullable<TBookListQuery['sort']> | 'relevance', string> = {
  relevance: `s.score, ${POPULARITY} desc, b.id`,
  popular: `${POPULARITY} desc, b.rating desc, b.title collate nocase, b.id`,
  rating: `${BAYESIAN_RATING} desc, b.total_ratings desc, b.title collate nocase, b.id`,
  newest: 'b.published_year desc nulls last, b.created_at desc, b.id',
  title: 'b.title collate nocase, b.id',
};

/**
 * Short (1-2 character) search words cannot use the trigram index; each must appear in the title,
 * author, categories or tags. Descriptions are left out: two letters occur in nearly every paragraph.
 */
const SHORT_WORDS_FILTER = `not exists (
  select 1 from json_each(@shortWords) w
   where not (books_fts.title like w.value escape '\\' or books_fts.author like w.value escape '\\'
              or books_fts.categories like w.value escape '\\' or books_fts.tags like w.value escape '\\'))`;

/** Results are shared between callers: treat them as read-only. */
export function listBooks({ db, query }: { db: Db; query: TBookListQuery }): TBookList {
  const { search, author, category, tier, featured, sort, page, limit } = query;
  const key = JSON.stringify([search, author, category, tier, featured, sort, page, limit]);
  return (search ? searchCache : browseCache).read(db, key, () => queryBooks(db, query));
}

/** The uncached query behind `listBooks` (exported for measurements). */
export function queryBooks(db: Db, query: TBookListQuery): TBookList {
  const params: Record<string, string | number> = {};
  const where = ['b.is_published = 1'];
  let from = 'books b';

  const parsed = query.search ? parseSearchTerms(query.search) : null;
  // Text made only of control characters leaves nothing to look for: treat it as no search.
  const terms = parsed && parsed.phrases.length + parsed.shortWords.length > 0 ? parsed : null;
  if (terms) {
    const match = buildMatchExpression(terms.phrases);
    const conditions: string[] = [];
    if (match) {
      conditions.push('books_fts match @match');
      params.match = match;
    }
    if (terms.shortWords.length > 0) {
      conditions.push(SHORT_WORDS_FILTER);
      params.shortWords = JSON.stringify(terms.shortWords.map(containsLikePattern));
    }
    const score = match ? BM25 : '0';
    from = `(select book_id, ${score} as score from books_fts where ${conditions.join(' and ')}) s
      join books b on b.id = s.book_id`;
  }
  if (query.author) {
    where.push('b.author = @author collate nocase');
    params.author = query.author;
  }
  if (query.tier) {
    where.push('b.required_tier = @tier');
    params.tier = query.tier;
  }
  if (query.featured !== undefined) {
    where.push('b.is_featured = @featured');
    params.featured = query.featured ? 1 : 0;
  }
  if (query.category) {
    where.push(`b.id in (select bc.book_id from book_categories bc join categories c on c.id = bc.category_id
                          where c.slug = @category)`);
    params.category = query.category;
  }

  const sort = query.sort ?? (terms ? 'relevance' : BOOK_SORT_DEFAULT);
  const whereSql = where.join(' and ');
  const countSql = `select count(*) as total from ${from} where ${whereSql}`;
  const pageSql = `select ${SUMMARY_COLUMNS} from ${from} where ${whereSql}
    order by ${ORDER_BY[sort]} limit @limit offset @offset`;

  const { total } = cachedStatement(db, countSql).get(params) as { total: number };
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset < total
      ? (cachedStatement(db, pageSql).all({ ...params, limit: query.limit, offset }) as BookSummaryRow[])
      : [];
  const primaryCategories = findPrimaryCategories(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toBookSummary(row, primaryCategories.get(row.id) ?? null)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Primary category (lowest position) of each listed book, in one query for the whole page. */
function findPrimaryCategories(db: Db, bookIds: string[]): Map<string, string> {
  if (bookIds.length === 0) return new Map();
  // SQLite returns the bare columns of the row holding min(position) (documented min/max behaviour).
  const rows = cachedStatement(
    db,
    `select bc.book_id as bookId, c.name as name, min(bc.position) as position
       from book_categories bc join categories c on c.id = bc.category_id
      where bc.book_id in (select value from json_each(?))
      group by bc.book_id`,
  ).all(JSON.stringify(bookIds)) as { bookId: string; name: string }[];
  return new Map(rows.map((row) => [row.bookId, row.name]));
}

function toBookSummary(row: BookSummaryRow, category: string | null): TBookSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    description: row.description,
    category,
    coverImageUrl: row.cover_image_url || generatedCoverUrl(row.id, { title: row.title, author: row.author, category }),
    requiredTier: row.required_tier,
    rating: row.rating,
    totalRatings: row.total_ratings,
    isFeatured: Boolean(row.is_featured),
    publishedYear: row.published_year,
  };
}

/**
 * Published books by id as summaries, in the order of `bookIds` (unknown or unpublished ids are left out): for lists
 * another feature chooses, such as recommendations.
 */
export function listBookSummariesByIds(db: Db, bookIds: string[]): TBookSummary[] {
  if (bookIds.length === 0) return [];
  const rows = cachedStatement(
    db,
    `select ${SUMMARY_COLUMNS} from books b where b.is_published = 1 and b.id in (select value from json_each(?))`,
  ).all(JSON.stringify(bookIds)) as BookSummaryRow[];
  const primaryCategories = findPrimaryCategories(db, bookIds);
  const byId = new Map(rows.map((row) => [row.id, toBookSummary(row, primaryCategories.get(row.id) ?? null)]));
  return bookIds.flatMap((id) => byId.get(id) ?? []);
}

const detailStatements = new WeakMap<Db, ReturnType<typeof prepareDetailStatements>>();

function prepareDetailStatements(db: Db) {
  const idOrSlug = sql.placeholder('idOrSlug');
  return {
    book: db
      .select()
      .from(books)
      .where(and(or(eq(books.id, idOrSlug), eq(books.slug, idOrSlug)), eq(books.isPublished, true)))
      .limit(1)
      .prepare(),
    categories: db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(bookCategories)
      .innerJoin(categories, eq(categories.id, bookCategories.categoryId))
      .where(eq(bookCategories.bookId, sql.placeholder('bookId')))
      .orderBy(asc(bookCategories.position), asc(categories.name))
      .prepare(),
  };
}

function statementsFor(db: Db) {
  let statements = detailStatements.get(db);
  if (!statements) {
    statements = prepareDetailStatements(db);
    detailStatements.set(db, statements);
  }
  return statements;
}

type BookRecord = typeof books.$inferSelect;

interface PublishedBook {
  book: BookRecord;
  categories: TCategoryRef[];
}

function findPublishedBookOrNull(db: Db, idOrSlug: string): PublishedBook | null {
  const statements = statementsFor(db);
  const book = statements.book.get({ idOrSlug });
  return book ? { book, categories: statements.categories.all({ bookId: book.id }) } : null;
}

function findPublishedBook(db: Db, idOrSlug: string): PublishedBook {
  const found = findPublishedBookOrNull(db, idOrSlug);
  if (!found) throw notFound('Book');
  return found;
}

/** A published book by id or slug; unpublished books are as absent as unknown ones (404). Read-only result. */
export function getBookDetail({ db, idOrSlug }: { db: Db; idOrSlug: string }): TBookDetail {
  const detail = detailCache.read(db, idOrSlug, () => queryBookDetail(db, idOrSlug));
  if (!detail) throw notFound('Book');
  return detail;
}

function queryBookDetail(db: Db, idOrSlug: string): TBookDetail | null {
  const found = findPublishedBookOrNull(db, idOrSlug);
  if (!found) return null;
  const { book, categories: bookCategoryRefs } = found;
  const category = bookCategoryRefs[0]?.name ?? null;
  return {
    id: book.id,
    slug: book.slug,
    title: book.title,
    author: book.author,
    description: book.description,
    category,
    coverImageUrl:
      book.coverImageUrl || generatedCoverUrl(book.id, { title: book.title, author: book.author, category }),
    requiredTier: book.requiredTier,
    rating: book.rating,
    totalRatings: book.totalRatings,
    isFeatured: book.isFeatured,
    publishedYear: book.publishedYear,
    longDescription: book.longDescription,
    authorBio: book.authorBio,
    pageCount: book.pageCount,
    tableOfContents: book.tableOfContents,
    keyTakeaways: book.keyTakeaways,
    targetAudience: book.targetAudience,
    tags: book.tags,
    categories: bookCategoryRefs,
    totalReviews: book.totalReviews,
    previewPageCount: book.previewPageCount,
    language: book.language,
    publicReleaseAt: book.publicReleaseAt ? book.publicReleaseAt.toISOString() : null,
  };
}

export interface BookCover {
  svg: string;
  /** Changes whenever the drawn text changes; the cover URL carries it as `?v=`. */
  version: string;
}

export function getBookCover({ db, idOrSlug }: { db: Db; idOrSlug: string }): BookCover {
  const { book, categories: bookCategoryRefs } = findPublishedBook(db, idOrSlug);
  const input = { title: book.title, author: book.author, category: bookCategoryRefs[0]?.name ?? null };
  return { svg: renderCoverSvg(input), version: coverVersion(input) };
}

/** Active categories with the number of published books in each (a book counts in all its categories). */
export function listCategories({ db }: { db: Db }): TCategory[] {
  return categoriesCache.read(db, 'all', () => queryCategories(db));
}

function queryCategories(db: Db): TCategory[] {
  return cachedStatement(
    db,
    `select c.id, c.name, c.slug, c.description, c.icon, c.color,
            (select count(*) from book_categories bc join books b on b.id = bc.book_id
              where bc.category_id = c.id and b.is_published = 1) as bookCount
       from categories c
      where c.is_active = 1
      order by c.name collate nocase`,
  ).all() as TCategory[];
}

/** Active plans in display order (docs/product/plans-and-picks.md#plans). */
export function listPlans({ db }: { db: Db }): TPlan[] {
  return db
    .select({
      id: subscriptionPlans.id,
      tier: subscriptionPlans.tier,
      name: subscriptionPlans.name,
      price: subscriptionPlans.price,
      priceAmount: subscriptionPlans.priceAmount,
      currency: subscriptionPlans.currency,
      period: subscriptionPlans.period,
      description: subscriptionPlans.description,
      bookLimit: subscriptionPlans.bookLimit,
      features: subscriptionPlans.features,
      badge: subscriptionPlans.badge,
      displayOrder: subscriptionPlans.displayOrder,
    })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.displayOrder), asc(subscriptionPlans.priceAmount))
    .all();
}
