/**
 * Serves the built PWA (vite build output) on the API's origin: static files from memory with their
 * build-time brotli/gzip variants and cache rules that match how they change, /sw.js with the header
 * that lets it control the whole site, and index.html for every client route with that page's SEO
 * tags and the signed-in user's public record filled in on the server (compressed on the fly by
 * middleware/compression.ts).
 *
 * Holds the index.html template in memory (read once; a new build means a new process).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { matchesEtag } from '../../lib/etag';
import { readRequestHeader } from '../../lib/request-headers';
import { compressResponses } from '../../middleware/compression';
import { firstScreenData } from './first-screen-data';
import { toCurrentUser } from '../auth/current-user';
import { sessionMiddleware } from '../auth/session.middleware';
import { getEntitlements } from '../selections/selections.service';
import { injectFirstScreen, injectReaderData, injectSeo, injectSession } from './seo-head';
import { readerPageData } from '../reader/reader-page-data';
import { resolvePage } from './seo.service';
import { demoMailboxFolder } from '../demo-mailbox/demo-mailbox.service';
import { isFromThisMachine } from '../../middleware/client-ip';
import { createStaticFiles } from './static-files';
import { createRoutePreloads } from './route-preloads';
import { isHomepageContent } from '@shared/content';
import {
  bookFirstScreenHtml,
  bookstoreFirstScreenHtml,
  injectFirstScreenHtml,
  landingFirstScreenHtml,
} from './first-screen-html';
import { offlineReaderFirstScreenHtml, readerFirstScreenHtml } from './reader-picture-html';
import { OFFLINE_READER_PAGE_PATH } from '@shared/sw-messages';

/** Vite puts content-hashed bundles under /assets: a changed file gets a new name, so cache for good. */
const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell as the service worker precaches it (Workbox's entry for the built index.html). */
const PRECACHED_SHELL_PATH = '/index.html';
/** The shell, the service worker and the manifest must be revalidated so updates reach readers. */
const CACHE_REVALIDATE = 'no-cache';
/** A page that names the signed-in reader: never stored by any cache. */
const CACHE_PRIVATE_PAGE = 'private, no-store';
/** Icons, favicon, robots.txt: stable names that rarely change. */
const CACHE_PUBLIC_FILE = 'public, max-age=86400';
/** Covers above the fold on a phone: the book page's one, the first row (two) of the bookstore grid. */
const BOOKSTORE_PRELOADED_COVERS = 2;
/** Client routes never contain a dot in their last segment (book ids and slugs are [A-Za-z0-9-]). */
const FILE_LIKE_PATH = /^\/assets\/|\.[A-Za-z0-9]+$/;
const REVALIDATED_FILES = new Set(['/sw.js', '/manifest.webmanifest', '/registerSW.js']);
/** A reader address the offline reader page is written for: its SEO tags (a private page) and its screen's code. */
const SAMPLE_READER_PATH = '/reader/book';

export function createSeoRoutes(deps: AppDeps, webRoot: string) {
  const { db, env, now } = deps;
  const root = path.resolve(webRoot);
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const routePreloads = createRoutePreloads(root, template);

  const staticFiles = createStaticFiles(root, (requestPath) => {
    const headers: Record<string, string> = {
      'Cache-Control': requestPath.startsWith('/assets/')
        ? CACHE_IMMUTABLE
        : REVALIDATED_FILES.has(requestPath)
          ? CACHE_REVALIDATE
          : CACHE_PUBLIC_FILE,
    };
    // A worker's scope may not exceed its folder unless the server allows it; the app registers it with scope /
    // (docs/product/routes-and-screens.md#application-shell).
    if (requestPath === '/sw.js') headers['Service-Worker-Allowed'] = '/';
    return headers;
  });

  const renderShell = async (c: Context<AppEnv>) => {
    const page = resolvePage({
      db,
      publicUrl: env.publicUrl,
      pathname: c.req.path,
      showsDemoMailbox: demoMailboxFolder(env) !== null && isFromThisMachine(c),
    });
    const search = new URL(c.req.url).search;
    const data = page.status === 200 ? firstScreenData({ db, pathname: c.req.path, search, book: page.book }) : {};
    const largestImages = data.book
      ? [data.book.detail.coverImageUrl]
      : (data.bookList?.list.items.slice(0, BOOKSTORE_PRELOADED_COVERS).map((book) => book.coverImageUrl) ?? []);
    const user = c.get('sessionUser');
    // The page carries who is signed in and what they may read (docs/decisions/017-loading-order.md): a
    // signed-in answer is this reader's alone, so no cache may keep it; the service worker never stores
    // pages from the network.
    const session = user
      ? { user: toCurrentUser(user), entitlements: getEntitlements({ db, userId: user.id, now: now() }) }
      : { user: null, entitlements: null };
    // A reader page carries its book's manifest, saved position and bookmarks (docs/decisions/021-reader-open-path.md),
    // and a picture of the reader into which its own script draws the book's first page before the app loads
    // (docs/decisions/025-reader-first-page.md). A visitor's landing page, unfiltered bookstore and book page carry a
    // static picture of their first screen, drawn before the app has loaded
    // (docs/decisions/018-route-code-in-the-shell.md); a signed-in reader's other screens differ, so they wait for the app.
    const reader =
      user && page.status === 200 ? await readerPageData({ deps, userId: user.id, pathname: c.req.path }) : null;
    const hero = data.homepageContent?.content;
    const picture = reader
      ? readerFirstScreenHtml(reader.manifest)
      : user
        ? ''
        : isHomepageContent(hero)
          ? landingFirstScreenHtml(hero)
          : data.book
            ? bookFirstScreenHtml(data.book.detail)
            : data.bookList
              ? bookstoreFirstScreenHtml(data.bookList.list)
              : '';
    // With a picture on screen the app's code waits for it to be drawn, so it is named in a data block, not preloaded
    // (docs/decisions/020-app-starts-after-the-first-paint.md).
    const codePreloads = page.status === 200 && !picture ? routePreloads.tags(c.req.path) : '';
    const shell = injectReaderData(
      injectSession(
        injectFirstScreen(
          injectFirstScreenHtml(injectSeo(template, page.meta), picture),
          data,
          largestImages.filter(Boolean),
          codePreloads,
        ),
        session,
      ),
      reader,
    );
    const html = reader
      ? routePreloads.readerFirstPage(shell, c.req.path)
      : picture
        ? routePreloads.startAfterPaint(shell, c.req.path)
        : shell;
    c.header('Vary', 'Cookie', { append: true });
    return c.html(html, page.status, { 'Cache-Control': user ? CACHE_PRIVATE_PAGE : CACHE_REVALIDATE });
  };

  /**
   * The reader page the service worker precaches for offline page loads of a reader address
   * (docs/decisions/029-offline-reader-page.md): the same page as a reader page that carries its book, without the
   * book, the session or anything else personal, so one copy serves every book and every reader of this browser.
   */
  const renderOfflineReaderPage = (c: Context<AppEnv>) => {
    const { meta } = resolvePage({ db, publicUrl: env.publicUrl, pathname: SAMPLE_READER_PATH });
    const page = injectFirstScreenHtml(injectSeo(template, meta), offlineReaderFirstScreenHtml());
    return c.html(routePreloads.readerFirstPage(page, SAMPLE_READER_PATH), 200, { 'Cache-Control': CACHE_REVALIDATE });
  };

  /**
   * The shell the service worker precaches and answers with when a page load gets no answer in time (sw/sw.ts). It is
   * fetched with the reader's cookies but kept for whoever uses this browser next, and stands in for every screen, so
   * it is the bare shell for everyone: no session, no picture, no data (a signed-out reader was once shown signed in
   * from a stale copy). The app then asks the API, or offline uses the last confirmed user.
   */
  const renderPrecachedShell = (c: Context<AppEnv>) => {
    const { meta } = resolvePage({ db, publicUrl: env.publicUrl, pathname: '/' });
    return c.html(injectSeo(template, meta), 200, { 'Cache-Control': CACHE_REVALIDATE });
  };

  return new Hono<AppEnv>()
    .get(OFFLINE_READER_PAGE_PATH, compressResponses(), renderOfflineReaderPage)
    .get(PRECACHED_SHELL_PATH, compressResponses(), renderPrecachedShell)
    .get('*', async (c, next) => {
      // The shell always goes through SEO injection, never straight from disk.
      if (c.req.path.endsWith('/')) return next();
      const file = staticFiles.find(c.req.path, readRequestHeader(c, 'accept-encoding'));
      if (!file) return next();
      if (matchesEtag(readRequestHeader(c, 'if-none-match'), file.etag))
        return c.body(null, 304, file.notModifiedHeaders);
      return c.body(file.body, 200, file.headers);
    })
    .get('*', compressResponses(), sessionMiddleware({ db, env, now }), async (c) => {
      // A missing file (a stale hashed chunk, a mistyped icon) is a plain 404, not the app shell,
      // so the browser reports a failed load instead of parsing HTML as script.
      if (FILE_LIKE_PATH.test(c.req.path)) return c.text('Not Found', 404, { 'Cache-Control': CACHE_REVALIDATE });
      return await renderShell(c);
    });
}
