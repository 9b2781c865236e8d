/// <reference lib="webworker" />
/**
 * The Wonderful Books service worker (Workbox, built by vite-plugin-pwa's injectManifest into /sw.js).
 * It keeps the app shell installable and usable offline and caches only public catalogue data.
 * Caches it owns: the Workbox precache (shell), 'wb-code', 'wb-covers', 'wb-catalogue-api' and 'wb-plans-api'. Personal data,
 * auth and every write go straight to the network. Downloaded books' encrypted chunks are read from
 * IndexedDB (web/src/storage, read side only), never copied into Cache Storage.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { OFFLINE_READER_PAGE_PATH, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from '@shared/sw-messages';
import { readStoredChunk } from '@web/storage/offline-books';
import { askClientsToFlush } from './background-sync';
import {
  NAVIGATION_DENYLIST,
  isBuiltCodePath,
  isCatalogueApiPath,
  isCoverPath,
  isPlansApiPath,
  isReaderAddress,
} from './cache-rules';
import { createChunkHandler, isChunkPath } from './chunk-route';
import { urlsToWarm, warmHttpCache } from './precache-warmup';

declare let self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's worker library). */
interface TSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** A page load waits this long for the network before the precached shell answers (a dead connection). */
const NAVIGATION_NETWORK_TIMEOUT_MS = 4000;

const DAY_SECONDS = 24 * 60 * 60;

// The built shell (HTML, fonts, icons) and the code of the screens a reader uses offline are versioned by the
// build, so they are served from the precache and replaced as a whole when a new worker activates. The rest of
// the code (back office, charts, other online-only screens) is left out (scripts/precache-list.mjs,
// docs/product/offline-and-devices.md#what-the-app-keeps-on-this-device).
const PRECACHE_ENTRIES = self.__WB_MANIFEST;
precacheAndRoute(PRECACHE_ENTRIES);

// Workbox fetches its list one file at a time; the hashed files fetched a few at a time into the HTTP cache
// first let its loop read them from disk, so a phone's install takes seconds, not one round trip per file.
// Listeners run in the order they were added, so Workbox's loop starts first; a file it asks for while the
// warm-up fetches it waits for that fetch in the browser's cache.
self.addEventListener('install', (event) => {
  event.waitUntil(warmHttpCache(urlsToWarm(PRECACHE_ENTRIES, self.location.href), (url) => fetch(url)));
});

// Precaches of earlier Workbox versions are dead weight once this worker is active.
cleanupOutdatedCaches();

// The first worker takes the open page at once, so a book downloaded on the first visit is already
// served from IndexedDB; later versions only take over through the update toast (skipWaiting below).
clientsClaim();

function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The network did not answer in time.')), ms);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// Encrypted chunks of downloaded books come from IndexedDB, so a downloaded book opens and reads with
// no network; other chunks go to the network (the server checks entitlement on each one). Registered
// first: no other rule may answer a chunk URL.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isChunkPath(url.pathname),
  createChunkHandler({ readChunk: readStoredChunk, fetch: (request) => fetch(request) }),
);

// Page loads try the network first so the server's per-page SEO tags and newest shell arrive; offline
// (or with a connection that does not answer within a few seconds) the precached shell answers and
// the client router renders the screen. A reader address gets the precached reader page instead, whose own script
// draws a downloaded book's first page before the app has loaded, as online (docs/decisions/029-offline-reader-page.md).
// /api/ is never a page.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      try {
        return await fetchWithin(request, NAVIGATION_NETWORK_TIMEOUT_MS);
      } catch {
        const readerPage = isReaderAddress(url.pathname) ? await matchPrecache(OFFLINE_READER_PAGE_PATH) : undefined;
        return readerPage ?? (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// Built code the precache does not hold is kept once a screen has loaded it: its hashed URL never changes
// content, so the copy answers first, offline too. Bounded, as a new build names new files.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isBuiltCodePath(url.pathname),
  new CacheFirst({
    cacheName: 'wb-code',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// Covers and placeholders never change for a given URL and are public, so the cache answers first;
// the expiration limit keeps a long catalogue from filling the device.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isCoverPath(url.pathname),
  new CacheFirst({
    cacheName: 'wb-covers',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// Public catalogue reads (book lists and one book, categories, plans, page content, SEO) show at once
// from cache, offline too, and refresh in the background. Deeper /api/books/:id/... paths (chunks,
// manifests, previews, in-book search) are entitled content and are not matched here.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isCatalogueApiPath(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'wb-catalogue-api',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// Plans carry prices an admin may have just changed (docs/product/back-office.md#plans): the network answers when it
// can, the cached copy only offline or after a 3-second wait.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isPlansApiPath(url.pathname),
  new NetworkFirst({ cacheName: 'wb-plans-api', networkTimeoutSeconds: 3 }),
);

// No route for /api/auth/* or any other /api call, and Workbox routes only GET: sessions, personal
// data and every write bypass the caches entirely.

// The page's "Reload" on the update toast asks the waiting worker to take over now; a new version never
// activates on its own while a page (perhaps an open book) runs the old one.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Background Sync: the browser fires this once the connection is back, even with the app in the
// background; the open pages send their outbox (the outbox itself lives in IndexedDB and is never
// cached or replayed from here).
self.addEventListener('sync', (event) => {
  const syncEvent = event as TSyncEvent;
  if (syncEvent.tag === OUTBOX_SYNC_TAG) syncEvent.waitUntil(askClientsToFlush(self.clients));
});
