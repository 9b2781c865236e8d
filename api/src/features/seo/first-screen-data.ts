/**
 * The public data a page's first screen needs, read on the server while the shell is rendered and written
 * into it (docs/ARCHITECTURE.md#first-screen-data): the client starts with it in its query cache instead of
 * asking the API after its code has loaded, which on a phone connection is a whole round trip after the
 * shell. Each value is what the matching GET would answer now (same service call, same parameters), so
 * the client's cache holds nothing the API would not have given it. Public catalogue data only.
 */
import { BOOK_PAGE_SIZE_DEFAULT, type TBookDetail } from '@shared/catalogue';
import { ZBookListQuery } from '@shared/catalogue.schemas';
import { HOMEPAGE_CONTENT_KEY, type TInitialData } from '@shared/initial-data';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { listBooks, listCategories } from '../catalogue/catalogue.service';
import { getPageContent } from '../content/content.service';

export function firstScreenData({
  db,
  pathname,
  search,
  book,
}: {
  db: Db;
  pathname: string;
  /** The request's query string; a filtered bookstore is left to the client. */
  search: string;
  /** The book a book page resolved to, with the id or slug of its path. */
  book?: { idOrSlug: string; detail: TBookDetail };
}): TInitialData {
  if (book) return { book };
  if (pathname === '/' || pathname === '/index.html') {
    const homepageContent = readIfPresent(() => getPageContent({ db, key: HOMEPAGE_CONTENT_KEY }));
    return homepageContent ? { homepageContent } : {};
  }
  if (pathname === '/bookstore' && search === '') {
    const params = { page: 1, limit: BOOK_PAGE_SIZE_DEFAULT };
    // Parsed as the route parses its query, so the answer is the one GET /api/books?page=1&limit=24 gives.
    const query = ZBookListQuery.parse({ page: String(params.page), limit: String(params.limit) });
    return { bookList: { params, list: listBooks({ db, query }) }, categories: { items: listCategories({ db }) } };
  }
  return {};
}

/** A record the admin has not created yet is simply not sent; the client asks and shows its own state. */
function readIfPresent<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
