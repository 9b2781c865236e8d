/**
 * The book ingestion contract shared by the admin upload screen and the API: limits, the messages
 * the pipeline answers with and the upload answer. Pure: no I/O.
 */

/** Default upper bound of an uploaded PDF (the server's MAX_PDF_BYTES may differ). */
export const DEFAULT_MAX_PDF_BYTES = 200 * 1024 * 1024;
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export const COVER_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const MIB = 1024 * 1024;

/** 200 MB, 1.5 MB, 300 KB: the limit as people read it. */
export function formatLimit(bytes: number): string {
  if (bytes >= MIB) return `${Number.isInteger(bytes / MIB) ? bytes / MIB : (bytes / MIB).toFixed(1)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

export const INGEST_MESSAGES = {
  missingFile: 'Choose a PDF file to upload',
  notPdf: 'The file is not a PDF',
  noPages: 'The PDF has no pages',
  passwordProtected: 'The PDF is password-protected: upload a copy without a password',
  encrypted: 'The PDF is encrypted: upload an unencrypted copy',
  unreadable: (reason: string) => `The PDF could not be read: ${reason}`,
  tooLarge: (maxBytes: number) => `The PDF is larger than ${formatLimit(maxBytes)}`,
  coverWrongType: 'The cover must be a PNG, JPEG or WebP image',
  coverTooLarge: `The cover must be ${formatLimit(MAX_COVER_BYTES)} or smaller`,
} as const;

/** POST /api/admin/books/:id/pdf answer (201): the book's current content version after the upload. */
export interface TBookPdfUploadResult {
  bookId: string;
  version: number;
  pageCount: number;
  chunkCount: number;
  /** sha256 (hex) of the PDF. */
  sha256: string;
  sizeBytes: number;
  /** True when the file was the current version already (nothing new was stored). */
  unchanged: boolean;
}
