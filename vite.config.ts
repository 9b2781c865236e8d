/**
 * Builds the React PWA (web/) and the service worker (sw/) into dist/web. In development Vite serves
 * the web app with hot reload on PORT (3000) and proxies /api to the API process (API_PORT, 3001).
 */
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = path.resolve(import.meta.dirname);

/**
 * The reader's code in a few chunks instead of about sixty-five (docs/decisions/020-reader-open-path.md):
 * the automatic splitting gives every module shared by two lazy screens its own file (one per icon), and
 * an open of a book waited for each of them (six connections at a time on a phone). After the module
 * graph is known, this works out which modules the reader's screen needs that the entry does not load
 * (`readerModules`), and of those the ones no other screen needs (`readerOnlyModules`). The groups below
 * put the reader-only ones into one chunk and the rest, shared with other lazy screens, into a second;
 * nothing the entry loads moves, so the landing page's JavaScript is unchanged.
 */
const READER_SCREEN = path.join(root, 'web/src/features/reader/reader-page.tsx');
/** The visitors' first screens (decision 018): their code must stay as it is. */
const VISITOR_SCREENS = ['home/home-page.tsx', 'catalogue/bookstore-page.tsx', 'catalogue/book-detail-page.tsx'].map(
  (file) => path.join(root, 'web/src/features', file),
);
const screenModules = { reader: new Set<string>(), readerOnly: new Set<string>() };

function readerScreenModules(): Plugin {
  return {
    name: 'reader-screen-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticImports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (from: string[], stop?: Set<string>) => {
        const seen = new Set<string>();
        const queue = [...from];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id) || stop?.has(id)) continue;
          seen.add(id);
          queue.push(...staticImports(id));
        }
        return seen;
      };
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const visitors = closure(VISITOR_SCREENS, initial);
      const reader = new Set([...closure([READER_SCREEN], initial)].filter((id) => !visitors.has(id)));
      const lazyRoots = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      lazyRoots.delete(READER_SCREEN);
      const elsewhere = closure([...lazyRoots], initial);
      // The screen's own module stays the route's chunk, so the build manifest still names it (route-preloads.ts).
      reader.delete(READER_SCREEN);
      screenModules.reader = reader;
      screenModules.readerOnly = new Set([...reader].filter((id) => !elsewhere.has(id)));
    },
  };
}

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
      output: {
        codeSplitting: {
          groups: [
            { name: 'reader-screen', test: (id) => screenModules.readerOnly.has(id), priority: 20 },
            { name: 'reader-common', test: (id) => screenModules.reader.has(id), priority: 10 },
          ],
          // Only the modules the groups name: pulling in their imports would move the entry's modules too.
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  plugins: [
    readerScreenModules(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // axe-core is fetched only by the /accessibility-test diagnostic (docs/product/operations.md#diagnostics), online.
        globIgnores: ['**/*.map', '**/axe.min-*.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
});
