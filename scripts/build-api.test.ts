/**
 * The compiled API (scripts/build-api.mjs) finds on disk what its TypeScript source finds: drizzle
 * migrations, the demo books in content/, pdf.js with its fonts and the DejaVu fonts for typesetting.
 * The build goes to a temporary folder inside the checkout (packages resolve from its node_modules,
 * as they do from dist/), so dist/ is left alone; the compiled entry points run under plain `node`
 * with a fresh data folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const RELOCATED_URL = /new URL\("([^"]+)", import\.meta\.url\)/g;

let workDir: string;
let outDir: string;

/** Runs a compiled entry point with only the variables given (plus PATH), in a data folder of its own. */
function runCompiled(entry: string, args: string[], env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(workDir, 'data-'));
  return spawnSync(process.execPath, [path.join(outDir, entry), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    timeout: 25_000,
  });
}

beforeAll(() => {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  workDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'build-api-'));
  outDir = path.join(workDir, 'api');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-api.mjs'), outDir], { cwd: ROOT, stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the compiled API', () => {
  it('builds the server and one script per command-line tool', () => {
    const tools = fs
      .readdirSync(path.join(ROOT, 'api/src/cli'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `cli/${name.replace(/\.ts$/, '.js')}`);
    for (const entry of ['index.js', ...tools]) {
      expect(fs.existsSync(path.join(outDir, entry)), entry).toBe(true);
      expect(fs.existsSync(path.join(outDir, `${entry}.map`)), `${entry}.map`).toBe(true);
    }
  });

  it('points every relocated import.meta.url at the source file it came from', () => {
    const server = fs.readFileSync(path.join(outDir, 'index.js'), 'utf8');
    const targets = [...server.matchAll(RELOCATED_URL)].map((match) => path.resolve(outDir, match[1]));
    expect(targets.map((target) => path.relative(ROOT, target))).toEqual(
      expect.arrayContaining([
        'api/src/db/client.ts',
        'api/src/db/seed/content-books.ts',
        'api/src/features/ingest/pdf-analysis.ts',
        'api/src/db/seed/typeset.ts',
      ]),
    );
    for (const target of targets) expect(fs.existsSync(target), target).toBe(true);
  });

  it('migrates an empty database and seeds the demo books from content/', () => {
    const result = runCompiled('cli/seed.js', [], { DEMO_CATALOGUE_SIZE: '16' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Seeded .+: 16 books/);
  });

  it('ingests a PDF through pdf.js with its fonts and cmaps', () => {
    const result = runCompiled('cli/books-import.js', [path.join(ROOT, 'content/pdfs/tracemonkey.pdf')]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Created "Tracemonkey" .+ 14 pages/);
  });

  it('refuses to start a half-configured production server', () => {
    const result = runCompiled('index.js', [], { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/STRIPE_SECRET_KEY: needs STRIPE_WEBHOOK_SECRET/);
  });
});
