/**
 * Covers stored by ingestion: blobs under `books/<bookId>/covers/<hash>`, named in books.cover_image_url
 * by a versioned URL, served by GET /api/books/:idOrSlug/cover.
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { books } from '../../db/schema';
import { sniffImageFormat, type TImageFormat } from '../../lib/image-format';

const COVER_URL = /^\/api\/books\/([A-Za-z0-9-]+)\/cover\?v=([a-f0-9]{16})$/;

export const coverBlobKey = (bookId: string, hash: string) => `books/${bookId}/covers/${hash}`;
export const storedCoverUrl = (bookId: string, hash: string) =>
  `/api/books/${encodeURIComponent(bookId)}/cover?v=${hash}`;

/** The hash of a stored cover from books.cover_image_url, or null for any other (or no) cover. */
export function storedCoverHash(bookId: string, coverImageUrl: string | null): string | null {
  const match = coverImageUrl ? COVER_URL.exec(coverImageUrl) : null;
  return match && match[1] === bookId ? match[2] : null;
}

export interface TStoredCover {
  bytes: Uint8Array<ArrayBuffer>;
  format: TImageFormat;
  hash: string;
}

/** The cover image stored by ingestion for a book (id or slug), or null when the book uses a generated cover. */
export async function readStoredCover(
  deps: Pick<AppDeps, 'db' | 'blobs'>,
  idOrSlug: string,
): Promise<TStoredCover | null> {
  const book = deps.db
    .select({ id: books.id, coverImageUrl: books.coverImageUrl })
    .from(books)
    .where(sql`${books.id} = ${idOrSlug} or ${books.slug} = ${idOrSlug}`)
    .get();
  if (!book) return null;
  const hash = storedCoverHash(book.id, book.coverImageUrl);
  if (!hash) return null;
  const bytes = await deps.blobs.get(coverBlobKey(book.id, hash));
  const format = bytes ? sniffImageFormat(bytes) : null;
  return bytes && format ? { bytes, format, hash } : null;
}
