/**
 * Builds the React PWA (web/) and the service worker (sw/) into dist/web. In development Vite serves
 * the web app with hot reload on PORT (3000) and proxies /api to the API process (API_PORT, 3001).
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { keepWhatReadingNeeds, SERVER_WRITTEN_PAGES } from './scripts/precache-list.mjs';
import { pdfViewerCssForReader } from './scripts/pdf-viewer-css.mjs';

const root = path.resolve(import.meta.dirname);

/** The modules of the reader page's first-page path that go into its one chunk (the group below). */
const READER_OPEN_MODULES = new RegExp(
  [
    'web/src/(protected-content|crypto)/',
    'web/src/features/reader/(first-page-picture|early-book-open|opening-position|page-habits|page-number|watermark)\\.ts$',
    'web/src/features/reader/pdf/(document-task|load-pdfjs)\\.ts$',
    'web/src/features/sync/(known-position|overlay)\\.ts$',
    'web/src/lib/reader-error\\.ts$',
    'web/src/storage/(app-db-reads|device-db|device-hint|device-store|download-hint|jwks-cache|local-storage|raw-idb|trusted-time)\\.ts$',
    'shared/(device-key-wrap|hlc|progress|reader|sync)\\.ts$',
    'node_modules/jose/',
  ].join('|'),
);

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'public'),
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@web': path.join(root, 'web/src'),
      '@api': path.join(root, 'api/src'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lets bench/ measure exactly what the landing page loads first.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: path.join(root, 'web/index.html'),
        // Named by the server instead of the app's own script on a visitor's page with a static first screen: it
        // loads the app once that screen is drawn (docs/decisions/020-app-starts-after-the-first-paint.md).
        'start-after-paint': path.join(root, 'web/src/start-after-paint.ts'),
        // Named by the server instead of the app's own script on a reader page that carries its book: it draws the
        // book's first page, then loads the app (docs/decisions/025-reader-first-page.md).
        'reader-first-page': path.join(root, 'web/src/reader-first-page.ts'),
        // That page's stylesheet: the picture's utilities alone; the app's stylesheet is applied when the app starts.
        'reader-picture': path.join(root, 'web/src/reader-picture.css'),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What the reader page's script imports to open the book and draw its first page (the early licence
              // request, the open, the device key and its storage, licence checks, decryption, the range transport),
              // in one chunk instead of about fifteen: a repeat open reads them from the disk cache and a phone's
              // cold open fetches them over HTTP/1.1, where each file costs (docs/decisions/025-reader-first-page.md).
              // Only these modules, not what they import: the app's shell shares the API client and others, which must
              // not pull this chunk into the landing page (scripts/landing-js-budget.test.ts would fail).
              name: 'reader-open',
              includeDependenciesRecursively: false,
              test: READER_OPEN_MODULES,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  plugins: [
    // pdf.js's viewer stylesheet without its viewer application's editor, dialogs and sidebars: the reader's stylesheet
    // blocks the reader page's picture (docs/decisions/025-reader-first-page.md#the-readers-stylesheet).
    pdfViewerCssForReader(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.join(root, 'sw'),
      filename: 'sw.ts',
      // The app registers /sw.js itself two seconds after start (docs/product/routes-and-screens.md#application-shell),
      // through workbox-window.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Wonderful Books',
        short_name: 'Wonderful Books',
        description:
          'Read self-improvement and educational books online and offline, with your place kept across devices.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#faf7f2',
        theme_color: '#1f3a5f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // axe-core is fetched only by the /accessibility-test diagnostic (docs/product/operations.md#diagnostics), online.
        globIgnores: ['**/*.map', '**/axe.min-*.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // Only what a reader needs to start the app and read offline, from Vite's build manifest; the back office
        // and other online-only screens load when used (docs/decisions/024-what-the-service-worker-keeps.md).
        // The offline reader page is written by the server from this build (docs/decisions/029-offline-reader-page.md).
        manifestTransforms: [keepWhatReadingNeeds(path.join(root, 'dist/web'), SERVER_WRITTEN_PAGES)],
      },
      devOptions: { enabled: false },
    }),
  ],
});
