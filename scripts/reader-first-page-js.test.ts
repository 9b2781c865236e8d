/**
 * The reader page draws its first page without Dexie (docs/ARCHITECTURE.md#browser-storage): in the BUILT web app
 * (dist/web; built by scripts/built-web.ts only when missing, so run `npm run build` after changing web code), none of the
 * chunks the reader page's script can load before the first page (web/src/reader-first-page.ts, its static and dynamic
 * imports, through features/reader/first-page-picture.ts and pdf.js; not the app it loads afterwards from the page's
 * data block) holds Dexie's code, which costs a phone's cold open about 29 KB compressed and a repeat open Dexie's
 * first open of the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltWeb } from './built-web';
import { readViteManifest, type TViteManifest } from './precache-list.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.BUNDLE_SCAN_DIR
  ? path.resolve(process.env.BUNDLE_SCAN_DIR)
  : path.join(ROOT, 'dist', 'web');
const READER_PAGE_ENTRY = 'src/reader-first-page.ts';
/** The module that opens and draws the book (in the reader page's own chunk: vite.config.ts READER_OPEN_MODULES). */
const FIRST_PAGE_MODULE = 'web/src/features/reader/first-page-picture.ts';
/** Error names Dexie's code carries as strings (minifiers keep them): found in the chunk that holds Dexie. */
const DEXIE_MARKS = ['DatabaseClosedError', 'MissingAPIError'];

/** Keys of the chunks reachable from `start` through static and dynamic imports. */
function reachableChunks(manifest: TViteManifest, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(imported);
  };
  visit(start);
  return seen;
}

/** The source modules bundled into a built file, from its source map (none for Vite's own helpers, which have none). */
function sourcesOf(file: string): string[] {
  const mapFile = path.join(WEB_DIST, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

function holdsDexie(file: string): boolean {
  const code = fs.readFileSync(path.join(WEB_DIST, file), 'utf8');
  return DEXIE_MARKS.every((mark) => code.includes(mark));
}

describe("the reader page's first page", () => {
  let manifest: TViteManifest;

  beforeAll(() => {
    ensureBuiltWeb(WEB_DIST);
    manifest = readViteManifest(WEB_DIST);
  }, 180_000);

  it('loads no chunk that holds Dexie', () => {
    const graph = reachableChunks(manifest, READER_PAGE_ENTRY);
    // The walk reaches the code that opens and draws the book, and pdf.js: it covers the whole first-page path.
    expect([...graph].some((key) => sourcesOf(manifest[key].file).includes(FIRST_PAGE_MODULE))).toBe(true);
    expect([...graph].some((key) => manifest[key].file.includes('pdfjs-modules'))).toBe(true);
    const withDexie = [...graph]
      .map((key) => manifest[key].file)
      .filter((file) => /\.m?js$/.test(file) && holdsDexie(file));
    expect(withDexie).toEqual([]);
  });

  it('recognises the chunk that holds Dexie in the same build (the check above can fail)', () => {
    const chunks = Object.values(manifest).filter((chunk) => /\.m?js$/.test(chunk.file));
    expect(chunks.filter((chunk) => holdsDexie(chunk.file)).length).toBeGreaterThan(0);
  });
});
