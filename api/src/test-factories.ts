/**
 * Test data builders: insert catalogue, plan and content rows straight into a test database, with
 * sensible defaults and a counter so every call makes a distinct row. Tests use these instead of the
 * demo seed, so each test states exactly the data it depends on.
 */
import { bookCategories, books, categories, pageContent, seoConfigs, subscriptionPlans } from './db/schema';
import type { Db } from './db/client';
import { rebuildSearchIndex, reindexBook } from './db/search-index';

type BookRow = typeof books.$inferInsert;
type CategoryRow = typeof categories.$inferSelect;
type PlanRow = typeof subscriptionPlans.$inferInsert;
type SeoRow = typeof seoConfigs.$inferInsert;

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  );
}

export function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}): CategoryRow {
  const n = next();
  const name = overrides.name ?? `Category ${n}`;
  return db
    .insert(categories)
    .values({ name, slug: `${slugify(name)}-${n}`, description: `About ${name}`, ...overrides })
    .returning()
    .get();
}

export interface BookOverrides extends Partial<BookRow> {
  /** Categories in order; the first is the primary one. */
  categories?: CategoryRow[];
  /** Skip the per-book reindex (call rebuildSearchIndex once after a bulk insert). */
  skipIndex?: boolean;
}

export function createBook(db: Db, overrides: BookOverrides = {}) {
  const n = next();
  const { categories: bookCategoryRows = [], skipIndex = false, ...values } = overrides;
  const title = values.title ?? `Book ${n}`;
  const book = db
    .insert(books)
    .values({
      title,
      author: `Author ${n}`,
      description: `A description of ${title}.`,
      slug: `${slugify(title)}-${n}`,
      publishedYear: 2000,
      ...values,
    })
    .returning()
    .get();
  bookCategoryRows.forEach((category, position) => {
    db.insert(bookCategories).values({ bookId: book.id, categoryId: category.id, position }).run();
  });
  if (!skipIndex) reindexBook(db, book.id);
  return book;
}

/** Many plain books in one transaction, then one index rebuild: for volume and paging tests. */
export function createManyBooks(db: Db, count: number, build: (index: number) => BookOverrides = () => ({})) {
  const created = db.transaction(() =>
    Array.from({ length: count }, (_, index) => createBook(db, { ...build(index), skipIndex: true })),
  );
  rebuildSearchIndex(db);
  return created;
}

export function createPlan(db: Db, overrides: Partial<PlanRow> & Pick<PlanRow, 'tier'>) {
  return db
    .insert(subscriptionPlans)
    .values({ name: `${overrides.tier} plan`, price: '£0', ...overrides })
    .returning()
    .get();
}

export function createSeoConfig(db: Db, overrides: Partial<SeoRow> & Pick<SeoRow, 'pageType'>) {
  return db
    .insert(seoConfigs)
    .values({ title: `${overrides.pageType} title`, description: `${overrides.pageType} description`, ...overrides })
    .returning()
    .get();
}

export function createPageContent(db: Db, key: string, content: Record<string, unknown>) {
  return db.insert(pageContent).values({ key, content }).returning().get();
}
