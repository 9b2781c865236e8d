/**
 * `npm run build`, the production build: the PWA and its service worker (vite build -> dist/web) and
 * the API server with its command-line tools (scripts/build-api.mjs -> dist/api). It ends by writing
 * dist/build-stamp.json with a hash of every input, which `npm start` (scripts/start.mjs) compares to
 * decide whether it must build first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP_FILE = path.join(ROOT, 'dist/build-stamp.json');
/** What the build reads. Tests are left out: editing one changes nothing that is built. */
const INPUT_FOLDERS = ['web', 'sw', 'api', 'shared', 'public'];
const INPUT_FILES = [
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build.mjs',
  'scripts/build-api.mjs',
  'scripts/precache-list.mjs',
  'scripts/pdf-viewer-css.mjs',
];
const IGNORED_INPUT = /\.test\.tsx?$/;
/** Without these a stamp proves nothing: someone deleted part of the output. */
const OUTPUTS = ['dist/web/index.html', 'dist/web/sw.js', 'dist/api/index.js'];
const WEB_ROOT = path.join(ROOT, 'dist/web');
/**
 * Text-like files worth compressing. index.html is left out: the server fills in each page's SEO tags
 * and compresses the result itself. Source maps are left out: only developer tools fetch them, and
 * compressing megabytes of them at the highest level would slow every build.
 */
const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|ico|wasm|ttf|otf)$/;

function inputFiles() {
  const files = INPUT_FILES.filter((file) => fs.existsSync(path.join(ROOT, file)));
  for (const folder of INPUT_FOLDERS) {
    const entries = fs.readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || IGNORED_INPUT.test(entry.name)) continue;
      files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/** One hash over every input's path and contents, so an added, removed or edited file changes it. */
export function hashBuildInputs() {
  const hash = crypto.createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ holds a complete build of the current inputs. */
export function isBuildCurrent() {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(ROOT, file)))) return false;
  try {
    return JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8')).inputsHash === hashBuildInputs();
  } catch {
    return false;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` next to each compressible file of the web build, at the highest
 * levels (done once per build, so the cost is paid here and never per request). The server picks the
 * variant the browser accepts. A variant that would not be smaller is not written.
 */
export function precompressWebFiles(webRoot) {
  for (const entry of fs.readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !PRECOMPRESSED_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    const variants = [
      ['.br', zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', zlib.gzipSync(raw, { level: 9 })],
    ];
    for (const [suffix, compressed] of variants) {
      if (compressed.byteLength < raw.byteLength) fs.writeFileSync(file + suffix, compressed);
    }
  }
}

export async function buildAll() {
  // Hashed before building: an edit made while the build runs leaves the stamp stale, as it should.
  const inputsHash = hashBuildInputs();
  fs.rmSync(STAMP_FILE, { force: true });
  // Vite follows an inherited NODE_ENV (e2e starts the server in development), but this is the
  // production build whatever mode the server will run in.
  process.env.NODE_ENV = 'production';
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(ROOT, 'vite.config.ts') });
  precompressWebFiles(WEB_ROOT);
  const { buildApi } = await import('./build-api.mjs');
  await buildApi();
  fs.writeFileSync(STAMP_FILE, `${JSON.stringify({ inputsHash, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildAll();
