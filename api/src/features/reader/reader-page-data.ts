/**
 * What a reader page carries for the book it opens (docs/decisions/021-reader-open-path.md): the answers
 * of GET /api/books/:idOrSlug/manifest, GET /api/progress/:bookId and GET /api/bookmarks?bookId= for the
 * signed-in reader, computed while the server renders /reader/:bookId (or /read/:bookId), so the app
 * starts the licence request and the first segments without those round trips. Only when the reader
 * may read the book: otherwise the page carries nothing and the app asks the API, which answers with
 * the refusal as before. The page is private and never stored (docs/decisions/017-loading-order.md).
 */
import type { TBookmarkListItem, TReadingProgress } from '@shared/progress';
import type { TReaderManifest } from '@shared/reader';
import { ZBookRefParam } from '@shared/reader.schemas';
import type { AppDeps } from '../../deps';
import { getProgress, listBookmarks } from '../progress/progress.service';
import { openManifest } from './reader.service';
import { readerBookRef } from '@shared/spa-routes';

export interface TReaderPageData {
  /** The book as the path names it (id or slug). */
  bookRef: string;
  userId: string;
  manifest: TReaderManifest;
  /** The saved position, null when the reader has none (GET /api/progress answers 404). */
  progress: TReadingProgress | null;
  bookmarks: TBookmarkListItem[];
}

/** As many as the reader's own GET /api/bookmarks asks for (web/src/features/sync/queries.ts). */
const BOOKMARKS_PER_BOOK = 500;

/** The reader page's data for `pathname`, or null when it is not a reader page or the reader may not read the book. */
export async function readerPageData(options: {
  deps: AppDeps;
  userId: string;
  pathname: string;
}): Promise<TReaderPageData | null> {
  const { deps, userId } = options;
  const bookRef = readerBookRef(options.pathname);
  if (bookRef === null) return null;
  const param = ZBookRefParam.safeParse({ idOrSlug: bookRef });
  if (!param.success) return null;
  try {
    const manifest = await openManifest({ deps, userId, bookRef });
    const bookId = manifest.bookId;
    let progress: TReadingProgress | null = null;
    try {
      progress = getProgress({ db: deps.db, userId, bookRef: bookId });
    } catch {
      progress = null;
    }
    const bookmarks = listBookmarks({
      db: deps.db,
      userId,
      query: { bookId, page: 1, limit: BOOKMARKS_PER_BOOK },
    }).items;
    return { bookRef, userId, manifest, progress, bookmarks };
  } catch {
    // No access, no such book, no content yet: the app's own requests get the API's answer and its message.
    return null;
  }
}
