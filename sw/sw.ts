/// <reference lib="webworker" />
/**
 * The Wonderful Books service worker (Workbox, built by vite-plugin-pwa's injectManifest into /sw.js).
 * It keeps the app shell installable and usable offline and caches only public catalogue data.
 * Caches it owns: the Workbox precache (shell), 'wb-covers' and 'wb-catalogue-api'. Personal data,
 * auth and every write go straight to the network.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { NAVIGATION_DENYLIST, isCatalogueApiPath, isCoverPath } from './cache-rules';

declare let self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;

// The built shell (HTML, JS, CSS, fonts, icons) is versioned by the build, so it is served from the
// precache and replaced as a whole when a new worker activates.
precacheAndRoute(self.__WB_MANIFEST);

// Precaches of earlier Workbox versions are dead weight once this worker is active.
cleanupOutdatedCaches();

// Page loads try the network first so the server's per-page SEO tags and newest shell arrive; offline,
// the precached shell answers and the client router renders the screen. /api/ is never a page.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// Covers and placeholders never change for a given URL and are public, so the cache answers first;
// the expiration limit keeps a long catalogue from filling the device.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    isCoverPath(url.pathname),
  new CacheFirst({
    cacheName: 'wb-covers',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// Public catalogue reads (book lists and one book, categories, plans, page content, SEO) show at once
// from cache, offline too, and refresh in the background. Deeper /api/books/:id/... paths (chunks,
// manifests, previews, in-book search) are entitled content and are not matched here.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isCatalogueApiPath(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'wb-catalogue-api',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// No route for /api/auth/* or any other /api call, and Workbox routes only GET: sessions, personal
// data and every write bypass the caches entirely.

// The page's "Reload" on the update toast asks the waiting worker to take over now.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
