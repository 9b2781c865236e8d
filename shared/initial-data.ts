/**
 * Public data the server writes into a page's HTML (docs/ARCHITECTURE.md#first-screen-data) so the first screen
 * draws as soon as its code runs, without a round trip to the API after the shell: the landing page's
 * hero and figures, the bookstore's first page, one book's details. Each value is exactly what the
 * named GET answers at that moment; the client puts it into its query cache under that call's key and
 * refreshes it as usual. Only public catalogue data travels this way, never anything personal.
 */
import type { TBookDetail, TBookList, TCategoryList } from './catalogue';
import type { TPageContent } from './content';

/** The id of the `<script type="application/json">` element that carries the data. */
export const INITIAL_DATA_ELEMENT_ID = 'wb-initial-data';

/** The page-content key of the landing page's hero and figures. */
export const HOMEPAGE_CONTENT_KEY = 'homepage';

/** A GET /api/books answer with the parameters it was asked with (as the client sends them). */
export interface TInitialBookList {
  params: { page?: number; limit?: number };
  list: TBookList;
}

export interface TInitialData {
  /** GET /api/page-content/homepage, on the landing page. */
  homepageContent?: TPageContent;
  /** GET /api/books for the bookstore without filters, first page. */
  bookList?: TInitialBookList;
  /** GET /api/categories, on the bookstore. */
  categories?: TCategoryList;
  /** GET /api/books/:idOrSlug on a book page, under the id or slug of its path. */
  book?: { idOrSlug: string; detail: TBookDetail };
}

/**
 * The data as the text of a script element: JSON with every `<` escaped, so no value (a hostile book
 * title) can close the element or open another.
 */
export function serialiseInitialData(data: TInitialData): string {
  return jsonForScriptElement(data);
}

/** JSON safe as the text of a <script> element: nothing in it can close the element or start a comment. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
