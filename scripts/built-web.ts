/**
 * The built web app the tests over build output read (dist/web: the landing budget, the bundle scan, the precache
 * list). Built here only when missing, so run `npm run build` after changing web code to test the fresh bundle.
 *
 * Vitest runs those test files at the same time in several workers: one of them builds while the others wait on a
 * lock directory, instead of three `vite build`s writing one folder at once. The build is a production build even
 * under vitest (which sets NODE_ENV=test, and Vite would then bundle React's development runtime).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(ROOT, 'dist', 'web');
/** Longer than any build on a loaded CI machine; a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;
const POLL_MS = 250;

const BUILT_FILES = ['index.html', 'sw.js', path.join('.vite', 'manifest.json')];

export function isBuilt(dir: string): boolean {
  return BUILT_FILES.every((file) => fs.existsSync(path.join(dir, file)));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function takeLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch {
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age < STALE_LOCK_MS) return false;
    fs.rmSync(lock, { recursive: true, force: true });
    return takeLock(lock);
  }
}

/** Makes sure `dir` (dist/web unless given) holds a production build of the web app. */
export function ensureBuiltWeb(dir = WEB_DIST): void {
  if (isBuilt(dir)) return;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lock = `${dir}.build-lock`;
  while (!takeLock(lock)) {
    sleep(POLL_MS);
    if (isBuilt(dir) && !fs.existsSync(lock)) return;
  }
  try {
    if (isBuilt(dir)) return;
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', dir, '--emptyOutDir'],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
    );
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
