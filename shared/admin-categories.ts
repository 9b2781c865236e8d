/**
 * The back office's categories and bulk categorisation (docs/product/site-content.md#categories): a category as the
 * editor sees it, the suggestions made from each book's own text, the bulk job and the texts the rules answer with.
 * Pure: no I/O.
 */

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_TERMS_MAX = 50;
export const CATEGORY_TERM_MAX_LENGTH = 50;
/** A book holds at most this many categories (the book editor's rule, docs/product/back-office.md#books). */
export const BOOK_CATEGORIES_MAX = 10;
/** Books chosen by hand in one bulk change; a filter may select the whole catalogue. */
export const BULK_CATEGORIZATION_MAX_IDS = 10_000;
/** Books one suggestions request may ask about (a page of the table). */
export const CATEGORY_SUGGESTIONS_MAX_BOOKS = 100;

export const CATEGORY_MESSAGES = {
  name: `Name is required and must be at most ${CATEGORY_NAME_MAX} characters`,
  nameTaken: 'Another category already uses this name',
  slug: 'Slug must be 1 to 80 lower-case letters, digits and single hyphens',
  slugTaken: 'Another category already uses this slug',
  slugFromName: 'Give a slug: none can be made from this name',
  description: 'Description must be at most 500 characters',
  icon: 'Icon must be the name of an icon, such as BookOpen',
  color: 'Colour must be a hex colour such as #7c3aed',
  terms: `Terms hold at most ${CATEGORY_TERMS_MAX} entries of at most ${CATEGORY_TERM_MAX_LENGTH} characters`,
  active: 'Active must be true or false',
  categoryNotFound: 'Category not found',
  categoryId: 'Category must be a valid id',
  mergeTarget: 'Choose another category to merge into',
  bookIds: `Select between 1 and ${BULK_CATEGORIZATION_MAX_IDS} books`,
  suggestionBookIds: `Ask about between 1 and ${CATEGORY_SUGGESTIONS_MAX_BOOKS} books`,
  noChange: 'Choose at least one category to add or remove',
  addAndRemove: 'A category cannot be both added and removed',
  unknownCategory: 'Choose existing categories',
  noBooksMatch: 'No books match this selection',
  jobNotFound: 'Categorisation job not found',
  jobId: 'Job id must be a valid id',
} as const;

export interface TAdminCategory {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  /** lucide-react icon component name. */
  icon: string | null;
  /** '#rrggbb'. */
  color: string | null;
  isActive: boolean;
  terms: string[];
  bookCount: number;
  updatedAt: string;
}

export interface TCategorySuggestion {
  categoryId: string;
  categoryName: string;
  /** Higher is stronger; only comparable within one book. */
  score: number;
  /** The category's terms found in the book, strongest first. */
  matched: string[];
}

/** Suggestions per book id: categories the book does not have yet, strongest first. */
export interface TCategorySuggestions {
  books: { bookId: string; suggestions: TCategorySuggestion[] }[];
}

export const CATEGORIZATION_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type TCategorizationJobStatus = (typeof CATEGORIZATION_JOB_STATUSES)[number];

export interface TCategorizationJob {
  id: string;
  status: TCategorizationJobStatus;
  /** Books the selection resolved to. */
  total: number;
  processed: number;
  /** Books whose categories changed. */
  changed: number;
  /** Books left as they were because adding would pass BOOK_CATEGORIES_MAX. */
  skippedFull: number;
  error: string | null;
}

export interface TCategoryMergeResult {
  into: TAdminCategory;
  /** Books that gained the target category (those that had both keep one link). */
  booksMoved: number;
}
