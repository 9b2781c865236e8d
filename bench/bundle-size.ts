/**
 * The JavaScript the landing page needs before it is interactive, as sent over the wire: the entry chunk
 * and everything it imports statically, the lazily loaded landing route with its static imports, and
 * any other script the shell names (a `<script src>` or `<link rel="modulepreload">` in index.html), and the
 * module that starts the app after the first paint on a visitor's page (web/src/start-after-paint.ts); the
 * browser fetches all of them before the page draws and answers. Read from Vite's build manifest and the
 * built index.html. Sizes are the build's brotli variants (what the server sends a browser that accepts
 * br; computed here when a build has none) and gzip level 9 for comparison.
 *
 * The figure must not grow: scripts/landing-js-budget.test.ts fails when it exceeds the recorded budget
 * (bench/landing-js-budget.json) by more than its margin; `npm run bench bundle -- --record` records a
 * new figure after a deliberate change.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface TLandingBundle {
  files: { file: string; bytes: number; brotliBytes: number; gzipBytes: number }[];
  totalBrotliBytes: number;
  totalGzipBytes: number;
  totalGzipKB: number;
  /** The old target of the bundle bench (gzip). */
  targetKB: number;
  leakedHeavyChunks: string[];
}

export interface TLandingBudget {
  /** The recorded figure: brotli bytes of the landing page's initial JavaScript. */
  brotliBytes: number;
  /** How far above the recorded figure a build may go before the test fails (small, unavoidable noise). */
  marginBytes: number;
  recordedAt: string;
}

export const LANDING_BUDGET_FILE = path.join(import.meta.dirname, 'landing-js-budget.json');
const LANDING_ROUTE_SOURCE = 'features/home/home-page.tsx';
const START_AFTER_PAINT_SOURCE = 'src/start-after-paint.ts';
const SCRIPT_IN_SHELL =
  /<(?:script\b[^>]*\bsrc|link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref)=["']\/?([^"']+\.m?js)["']/gi;

function brotliSize(file: string, bytes: Buffer): number {
  // The build writes <file>.br (brotli 11) beside each script; a build made without it is compressed the same way here.
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function measureLandingBundle(distDir = path.resolve('dist/web')): TLandingBundle {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('No build manifest: run `npm run build` first.');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the manifest.');
  visit(entryKey);
  // A visitor's landing page names this module, which loads the entry after the first paint.
  visit(START_AFTER_PAINT_SOURCE);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith(LANDING_ROUTE_SOURCE));
  if (!landingKey) throw new Error(`No chunk for ${LANDING_ROUTE_SOURCE} in the manifest.`);
  visit(landingKey);

  const files = new Set([...seen].map((key) => manifest[key].file).filter((file) => /\.m?js$/.test(file)));
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const match of shell.matchAll(SCRIPT_IN_SHELL)) files.add(match[1]);

  const sizes = [...files].sort().map((file) => {
    const absolute = path.join(distDir, file);
    const bytes = fs.readFileSync(absolute);
    return {
      file,
      bytes: bytes.length,
      brotliBytes: brotliSize(absolute, bytes),
      gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
    };
  });
  const totalGzipBytes = sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  const leakedHeavyChunks = ['pdfjs', 'pdf.worker', 'pdf-', 'features/admin', 'recharts'].filter((marker) =>
    [...files].some((file) => file.includes(marker)),
  );
  return {
    files: sizes,
    totalBrotliBytes: sizes.reduce((sum, entry) => sum + entry.brotliBytes, 0),
    totalGzipBytes,
    totalGzipKB: Math.round(totalGzipBytes / 102.4) / 10,
    targetKB: 170,
    leakedHeavyChunks,
  };
}

export function readLandingBudget(): TLandingBudget {
  return JSON.parse(fs.readFileSync(LANDING_BUDGET_FILE, 'utf8')) as TLandingBudget;
}

export function recordLandingBudget(
  bundle: TLandingBundle,
  marginBytes = readLandingBudget().marginBytes,
): TLandingBudget {
  const budget = {
    brotliBytes: bundle.totalBrotliBytes,
    marginBytes,
    recordedAt: new Date().toISOString().slice(0, 10),
  };
  fs.writeFileSync(LANDING_BUDGET_FILE, `${JSON.stringify(budget, null, 2)}\n`);
  return budget;
}
