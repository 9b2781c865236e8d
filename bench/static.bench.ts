/**
 * Benchmark figures: a small static file (favicon.svg, served from memory with its build-time
 * variants) against the catalogue's first page as JSON (GET /api/books?limit=12), the same app and
 * process in the same run; once as a client that asks for no compression, once as a browser does
 * (`Accept-Encoding: br, gzip`: the file's brotli variant, the JSON compressed on the fly).
 * Target: the static file at least 2x the catalogue's requests/s.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/src/app';
import { seedDemoData } from '../api/src/db/seed';
import { createBenchDeps, compare, load, withServer, writeResult } from './lib';

const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};
const STATIC_PATH = '/favicon.svg';
const CATALOGUE_PATH = '/api/books?limit=12';
const BROWSER_ACCEPT = { 'accept-encoding': 'br, gzip' };

/** dist/web as `npm run build` leaves it (with its .br/.gz variants); built first only when missing. */
function webRoot(): string {
  const root = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/web');
  if (!fs.existsSync(path.join(root, `${STATIC_PATH}.br`))) {
    if (process.env.BENCH_WEB_ROOT) throw new Error(`no precompressed build at BENCH_WEB_ROOT=${root}`);
    execSync('npm run build', { stdio: 'ignore' });
  }
  return root;
}

export async function benchStatic() {
  const { dataDir, deps } = createBenchDeps('static', { DEMO_SEED: 'true', DEMO_CATALOGUE_SIZE: '1000' });
  await seedDemoData(deps);
  const app = createApp({ ...deps, webRoot: webRoot() });

  const bytes = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.request(url, { headers });
    return {
      encoding: response.headers.get('content-encoding') ?? 'identity',
      bytes: (await response.arrayBuffer()).byteLength,
    };
  };
  const sizes = {
    static: { identity: await bytes(STATIC_PATH), browser: await bytes(STATIC_PATH, BROWSER_ACCEPT) },
    catalogue: { identity: await bytes(CATALOGUE_PATH), browser: await bytes(CATALOGUE_PATH, BROWSER_ACCEPT) },
  };

  const results = await withServer(app.fetch, async (url) => {
    const pair = (headers: Record<string, string>) =>
      compare(
        () => load(`GET ${CATALOGUE_PATH}`, `${url}${CATALOGUE_PATH}`, { ...LOAD, headers }),
        () => load(`GET ${STATIC_PATH}`, `${url}${STATIC_PATH}`, { ...LOAD, headers }),
      );
    return { identity: await pair({}), browser: await pair(BROWSER_ACCEPT) };
  });
  deps.db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = { sizes, ...results, targets: { staticOverCatalogueAtLeast: 2 } };
  writeResult('static', summary);
  return summary;
}
