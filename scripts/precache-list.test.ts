/**
 * The service worker precaches what a reader needs to start the app and read offline, and not the back office
 * (docs/product/offline-and-devices.md#what-the-app-keeps-on-this-device): checked on the precache list injected
 * into the BUILT service worker (dist/web/sw.js; built by scripts/built-web.ts only when missing, so run `npm run build`
 * after changing web code), against Vite's build manifest of the same build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltWeb } from './built-web';
import { OFFLINE_READER_PAGE_PATH } from '@shared/sw-messages';
import {
  OFFLINE_SCREENS,
  SERVER_WRITTEN_PAGES,
  filesReadingNeeds,
  readViteManifest,
  type TViteManifest,
} from './precache-list.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.PRECACHE_SCAN_DIR
  ? path.resolve(process.env.PRECACHE_SCAN_DIR)
  : path.join(ROOT, 'dist', 'web');

/** The URLs of the precache manifest Workbox injected into the built worker. */
function precachedUrls(): string[] {
  const worker = fs.readFileSync(path.join(WEB_DIST, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{"revision":(?:null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((match) => match[1]);
}

/** The built files of a module and everything it imports statically, from the build manifest. */
function staticClosure(manifest: TViteManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

describe('what the service worker precaches (built app)', () => {
  let manifest: TViteManifest;
  let precached: Set<string>;

  beforeAll(() => {
    ensureBuiltWeb(WEB_DIST);
    manifest = readViteManifest(WEB_DIST);
    precached = new Set(precachedUrls());
  }, 180_000);

  it('holds the shell, the entry, the reader with pdf.js, its viewer and its worker, and every offline screen', () => {
    const expected = new Set(['index.html', 'manifest.webmanifest', 'icons/icon-192.png']);
    staticClosure(manifest, 'index.html', expected);
    staticClosure(manifest, 'src/features/reader/reader-page.tsx', expected);
    staticClosure(manifest, 'src/features/reader/pdf/pdfjs-modules.ts', expected);
    for (const screen of OFFLINE_SCREENS) staticClosure(manifest, screen, expected);
    const worker = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((file) => /^pdf\.worker[^/]*\.m?js$/.test(file));
    expect(worker, 'the build has a pdf.js worker').toBeDefined();
    expected.add(`assets/${worker}`);
    const latinFont = manifest['index.html'].assets?.find((file) => /inter-latin-wght-normal-[^/]*\.woff2$/.test(file));
    expect(latinFont, 'the entry names the Latin font').toBeDefined();
    expected.add(latinFont as string);
    expect([...expected].filter((file) => !precached.has(file))).toEqual([]);
  });

  it("holds the offline reader page with a revision of this build, and the reader page script's code it names", () => {
    const worker = fs.readFileSync(path.join(WEB_DIST, 'sw.js'), 'utf8');
    expect(SERVER_WRITTEN_PAGES).toEqual([OFFLINE_READER_PAGE_PATH]);
    const page = /\{"revision":"([0-9a-f]+)","url":"app-shell\/reader"\}/.exec(worker);
    expect(page, 'the worker precaches app-shell/reader with a revision').not.toBeNull();
    const entry = manifest['src/reader-first-page.ts'];
    expect(entry?.dynamicImports?.length, "the reader page script's code it loads").toBeGreaterThan(0);
    const readerPageScript = new Set<string>();
    for (const key of ['src/reader-first-page.ts', ...(entry?.dynamicImports ?? [])])
      staticClosure(manifest, key, readerPageScript);
    expect([...readerPageScript].filter((file) => !precached.has(file))).toEqual([]);
  });

  it('leaves out the back office, moderation, the assistant, charts and diagnostics', () => {
    const onlineOnly = Object.entries(manifest).filter(([key, chunk]) =>
      /^src\/(features\/admin-|app\/admin-app|features\/reviews\/moderation-page|features\/assistant\/|features\/diagnostics\/)|-charts?\.tsx$|\/recharts\//.test(
        chunk.src ?? key,
      ),
    );
    expect(onlineOnly.length, 'the build has back-office screens and charts').toBeGreaterThan(10);
    expect(onlineOnly.filter(([, chunk]) => precached.has(chunk.file)).map(([key]) => key)).toEqual([]);
  });

  it('holds no built file twice and no more than the offline screens need', () => {
    const urls = precachedUrls();
    const needed = filesReadingNeeds(manifest);
    const assets = [...new Set(urls)].filter((url) => url.startsWith('assets/'));
    expect(assets.filter((url) => !needed.has(url))).toEqual([]);
    expect(assets.length).toBe(urls.filter((url) => url.startsWith('assets/')).length);
  });
});

describe('filesReadingNeeds', () => {
  const screens = Object.fromEntries(
    OFFLINE_SCREENS.map((source) => [source, { file: `assets/${path.basename(source, '.tsx')}.js`, src: source }]),
  );

  it('follows static imports and lazy parts of kept code, but not into online-only screens, charts or the assistant', () => {
    const files = filesReadingNeeds({
      ...screens,
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/index.css'],
        assets: [
          'assets/pdf.worker.min-x.js',
          'assets/inter-latin-wght-normal-x.woff2',
          'assets/inter-greek-wght-normal-x.woff2',
        ],
        dynamicImports: [
          'src/app/admin-app.tsx',
          'src/components/ui/toaster.tsx',
          'src/features/reviews/moderation-page.tsx',
        ],
      },
      '_shared.js': { file: 'assets/shared.js' },
      'src/components/ui/toaster.tsx': { file: 'assets/toaster.js', src: 'src/components/ui/toaster.tsx' },
      'src/app/admin-app.tsx': {
        file: 'assets/admin-app.js',
        src: 'src/app/admin-app.tsx',
        imports: ['_admin-only.js'],
      },
      '_admin-only.js': { file: 'assets/admin-only.js' },
      'src/features/reviews/moderation-page.tsx': {
        file: 'assets/moderation.js',
        src: 'src/features/reviews/moderation-page.tsx',
      },
      'src/features/dashboard/dashboard-page.tsx': {
        file: 'assets/dashboard-page.js',
        src: 'src/features/dashboard/dashboard-page.tsx',
        dynamicImports: ['src/features/reading-stats/reading-charts.tsx'],
      },
      'src/features/reading-stats/reading-charts.tsx': {
        file: 'assets/reading-charts.js',
        src: 'src/features/reading-stats/reading-charts.tsx',
      },
      'src/features/reader/reader-page.tsx': {
        file: 'assets/reader-page.js',
        src: 'src/features/reader/reader-page.tsx',
        dynamicImports: ['src/features/assistant/components/assistant-panel.tsx'],
      },
      'src/features/assistant/components/assistant-panel.tsx': {
        file: 'assets/assistant-panel.js',
        src: 'src/features/assistant/components/assistant-panel.tsx',
      },
    });
    for (const file of [
      'assets/index.js',
      'assets/index.css',
      'assets/shared.js',
      'assets/toaster.js',
      'assets/pdf.worker.min-x.js',
      'assets/inter-latin-wght-normal-x.woff2',
      'assets/reader-page.js',
      'assets/dashboard-page.js',
    ])
      expect(files.has(file), file).toBe(true);
    for (const file of [
      'assets/admin-app.js',
      'assets/admin-only.js',
      'assets/moderation.js',
      'assets/reading-charts.js',
      'assets/assistant-panel.js',
      'assets/inter-greek-wght-normal-x.woff2',
    ])
      expect(files.has(file), file).toBe(false);
  });

  it('refuses a build that no longer has one of the offline screens', () => {
    const { 'src/features/offline/offline-page.tsx': _removed, ...others } = screens;
    expect(() => filesReadingNeeds(others)).toThrow(/offline-page\.tsx/);
  });
});
