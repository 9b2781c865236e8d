/**
 * The back office's books (docs/product/back-office.md#books): the list row, the editor's book with its versions,
 * the PDF upload job and the texts the rules answer with. Pure: no I/O.
 */
import type { TBookTier } from './tiers';

export const ADMIN_BOOK_MESSAGES = {
  title: 'Title is required and must be at most 200 characters',
  author: 'Author is required and must be at most 200 characters',
  description: 'Description must be at most 2000 characters',
  longDescription: 'Long description must be at most 20000 characters',
  authorBio: 'Author bio must be at most 5000 characters',
  publishedYear: 'Published year must be a whole number between 1000 and 2100',
  tableOfContents: 'Table of contents holds at most 100 entries of at most 200 characters',
  keyTakeaways: 'Key takeaways hold at most 20 entries of at most 500 characters',
  targetAudience: 'Target audience must be at most 500 characters',
  categoryIds: 'Choose at most 10 existing categories',
  requiredTier: "Required tier must be 'trial', 'basic' or 'premium'",
  previewPageCount: 'Preview page count must be a whole number between 0 and 50',
  slug: 'Slug must be 1 to 80 lower-case letters, digits and single hyphens',
  publicReleaseDate: 'Public release date must be a date such as 2026-12-31',
  slugTaken: 'Another book already uses this slug',
  slugFromTitle: 'Give a slug: none can be made from this title',
  unknownCategory: 'Choose at most 10 existing categories',
  bookNotFound: 'Book not found',
  uploadNotFound: 'Upload not found',
  version: 'Version must be a whole number of at least 1',
  search: 'Search must be at most 200 characters',
  category: 'Category must be a valid id',
  uploadContentType: 'Send the PDF itself as the request body (Content-Type: application/pdf)',
} as const;

/** The pipeline's steps after the bytes have arrived, in the order they run (ingest.service.ts). */
export const BOOK_UPLOAD_STEPS = ['checks', 'text', 'preview', 'encryption'] as const;
export type TBookUploadStep = (typeof BOOK_UPLOAD_STEPS)[number];
export const BOOK_UPLOAD_STEP_LABELS: Record<TBookUploadStep, string> = {
  checks: 'Checking the PDF',
  text: 'Reading the text and outline',
  preview: 'Making the preview',
  encryption: 'Encrypting the book',
};

export interface TAdminBookRow {
  id: string;
  title: string;
  author: string;
  slug: string;
  requiredTier: TBookTier;
  isFeatured: boolean;
  isPublished: boolean;
  publicReleaseDate: string | null;
  /** Current content version; null until a PDF is ingested. */
  contentVersion: number | null;
  pageCount: number | null;
  categories: string[];
  updatedAt: string;
}

export interface TAdminBookVersion {
  version: number;
  pageCount: number;
  sizeBytes: number;
  chunkCount: number;
  previewPageCount: number;
  sha256: string;
  createdAt: string;
  isCurrent: boolean;
}

export interface TAdminBook {
  id: string;
  title: string;
  author: string;
  slug: string;
  description: string;
  longDescription: string | null;
  authorBio: string | null;
  publishedYear: number | null;
  tableOfContents: string[];
  keyTakeaways: string[];
  targetAudience: string | null;
  categoryIds: string[];
  isFeatured: boolean;
  isPublished: boolean;
  requiredTier: TBookTier;
  previewPageCount: number;
  /** Premium early access until this day (YYYY-MM-DD, from 00:00 UTC); null: public (docs/product/back-office.md#early-access). */
  publicReleaseDate: string | null;
  coverImageUrl: string | null;
  contentVersion: number | null;
  pageCount: number | null;
  versions: TAdminBookVersion[];
  createdAt: string;
  updatedAt: string;
}

export type TBookUploadStatus = 'processing' | 'done' | 'failed';

/** GET /api/admin/book-uploads/:id: where an uploaded PDF is in the pipeline. */
export interface TBookUploadJob {
  id: string;
  bookId: string;
  status: TBookUploadStatus;
  /** The step running now (processing) or the last one reached. */
  step: TBookUploadStep;
  sizeBytes: number;
  /** When done: the version the upload became (or the current one, unchanged). */
  version: number | null;
  unchanged: boolean;
  /** When failed: the pipeline's message (docs/product/back-office.md#books). */
  error: { code: string; message: string } | null;
}
