/**
 * The back office's books (docs/product/back-office.md#books): the filtered list, one book with its versions, creating
 * and editing a book's details, categories, tier, preview length, slug and publication. Each change is one
 * BEGIN IMMEDIATE transaction with its audit row; the search index follows the book (reindexBook).
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TAdminPage } from '@shared/admin-list';
import { ADMIN_BOOK_MESSAGES, type TAdminBook, type TAdminBookRow } from '@shared/admin-books';
import type { TAdminBookCreate, TAdminBookUpdate, TAdminBooksQuery } from '@shared/admin-books.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { bookCategories, books, categories, pdfAssets } from '../../db/schema';
import { reindexBook } from '../../db/search-index';
import { AppError } from '../../lib/app-error';
import { slugify } from '../../lib/slug';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';

export interface TBookActor extends TRequestMeta {
  userId: string;
  sessionId: string | null;
}

const bookNotFound = () => new AppError('not_found', 404, ADMIN_BOOK_MESSAGES.bookNotFound);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The list's filters as one condition; bulk categorisation selects books by the same filters. */
export function adminBookFilter(
  query: Partial<
    Pick<TAdminBooksQuery, 'q' | 'category' | 'tier' | 'featured' | 'published' | 'hasContent' | 'version'>
  >,
): SQL | undefined {
  const parts: SQL[] = [];
  const text = query.q?.trim();
  if (text) {
    const contains = `%${escapeLike(text)}%`;
    parts.push(
      sql`(${books.title} like ${contains} escape '\\' or ${books.author} like ${contains} escape '\\' or ${books.slug} like ${contains} escape '\\')`,
    );
  }
  if (query.category)
    parts.push(sql`${books.id} in (select book_id from book_categories where category_id = ${query.category})`);
  if (query.tier) parts.push(eq(books.requiredTier, query.tier));
  if (query.featured !== undefined) parts.push(eq(books.isFeatured, query.featured));
  if (query.published !== undefined) parts.push(eq(books.isPublished, query.published));
  if (query.hasContent !== undefined)
    parts.push(query.hasContent ? sql`${books.contentVersion} is not null` : sql`${books.contentVersion} is null`);
  if (query.version !== undefined) parts.push(eq(books.contentVersion, query.version));
  return parts.length > 0 ? and(...parts) : undefined;
}

const SORT_COLUMNS = {
  title: sql`${books.title} collate nocase`,
  author: sql`${books.author} collate nocase`,
  updatedAt: books.updatedAt,
  createdAt: books.createdAt,
  contentVersion: books.contentVersion,
} as const;

/** The editor's day (YYYY-MM-DD) ↔ the stored instant, 00:00 UTC of that day. */
const toReleaseDate = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
const fromReleaseDate = (day: string | null | undefined) =>
  day === undefined ? undefined : day === null ? null : new Date(`${day}T00:00:00Z`);

function categoryNamesOf(db: Db, bookIds: string[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  if (bookIds.length === 0) return names;
  const rows = db
    .select({ bookId: bookCategories.bookId, name: categories.name })
    .from(bookCategories)
    .innerJoin(categories, eq(categories.id, bookCategories.categoryId))
    .where(inArray(bookCategories.bookId, bookIds))
    .orderBy(asc(bookCategories.position), asc(categories.name))
    .all();
  for (const row of rows) names.set(row.bookId, [...(names.get(row.bookId) ?? []), row.name]);
  return names;
}

/** GET /api/admin/books: one page of every book, published or not, with the list's filters. */
export function listAdminBooks({ db, query }: { db: Db; query: TAdminBooksQuery }): TAdminPage<TAdminBookRow> {
  const where = adminBookFilter(query);
  const total = db.select({ total: count() }).from(books).where(where).get()?.total ?? 0;
  const order = query.order === 'asc' ? asc : desc;
  const rows = db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      slug: books.slug,
      requiredTier: books.requiredTier,
      isFeatured: books.isFeatured,
      isPublished: books.isPublished,
      contentVersion: books.contentVersion,
      pageCount: books.pageCount,
      publicReleaseAt: books.publicReleaseAt,
      updatedAt: books.updatedAt,
    })
    .from(books)
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), asc(books.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all();
  const names = categoryNamesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map(({ publicReleaseAt, ...row }) => ({
      ...row,
      publicReleaseDate: toReleaseDate(publicReleaseAt),
      categories: names.get(row.id) ?? [],
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/admin/books/:id: the editor's book, its category ids in order and every stored version. */
export function getAdminBook({ db, bookId }: { db: Db; bookId: string }): TAdminBook {
  const book = db.select().from(books).where(eq(books.id, bookId)).get();
  if (!book) throw bookNotFound();
  const categoryIds = db
    .select({ id: bookCategories.categoryId })
    .from(bookCategories)
    .where(eq(bookCategories.bookId, bookId))
    .orderBy(asc(bookCategories.position))
    .all()
    .map((row) => row.id);
  const versions = db
    .select()
    .from(pdfAssets)
    .where(eq(pdfAssets.bookId, bookId))
    .orderBy(desc(pdfAssets.version))
    .all()
    .map((asset) => ({
      version: asset.version,
      pageCount: asset.pageCount,
      sizeBytes: asset.sizeBytes,
      chunkCount: asset.chunkCount,
      previewPageCount: asset.previewPageCount,
      sha256: asset.sha256,
      createdAt: asset.createdAt.toISOString(),
      isCurrent: asset.version === book.contentVersion,
    }));
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    slug: book.slug,
    description: book.description,
    longDescription: book.longDescription,
    authorBio: book.authorBio,
    publishedYear: book.publishedYear,
    tableOfContents: book.tableOfContents ?? [],
    keyTakeaways: book.keyTakeaways ?? [],
    targetAudience: book.targetAudience,
    categoryIds,
    isFeatured: book.isFeatured,
    isPublished: book.isPublished,
    requiredTier: book.requiredTier,
    previewPageCount: book.previewPageCount,
    publicReleaseDate: toReleaseDate(book.publicReleaseAt),
    coverImageUrl: book.coverImageUrl,
    contentVersion: book.contentVersion,
    pageCount: book.pageCount,
    versions,
    createdAt: book.createdAt.toISOString(),
    updatedAt: book.updatedAt.toISOString(),
  };
}

function assertSlugFree(db: Db, slug: string, exceptBookId: string | null): void {
  const clash = db
    .select({ id: books.id })
    .from(books)
    .where(exceptBookId ? and(eq(books.slug, slug), ne(books.id, exceptBookId)) : eq(books.slug, slug))
    .get();
  if (clash)
    throw new AppError('slug_taken', 409, ADMIN_BOOK_MESSAGES.slugTaken, [
      { field: 'slug', message: ADMIN_BOOK_MESSAGES.slugTaken },
    ]);
}

function replaceCategories(db: Db, bookId: string, categoryIds: string[]): void {
  const unique = [...new Set(categoryIds)];
  if (unique.length > 0) {
    const known = db.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique)).all();
    if (known.length !== unique.length)
      throw new AppError('unknown_category', 422, ADMIN_BOOK_MESSAGES.unknownCategory, [
        { field: 'categoryIds', message: ADMIN_BOOK_MESSAGES.unknownCategory },
      ]);
  }
  db.delete(bookCategories).where(eq(bookCategories.bookId, bookId)).run();
  if (unique.length > 0)
    db.insert(bookCategories)
      .values(unique.map((categoryId, position) => ({ bookId, categoryId, position })))
      .run();
}

function auditEntry(actor: TBookActor, bookId: string) {
  return {
    resource: 'book',
    resourceId: bookId,
    userId: actor.userId,
    sessionId: actor.sessionId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
  };
}

/** POST /api/admin/books: a new book without content (unpublished until a PDF makes it readable is the admin's call). */
export function createAdminBook({
  db,
  now,
  actor,
  input,
}: {
  db: Db;
  now: Date;
  actor: TBookActor;
  input: TAdminBookCreate;
}): TAdminBook {
  const slug = input.slug || slugify(input.title);
  if (!slug)
    throw new AppError('validation_failed', 422, ADMIN_BOOK_MESSAGES.slugFromTitle, [
      { field: 'slug', message: ADMIN_BOOK_MESSAGES.slugFromTitle },
    ]);
  const bookId = immediateTransaction(db, () => {
    assertSlugFree(db, slug, null);
    const { categoryIds, slug: _slug, publicReleaseDate, ...fields } = input;
    const created = db
      .insert(books)
      .values({ ...fields, publicReleaseAt: fromReleaseDate(publicReleaseDate), slug, createdAt: now, updatedAt: now })
      .returning({ id: books.id })
      .get();
    if (categoryIds) replaceCategories(db, created.id, categoryIds);
    recordAudit(
      { db, now: () => now },
      { ...auditEntry(actor, created.id), action: 'book.create', details: { title: input.title, slug } },
    );
    return created.id;
  });
  reindexBook(db, bookId);
  return getAdminBook({ db, bookId });
}

/** PATCH /api/admin/books/:id: the given fields; publishing and unpublishing are audited as their own actions. */
export function updateAdminBook({
  db,
  now,
  actor,
  bookId,
  changes,
}: {
  db: Db;
  now: Date;
  actor: TBookActor;
  bookId: string;
  changes: TAdminBookUpdate;
}): TAdminBook {
  immediateTransaction(db, () => {
    const before = db.select().from(books).where(eq(books.id, bookId)).get();
    if (!before) throw bookNotFound();
    if (changes.slug !== undefined && changes.slug !== before.slug) assertSlugFree(db, changes.slug, bookId);
    const { categoryIds, publicReleaseDate, ...fields } = changes;
    const changed = Object.keys(fields).filter(
      (key) =>
        JSON.stringify(fields[key as keyof typeof fields]) !== JSON.stringify(before[key as keyof typeof before]),
    );
    if (publicReleaseDate !== undefined && publicReleaseDate !== toReleaseDate(before.publicReleaseAt))
      changed.push('publicReleaseDate');
    if (Object.keys(fields).length > 0 || publicReleaseDate !== undefined)
      db.update(books)
        .set({ ...fields, publicReleaseAt: fromReleaseDate(publicReleaseDate), updatedAt: now })
        .where(eq(books.id, bookId))
        .run();
    if (categoryIds) {
      replaceCategories(db, bookId, categoryIds);
      changed.push('categoryIds');
    }
    const publication =
      changes.isPublished === undefined || changes.isPublished === before.isPublished
        ? null
        : changes.isPublished
          ? 'book.republish'
          : 'book.unpublish';
    recordAudit(
      { db, now: () => now },
      {
        ...auditEntry(actor, bookId),
        action: publication ?? 'book.update',
        severity: publication === 'book.unpublish' ? 'warning' : 'info',
        details: { changed },
      },
    );
  });
  reindexBook(db, bookId);
  return getAdminBook({ db, bookId });
}
