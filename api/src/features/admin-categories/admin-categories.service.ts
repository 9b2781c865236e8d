/**
 * The back office's categories (docs/product/site-content.md#categories): the list with book counts, create, edit
 * (rename, slug, icon, colour, active, terms), merge one category into another, and the suggestions made from each
 * book's own text. Each change is one BEGIN IMMEDIATE transaction with its audit row. The catalogue's read caches are
 * keyed on the categories and book_categories tables' generations (api/src/db/read-cache.ts), so the shop follows at
 * once; the search index holds category names, so renamed and merged categories reindex their books.
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  CATEGORY_MESSAGES,
  type TAdminCategory,
  type TCategoryMergeResult,
  type TCategorySuggestions,
} from '@shared/admin-categories';
import type { TCategoryCreate, TCategoryUpdate } from '@shared/admin-categories.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { bookCategories, bookPages, books, categories } from '../../db/schema';
import { reindexBook } from '../../db/search-index';
import { AppError } from '../../lib/app-error';
import { slugify } from '../../lib/slug';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { categoryTerms, scoreBook, SUGGESTIONS_PER_BOOK } from './category-terms';

export interface TCategoryActor extends TRequestMeta {
  userId: string;
  sessionId: string | null;
}

/** Page text read per book for suggestions: enough to show a subject, bounded for a 100-book page. */
const SUGGESTION_PAGES = 30;
const SUGGESTION_PAGE_CHARS = 60_000;

const categoryNotFound = () => new AppError('not_found', 404, CATEGORY_MESSAGES.categoryNotFound);

function auditEntry(actor: TCategoryActor, categoryId: string) {
  return {
    resource: 'category',
    resourceId: categoryId,
    userId: actor.userId,
    sessionId: actor.sessionId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
  };
}

function toAdminCategory(row: typeof categories.$inferSelect, bookCount: number): TAdminCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    icon: row.icon,
    color: row.color,
    isActive: row.isActive,
    terms: row.terms,
    bookCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/categories: every category, active or not, by name, with how many books it holds. */
export function listAdminCategories({ db }: { db: Db }): { items: TAdminCategory[] } {
  const counts = new Map(
    db
      .select({ categoryId: bookCategories.categoryId, books: count() })
      .from(bookCategories)
      .groupBy(bookCategories.categoryId)
      .all()
      .map((row) => [row.categoryId, row.books]),
  );
  const rows = db
    .select()
    .from(categories)
    .orderBy(asc(sql`${categories.name} collate nocase`))
    .all();
  return { items: rows.map((row) => toAdminCategory(row, counts.get(row.id) ?? 0)) };
}

function getAdminCategory(db: Db, categoryId: string): TAdminCategory {
  const row = db.select().from(categories).where(eq(categories.id, categoryId)).get();
  if (!row) throw categoryNotFound();
  const books = db
    .select({ books: count() })
    .from(bookCategories)
    .where(eq(bookCategories.categoryId, categoryId))
    .get();
  return toAdminCategory(row, books?.books ?? 0);
}

function assertUnique(db: Db, field: 'name' | 'slug', value: string, exceptId: string | null): void {
  const column = field === 'name' ? sql`${categories.name} collate nocase` : categories.slug;
  const clash = db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(sql`${column} = ${value}`, ne(categories.id, exceptId)) : sql`${column} = ${value}`)
    .get();
  if (!clash) return;
  const message = field === 'name' ? CATEGORY_MESSAGES.nameTaken : CATEGORY_MESSAGES.slugTaken;
  throw new AppError(`${field}_taken`, 409, message, [{ field, message }]);
}

function booksOf(db: Db, categoryId: string): string[] {
  return db
    .select({ bookId: bookCategories.bookId })
    .from(bookCategories)
    .where(eq(bookCategories.categoryId, categoryId))
    .all()
    .map((row) => row.bookId);
}

/** POST /api/admin/categories. */
export function createAdminCategory({
  db,
  now,
  actor,
  input,
}: {
  db: Db;
  now: Date;
  actor: TCategoryActor;
  input: TCategoryCreate;
}): TAdminCategory {
  const slug = input.slug || slugify(input.name);
  if (!slug)
    throw new AppError('validation_failed', 422, CATEGORY_MESSAGES.slugFromName, [
      { field: 'slug', message: CATEGORY_MESSAGES.slugFromName },
    ]);
  const categoryId = immediateTransaction(db, () => {
    assertUnique(db, 'name', input.name, null);
    assertUnique(db, 'slug', slug, null);
    const created = db
      .insert(categories)
      .values({ ...input, slug, createdAt: now, updatedAt: now })
      .returning({ id: categories.id })
      .get();
    recordAudit(
      { db, now: () => now },
      { ...auditEntry(actor, created.id), action: 'admin.category.create', details: { name: input.name, slug } },
    );
    return created.id;
  });
  return getAdminCategory(db, categoryId);
}

/** PATCH /api/admin/categories/:id: the given fields; a new name reaches the search index of its books. */
export function updateAdminCategory({
  db,
  now,
  actor,
  categoryId,
  changes,
}: {
  db: Db;
  now: Date;
  actor: TCategoryActor;
  categoryId: string;
  changes: TCategoryUpdate;
}): TAdminCategory {
  const renamed = immediateTransaction(db, () => {
    const before = db.select().from(categories).where(eq(categories.id, categoryId)).get();
    if (!before) throw categoryNotFound();
    if (changes.name !== undefined && changes.name.toLowerCase() !== before.name.toLowerCase())
      assertUnique(db, 'name', changes.name, categoryId);
    if (changes.slug !== undefined && changes.slug !== before.slug) assertUnique(db, 'slug', changes.slug, categoryId);
    const changed = Object.keys(changes).filter(
      (key) =>
        JSON.stringify(changes[key as keyof TCategoryUpdate]) !== JSON.stringify(before[key as keyof typeof before]),
    );
    if (changed.length > 0)
      db.update(categories)
        .set({ ...changes, updatedAt: now })
        .where(eq(categories.id, categoryId))
        .run();
    recordAudit(
      { db, now: () => now },
      {
        ...auditEntry(actor, categoryId),
        action: 'admin.category.update',
        details: { changed, ...(changed.includes('name') ? { from: before.name, to: changes.name } : {}) },
      },
    );
    return changed.includes('name');
  });
  if (renamed) for (const bookId of booksOf(db, categoryId)) reindexBook(db, bookId);
  return getAdminCategory(db, categoryId);
}

/**
 * POST /api/admin/categories/:id/merge: every book of the category gets the target instead (at the same position,
 * or keeps its existing link to the target), then the category is deleted. Audited as a warning: it cannot be undone.
 */
export function mergeAdminCategory({
  db,
  now,
  actor,
  categoryId,
  intoCategoryId,
}: {
  db: Db;
  now: Date;
  actor: TCategoryActor;
  categoryId: string;
  intoCategoryId: string;
}): TCategoryMergeResult {
  if (categoryId === intoCategoryId)
    throw new AppError('validation_failed', 422, CATEGORY_MESSAGES.mergeTarget, [
      { field: 'intoCategoryId', message: CATEGORY_MESSAGES.mergeTarget },
    ]);
  const { moved, affected } = immediateTransaction(db, () => {
    const source = db.select().from(categories).where(eq(categories.id, categoryId)).get();
    if (!source) throw categoryNotFound();
    const target = db.select().from(categories).where(eq(categories.id, intoCategoryId)).get();
    if (!target)
      throw new AppError('not_found', 404, CATEGORY_MESSAGES.mergeTarget, [
        { field: 'intoCategoryId', message: CATEGORY_MESSAGES.mergeTarget },
      ]);
    const links = db.select().from(bookCategories).where(eq(bookCategories.categoryId, categoryId)).all();
    let movedCount = 0;
    for (const link of links) {
      const inserted = db
        .insert(bookCategories)
        .values({ bookId: link.bookId, categoryId: intoCategoryId, position: link.position })
        .onConflictDoNothing()
        .run();
      movedCount += inserted.changes;
    }
    db.delete(categories).where(eq(categories.id, categoryId)).run();
    db.update(categories).set({ updatedAt: now }).where(eq(categories.id, intoCategoryId)).run();
    recordAudit(
      { db, now: () => now },
      {
        ...auditEntry(actor, intoCategoryId),
        action: 'admin.category.merge',
        severity: 'warning',
        details: { merged: { id: source.id, name: source.name }, into: target.name, booksMoved: movedCount },
      },
    );
    return { moved: movedCount, affected: links.map((link) => link.bookId) };
  });
  for (const bookId of affected) reindexBook(db, bookId);
  return { into: getAdminCategory(db, intoCategoryId), booksMoved: moved };
}

/**
 * GET /api/admin/categories/suggestions: for each book, the active categories it does not have yet whose terms its
 * title, descriptions and page text contain, strongest first, with the words that matched.
 */
export function suggestCategories({ db, bookIds }: { db: Db; bookIds: string[] }): TCategorySuggestions {
  const active = db.select().from(categories).where(eq(categories.isActive, true)).all();
  const scoring = active.map((category) => ({ id: category.id, terms: categoryTerms(category) }));
  const names = new Map(active.map((category) => [category.id, category.name]));
  const rows = db
    .select({
      id: books.id,
      title: books.title,
      description: books.description,
      longDescription: books.longDescription,
      contentVersion: books.contentVersion,
    })
    .from(books)
    .where(inArray(books.id, bookIds))
    .all();
  const linked = new Map<string, Set<string>>();
  for (const link of db
    .select({ bookId: bookCategories.bookId, categoryId: bookCategories.categoryId })
    .from(bookCategories)
    .where(inArray(bookCategories.bookId, bookIds))
    .all())
    linked.set(link.bookId, new Set([...(linked.get(link.bookId) ?? []), link.categoryId]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    books: bookIds.flatMap((bookId) => {
      const book = byId.get(bookId);
      if (!book) return [];
      const pages =
        book.contentVersion === null
          ? ''
          : db
              .select({ text: bookPages.text })
              .from(bookPages)
              .where(and(eq(bookPages.bookId, bookId), eq(bookPages.version, book.contentVersion)))
              .orderBy(asc(bookPages.pageNumber))
              .limit(SUGGESTION_PAGES)
              .all()
              .map((page) => page.text)
              .join(' ')
              .slice(0, SUGGESTION_PAGE_CHARS);
      const has = linked.get(bookId) ?? new Set<string>();
      const suggestions = scoreBook(
        { title: book.title, description: `${book.description} ${book.longDescription ?? ''}`, pages },
        scoring.filter((category) => !has.has(category.id)),
      )
        .slice(0, SUGGESTIONS_PER_BOOK)
        .map((scored) => ({ ...scored, categoryName: names.get(scored.categoryId) ?? '' }));
      return [{ bookId, suggestions }];
    }),
  };
}

/** The ids of the categories, in one read; throws naming the field when any is unknown. */
export function assertCategoriesExist(db: Db, ids: string[], field: string): void {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const known = db.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique)).all();
  if (known.length !== unique.length)
    throw new AppError('unknown_category', 422, CATEGORY_MESSAGES.unknownCategory, [
      { field, message: CATEGORY_MESSAGES.unknownCategory },
    ]);
}
