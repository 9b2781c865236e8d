/**
 * `npm run build` leaves brotli and gzip variants next to each compressible web file
 * (precompressWebFiles in scripts/build.mjs), for the server to pick by Accept-Encoding.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';

const BUILD_SCRIPT = path.resolve(import.meta.dirname, 'build.mjs');
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-precompress-'));
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

it('writes .br and .gz beside compressible files, never beside the shell, maps or already-compressed images', () => {
  const script = Buffer.from(`export const text = ${JSON.stringify('compressible '.repeat(200))};`);
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js.map'), '{"version":3}');
  fs.writeFileSync(
    path.join(webRoot, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(50)}</svg>`,
  );
  fs.writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html>${'<p>shell</p>'.repeat(100)}`);
  fs.writeFileSync(path.join(webRoot, 'icon.png'), Buffer.alloc(2048, 7));
  // One byte cannot shrink: no variant is written that would be larger than the file.
  fs.writeFileSync(path.join(webRoot, 'tiny.txt'), 'x');

  // Paths go through the environment: an argument would become process.argv[1], which build.mjs
  // reads as "run as a script" and would start a full build.
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      'const { env } = process; (await import(env.BUILD_SCRIPT)).precompressWebFiles(env.WEB_ROOT);',
    ],
    { stdio: 'inherit', env: { ...process.env, BUILD_SCRIPT: pathToFileURL(BUILD_SCRIPT).href, WEB_ROOT: webRoot } },
  );

  const asset = path.join(webRoot, 'assets', 'app-1a2b3c.js');
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${asset}.br`)).equals(script)).toBe(true);
  expect(zlib.gunzipSync(fs.readFileSync(`${asset}.gz`)).equals(script)).toBe(true);
  expect(fs.existsSync(path.join(webRoot, 'favicon.svg.br'))).toBe(true);
  expect(fs.existsSync(path.join(webRoot, 'favicon.svg.gz'))).toBe(true);
  for (const untouched of ['assets/app-1a2b3c.js.map', 'index.html', 'icon.png', 'tiny.txt']) {
    expect(fs.existsSync(path.join(webRoot, `${untouched}.br`)), untouched).toBe(false);
    expect(fs.existsSync(path.join(webRoot, `${untouched}.gz`)), untouched).toBe(false);
  }
});
