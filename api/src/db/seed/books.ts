/**
 * Writes the demo catalogue: the real books of content/books first, then generated books up to the
 * configured catalogue size. Idempotent by slug: existing slugs are read in one query and only the
 * missing books are inserted (in chunks of multi-row INSERTs), so a re-run inserts nothing and an
 * admin's edits to seeded books survive restarts.
 */
import { count, type InferInsertModel } from 'drizzle-orm';
import type { Db } from '../client';
import { bookCategories, books } from '../schema';
import { listContentBookSlugs, loadContentBook, readContentBookMeta, type TContentBook } from './content-books';
import { generateCatalogue, type TGeneratedBook } from './generated-catalogue';

type TBookRow = InferInsertModel<typeof books>;
type TLinkRow = InferInsertModel<typeof bookCategories>;

/** Rows per INSERT: 30 columns x 400 rows stays well under SQLite's 32,766 bound parameters. */
const BOOK_CHUNK = 400;
const LINK_CHUNK = 2000;
const DAY_MS = 86_400_000;

export interface TSeedBooksResult {
  /** Books inserted by this run (0 on a re-run). */
  added: number;
  /** Books in the catalogue afterwards (seeded or not). */
  total: number;
}

export interface TSeedBooksOptions {
  db: Db;
  now: Date;
  /** DEMO_CATALOGUE_SIZE: real plus generated books. */
  catalogueSize: number;
  categoryIdsByName: Map<string, string>;
  categoryIdsBySlug: Map<string, string>;
}

export function seedBooks(options: TSeedBooksOptions): TSeedBooksResult {
  const { db, now, catalogueSize } = options;
  const existing = new Set(
    db
      .select({ slug: books.slug })
      .from(books)
      .all()
      .map((row) => row.slug),
  );

  const contentSlugs = listContentBookSlugs();
  const bookRows: TBookRow[] = [];
  const linkRows: TLinkRow[] = [];

  const addBook = (book: TContentBook | TGeneratedBook, categoryIds: (string | undefined)[], ageDays: number) => {
    const id = crypto.randomUUID();
    const createdAt = new Date(now.getTime() - ageDays * DAY_MS);
    bookRows.push({
      id,
      slug: book.slug,
      title: book.title,
      author: book.author,
      description: book.description,
      longDescription: book.longDescription,
      authorBio: book.authorBio,
      publishedYear: book.publishedYear,
      pageCount: book.pageCount,
      tableOfContents: book.tableOfContents,
      keyTakeaways: book.keyTakeaways,
      targetAudience: book.targetAudience,
      tags: book.tags,
      language: 'language' in book ? book.language : 'en',
      // No uploaded cover: the catalogue serves a generated SVG at a versioned, year-cacheable URL.
      coverImageUrl: null,
      rating: book.rating,
      totalRatings: book.totalRatings,
      totalReviews: book.totalReviews,
      isFeatured: book.isFeatured,
      requiredTier: book.requiredTier,
      createdAt,
      updatedAt: createdAt,
    });
    const uniqueIds = [...new Set(categoryIds.filter((categoryId): categoryId is string => Boolean(categoryId)))];
    if (uniqueIds.length === 0) throw new Error(`Book "${book.slug}" has no known category`);
    for (const [position, categoryId] of uniqueIds.entries()) linkRows.push({ bookId: id, categoryId, position });
  };

  // The real books arrived "recently" so the newest shelf is not all generated titles.
  contentSlugs.forEach((slug, index) => {
    if (existing.has(slug)) return;
    const book = loadContentBook(readContentBookMeta(slug));
    addBook(
      book,
      book.categoryNames.map((name) => options.categoryIdsByName.get(name)),
      index,
    );
  });

  const generated = generateCatalogue({
    count: Math.max(0, catalogueSize - contentSlugs.length),
    reservedSlugs: contentSlugs,
  });
  for (const book of generated) {
    if (existing.has(book.slug)) continue;
    addBook(
      book,
      book.categorySlugs.map((slug) => options.categoryIdsBySlug.get(slug)),
      book.ageDays,
    );
  }

  let added = 0;
  const insertedIds = new Set<string>();
  for (let start = 0; start < bookRows.length; start += BOOK_CHUNK) {
    const chunk = bookRows.slice(start, start + BOOK_CHUNK);
    // A slug taken by someone else between the read and this insert is skipped, not an error.
    const rows = db
      .insert(books)
      .values(chunk)
      .onConflictDoNothing({ target: books.slug })
      .returning({ id: books.id })
      .all();
    added += rows.length;
    for (const row of rows) insertedIds.add(row.id);
  }
  const links = linkRows.filter((link) => insertedIds.has(link.bookId));
  for (let start = 0; start < links.length; start += LINK_CHUNK) {
    db.insert(bookCategories)
      .values(links.slice(start, start + LINK_CHUNK))
      .onConflictDoNothing()
      .run();
  }

  const total = db.select({ total: count() }).from(books).get()?.total ?? 0;
  return { added, total };
}
