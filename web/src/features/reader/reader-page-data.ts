/**
 * The book a reader page carries (api/src/features/reader/reader-page-data.ts): what GET
 * /api/books/:idOrSlug/manifest, GET /api/progress/:bookId and GET /api/bookmarks?bookId= would answer the
 * signed-in reader, put in by the server only when that reader may read the book
 * (docs/decisions/021-reader-open-path.md). Read once and removed from the page, like the session block
 * (app/server-session.ts); a page without it (the service worker's shell, a book the reader may not read)
 * leaves the reader to ask the API as before.
 */
import type { TBookmark, TReadingProgress } from '@shared/progress';
import type { TReaderManifest } from '@shared/reader';

export const READER_SCRIPT_ID = 'wb-reader';

export interface TReaderPageData {
  bookRef: string;
  userId: string;
  manifest: TReaderManifest;
  progress: TReadingProgress | null;
  bookmarks: TBookmark[];
}

function isReaderPageData(value: unknown): value is TReaderPageData {
  const data = value as Partial<TReaderPageData> | null;
  const manifest = data?.manifest as Partial<TReaderManifest> | undefined;
  return (
    !!data &&
    typeof data.bookRef === 'string' &&
    typeof data.userId === 'string' &&
    Array.isArray(data.bookmarks) &&
    (data.progress === null || typeof data.progress === 'object') &&
    !!manifest &&
    typeof manifest.bookId === 'string' &&
    typeof manifest.version === 'number' &&
    typeof manifest.size === 'number' &&
    typeof manifest.chunkSize === 'number'
  );
}

function readBlock(element: Element): TReaderPageData | null {
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return isReaderPageData(value) ? value : null;
  } catch {
    return null;
  }
}

/** Which book, for which reader, the page carries, read without taking the data (for its licence request). */
export function peekReaderPageBook(doc: Document = document): { bookRef: string; userId: string } | null {
  const element = doc.getElementById(READER_SCRIPT_ID);
  const page = element ? readBlock(element) : null;
  return page ? { bookRef: page.bookRef, userId: page.userId } : null;
}

/** The page's book data, or null when it carries none (or nothing usable). */
export function takeReaderPageData(doc: Document = document): TReaderPageData | null {
  const element = doc.getElementById(READER_SCRIPT_ID);
  if (!element) return null;
  element.remove();
  return readBlock(element);
}
