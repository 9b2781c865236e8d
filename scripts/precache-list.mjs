/**
 * What the service worker precaches (docs/decisions/024-what-the-service-worker-keeps.md): the shell and the
 * code of the screens a reader uses without a connection
 * (docs/product/offline-and-devices.md#what-the-app-keeps-on-this-device), decided from Vite's build manifest
 * (`dist/web/.vite/manifest.json`) rather than from file names. Used by vite.config.ts as a Workbox manifest
 * transform, and by its test against the real build (types: precache-list.d.mts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The route modules (sources under web/) that open without a connection; the rest of the app loads online. */
export const OFFLINE_SCREENS = Object.freeze([
  // The installed app starts at '/' (the web manifest's start_url).
  'src/features/home/home-page.tsx',
  'src/features/reader/reader-page.tsx',
  'src/features/library/library-page.tsx',
  'src/features/offline/offline-page.tsx',
  'src/features/devices/devices-page.tsx',
  'src/features/dashboard/dashboard-page.tsx',
  'src/features/catalogue/bookstore-page.tsx',
  // A book's page: the catalogue answers are kept by the worker, and it carries "Download for offline".
  'src/features/catalogue/book-detail-page.tsx',
  'src/features/profile/profile-page.tsx',
  'src/features/billing/billing-page.tsx',
  'src/app/not-found-page.tsx',
]);

/**
 * Lazy parts of the app that are never precached, even when a kept screen loads them: every screen not listed
 * above (a route module is named `*-page.tsx`; the back office is `app/admin-app.tsx` and its pages), charts
 * (recharts), the reading assistant, and the feedback dialog's screenshot library. They load online and are
 * kept by the runtime code cache once used (sw/sw.ts).
 */
const ONLINE_ONLY = [
  /-page\.tsx$/,
  /^src\/app\/admin-app\.tsx$/,
  /-charts?\.tsx$/,
  /\/recharts\//,
  /^src\/features\/assistant\//,
  /\/modern-screenshot\//,
];

/**
 * Font subsets for scripts the app's text is not written in (it is English; titles and names may use Latin
 * accents): the browser fetches them only for text that needs them, and offline draws such text in a system font.
 */
const OTHER_SCRIPT_FONT = /-(?:cyrillic|greek|vietnamese)(?:-ext)?-wght-[^/]*\.woff2$/;

const OFFLINE_SCREEN_SOURCES = new Set(OFFLINE_SCREENS);

/** @param {string} key @param {{ src?: string }} chunk */
function isOnlineOnly(key, chunk) {
  const source = chunk.src ?? key;
  if (OFFLINE_SCREEN_SOURCES.has(source)) return false;
  return ONLINE_ONLY.some((pattern) => pattern.test(source));
}

/**
 * The built files (paths relative to the web root, e.g. `assets/index-abc.js`) the offline screens need: every
 * entry (the shell's script and the other inputs the server may name) and each offline screen, with their
 * static imports, stylesheets and assets (the Latin fonts, the pdf.js worker), and their lazy parts unless
 * online-only.
 * @param {import('./precache-list.d.mts').TViteManifest} manifest
 * @returns {Set<string>}
 */
export function filesReadingNeeds(manifest) {
  const roots = Object.keys(manifest).filter(
    (key) => manifest[key].isEntry || OFFLINE_SCREEN_SOURCES.has(manifest[key].src ?? key),
  );
  const missing = OFFLINE_SCREENS.filter((source) => !(source in manifest));
  if (missing.length > 0)
    throw new Error(
      `The build has no screen ${missing.join(', ')}: update OFFLINE_SCREENS in scripts/precache-list.mjs.`,
    );
  const kept = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (kept.has(key) || !manifest[key]) return;
    kept.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    for (const lazy of manifest[key].dynamicImports ?? []) if (!isOnlineOnly(lazy, manifest[lazy] ?? {})) visit(lazy);
  };
  for (const root of roots) visit(root);
  const files = new Set();
  for (const key of kept) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const file of chunk.css ?? []) files.add(file);
    for (const file of chunk.assets ?? []) if (!OTHER_SCRIPT_FONT.test(file)) files.add(file);
  }
  return files;
}

/**
 * The web root's build manifest, where Vite writes it with `build.manifest: true`.
 * @param {string} webRoot
 * @returns {import('./precache-list.d.mts').TViteManifest}
 */
export function readViteManifest(webRoot) {
  return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
}

/**
 * Pages the server writes from the build that the worker keeps: the offline reader page
 * (OFFLINE_READER_PAGE_PATH in shared/sw-messages.ts, which the server and the worker use; written out here because
 * Vite's config loads this file without TypeScript; the test checks the two agree).
 */
export const SERVER_WRITTEN_PAGES = Object.freeze(['/app-shell/reader']);

/** Built code and assets live here; everything else of the web root (shell, web manifest, icons) is kept. */
const BUILT_ASSETS = /^assets\//;

/**
 * A Workbox `manifestTransforms` entry: drops the built files the offline screens do not need, and the second
 * copy of an entry listed twice (the web manifest's icons are added again by vite-plugin-pwa). `pages` are pages
 * the server writes from the build (the offline reader page: docs/decisions/029-offline-reader-page.md): precached
 * too, with a revision derived from every file kept, so a new build fetches them again and an unchanged one does not.
 * @param {string} webRoot
 * @param {readonly string[]} [pages]
 */
export function keepWhatReadingNeeds(webRoot, pages = []) {
  /** @template {{ url: string, revision?: string | null }} TEntry @param {TEntry[]} entries */
  return async (entries) => {
    const needed = filesReadingNeeds(readViteManifest(webRoot));
    const seen = new Set();
    const manifest = entries.filter((entry) => {
      const url = entry.url.replace(/^\//, '');
      if (seen.has(url)) return false;
      seen.add(url);
      return !BUILT_ASSETS.test(url) || needed.has(url);
    });
    const revision = buildRevision(manifest);
    const written = pages.map((page) => /** @type {TEntry} */ ({ revision, url: page.replace(/^\//, '') }));
    return { manifest: [...manifest, ...written], warnings: [] };
  };
}

/** @param {{ url: string, revision?: string | null }[]} entries */
function buildRevision(entries) {
  const hash = crypto.createHash('sha256');
  for (const entry of entries) hash.update(`${entry.url}\0${entry.revision ?? ''}\0`);
  return hash.digest('hex').slice(0, 32);
}
