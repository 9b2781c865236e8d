/**
 * Which requests the service worker caches, as pure predicates over a URL path so they can be
 * tested without a worker. Anything not matched here is never cached (auth, personal data, writes).
 */

import { readerBookRef } from '@shared/spa-routes';

// The paths below spell out the API base: the worker matches requests by URL and imports nothing of web/.
/** Page navigations under /api/ are API calls, never the app shell. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//];

/** A page load of a book in the reader: offline it gets the reader page (docs/decisions/029-offline-reader-page.md). */
export function isReaderAddress(pathname: string): boolean {
  return readerBookRef(pathname) !== null;
}

const COVER_PATH = /^\/api\/books\/[^/]+\/cover\.svg$/;
const PLACEHOLDER_PATH = /^\/api\/placeholder\/\d+\/\d+$/;

/** Public catalogue reads: book lists and one book, categories, page content, SEO config. */
const CATALOGUE_API_PATH = /^\/api\/(books(\/[^/]+)?|categories|page-content\/[^/]+|seo\/[^/]+)$/;
/** The plans and their prices: network first, so a price an admin changed shows at once (cache only offline). */
const PLANS_API_PATH = /^\/api\/plans$/;

/**
 * The build's hashed code and fonts (`/assets/name-hash.js`, and pdf.js's worker as `.mjs`): a URL never changes
 * content, so a copy is good until the build stops naming it.
 */
const BUILT_CODE_PATH = /^\/assets\/[^/]+\.(?:m?js|css|woff2)$/;

/** Built code the precache does not hold (the back office, charts, other online-only screens) once loaded. */
export function isBuiltCodePath(pathname: string): boolean {
  return BUILT_CODE_PATH.test(pathname);
}

export function isPlansApiPath(pathname: string): boolean {
  return PLANS_API_PATH.test(pathname);
}

export function isCoverPath(pathname: string): boolean {
  return COVER_PATH.test(pathname) || PLACEHOLDER_PATH.test(pathname);
}

export function isCatalogueApiPath(pathname: string): boolean {
  return CATALOGUE_API_PATH.test(pathname) && !isCoverPath(pathname);
}
