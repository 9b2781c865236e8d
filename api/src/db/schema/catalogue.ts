/**
 * The catalogue (docs/product/data-model.md#stored-tables: books, categories, book_categories, pdf_assets,
 * book_pdf_map). Written by the seed and the admin catalogue features; read by everyone. The FTS5 index `books_fts` is
 * kept in sync by triggers (see the custom migration), so no writer can forget it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, id, stringList, timestampMs, timestamps } from './columns';
// Relative, not @shared: drizzle-kit loads the schema without the project's path aliases.
import { SEGMENT_IV_FORMS, type TOpeningSegments } from '../../../../shared/reader';

export const TIERS = ['free', 'trial', 'basic', 'premium'] as const;
export const BOOK_TIERS = ['trial', 'basic', 'premium'] as const;

export const books = sqliteTable(
  'books',
  {
    id: id(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    longDescription: text('long_description'),
    authorBio: text('author_bio'),
    publishedYear: integer('published_year'),
    pageCount: integer('page_count'),
    tableOfContents: stringList('table_of_contents'),
    keyTakeaways: stringList('key_takeaways'),
    targetAudience: text('target_audience'),
    /** Free-form subject tags, indexed for search alongside categories. */
    tags: stringList('tags'),
    language: text('language').notNull().default('en'),
    coverImageUrl: text('cover_image_url'),
    pdfUrl: text('pdf_url'),
    slug: text('slug').notNull(),
    pdfStorageKey: text('pdf_storage_key'),
    pdfAssetId: text('pdf_asset_id'),
    storagePath: text('storage_path'),
    sha256: text('sha256'),
    fileSize: integer('file_size'),
    chunkSize: integer('chunk_size').notNull().default(1048576),
    chunkCount: integer('chunk_count'),
    encryptionKeyId: text('encryption_key_id'),
    /** Current ingested content version (pdf_assets.version); null until the book's PDF is ingested. */
    contentVersion: integer('content_version'),
    /** A decimal with two places, 0.00 to 5.00 (docs/product/catalogue-and-search.md#bookstore). */
    rating: real('rating').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    isFeatured: bool('is_featured').notNull().default(false),
    requiredTier: text('required_tier', { enum: BOOK_TIERS }).notNull().default('trial'),
    previewPageCount: integer('preview_page_count').notNull().default(5),
    isPublished: bool('is_published').notNull().default(true),
    /**
     * Premium early access (docs/product/back-office.md#early-access): before this instant only Premium readers may
     * read or pick the book; null = public.
     */
    publicReleaseAt: timestampMs('public_release_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('books_slug_unique').on(table.slug),
    index('books_author_idx').on(table.author),
    index('books_featured_idx').on(table.isFeatured, table.rating),
    index('books_rating_idx').on(table.rating, table.totalRatings),
    index('books_created_idx').on(table.createdAt),
    index('books_title_idx').on(sql`${table.title} collate nocase`),
    index('books_required_tier_idx').on(table.requiredTier),
  ],
);

export const categories = sqliteTable(
  'categories',
  {
    id: id(),
    name: text('name', { length: 100 }).notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    icon: text('icon'),
    color: text('color'),
    isActive: bool('is_active').notNull().default(true),
    /**
     * Words and phrases that say a book belongs here, scored against each book's own text for the bulk
     * categorisation suggestions (docs/product/site-content.md#categories); empty = the name and description's words.
     */
    terms: stringList('terms'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('categories_name_unique').on(table.name),
    uniqueIndex('categories_slug_unique').on(table.slug),
  ],
);

/** Book ↔ category links; the first link by `position` is the book's primary category. */
export const bookCategories = sqliteTable(
  'book_categories',
  {
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bookId, table.categoryId] }),
    index('book_categories_category_idx').on(table.categoryId, table.bookId),
  ],
);

/**
 * One ingested version of a book's PDF. The plaintext file is never stored: `storageKey` is the blob
 * prefix of its encrypted chunks; `previewStorageKey` names the separately generated preview PDF.
 */
export const pdfAssets = sqliteTable(
  'pdf_assets',
  {
    id: id(),
    storageKey: text('storage_key').notNull(),
    /** sha256 (hex) of the plaintext PDF: re-importing the same file is a no-op. */
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bookId: text('book_id').references(() => books.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    pageCount: integer('page_count').notNull().default(0),
    chunkSize: integer('chunk_size').notNull().default(1048576),
    chunkCount: integer('chunk_count').notNull().default(0),
    /**
     * How the segments' IVs are known (docs/decisions/022-compact-manifest.md): 'listed' per segment in
     * book_chunks and the manifest (versions ingested before), or 'counter' (derived from the index).
     */
    segmentIvs: text('segment_ivs', { enum: SEGMENT_IV_FORMS }).notNull().default('listed'),
    /**
     * The segments pdf.js reads to open this version and draw page 1 (docs/decisions/026-opening-segments.md),
     * recorded at ingest; null for versions ingested before (filled by `npm run books:resegment` and the demo job).
     */
    openingSegments: text('opening_segments', { mode: 'json' }).$type<TOpeningSegments>(),
    /** Characters of extracted text in the whole book: the base of the copy budget. */
    totalCharacters: integer('total_characters').notNull().default(0),
    previewStorageKey: text('preview_storage_key'),
    previewPageCount: integer('preview_page_count').notNull().default(0),
    encryptionKeyId: text('encryption_key_id'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('pdf_assets_storage_key_unique').on(table.storageKey),
    index('pdf_assets_sha_idx').on(table.sha256),
    uniqueIndex('pdf_assets_book_version_unique').on(table.bookId, table.version),
  ],
);

export const bookPdfMap = sqliteTable(
  'book_pdf_map',
  {
    id: id(),
    slug: text('slug').notNull(),
    pdfPath: text('pdf_path').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('book_pdf_map_slug_unique').on(table.slug)],
);
