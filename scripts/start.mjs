/**
 * `npm start` and the command-line tools: builds first only when dist/ is missing or its stamp does
 * not match the current sources (scripts/build.mjs), then runs the compiled JavaScript in this very
 * process, so signals reach the server directly and no TypeScript loader runs in production.
 *
 * Usage: node scripts/start.mjs                    the server, dist/api/index.js
 *        node scripts/start.mjs cli/<name> [args]  a command-line tool, dist/api/cli/<name>.js
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const [entry = 'index', ...args] = process.argv.slice(2);
const entryFile = path.join(ROOT, 'dist/api', `${entry}.js`);

if (!isBuildCurrent()) {
  process.stderr.write('The build is missing or older than the sources: building first (npm run build).\n');
  // Build output goes to stderr: a tool's stdout may be read by a script (admin hash-password).
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!fs.existsSync(entryFile)) {
  process.stderr.write(`No compiled entry point ${path.relative(ROOT, entryFile)}: see api/src/cli for the tools.\n`);
  process.exit(1);
}

// The entry reads its arguments from process.argv exactly as if started with `node <entry> [args]`.
process.argv = [process.argv[0], entryFile, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entryFile).href);
