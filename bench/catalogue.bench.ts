/**
 * Benchmark figures: seed time for the demo catalogue, then GET /api/books (first page) and
 * GET /api/books?search=... against a bare Hono JSON route served by the same process in the same run.
 * Targets: throughput ≥ 0.5x the bare route, p99 ≤ 2x.
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { createApp } from '../api/src/app';
import { seedDemoData } from '../api/src/db/seed';
import { createBenchDeps, compare, load, withServer, writeResult } from './lib';

const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};

export async function benchCatalogue() {
  const { dataDir, deps } = createBenchDeps('catalogue', { DEMO_SEED: 'true', DEMO_CATALOGUE_SIZE: '1000' });
  const { db } = deps;
  const seedStarted = performance.now();
  const seed = await seedDemoData(deps);
  const seedMs = Math.round(performance.now() - seedStarted);

  const app = createApp(deps);
  // The baseline answers a static JSON body of about the same size as a catalogue page, with no I/O.
  const samplePage = await (await app.request('/api/books')).text();
  const bare = new Hono().get('/bare', (c) => c.body(samplePage, 200, { 'Content-Type': 'application/json' }));

  const results = await withServer(bare.fetch, (bareUrl) =>
    withServer(app.fetch, async (appUrl) => {
      const list = await compare(
        () => load('bare', `${bareUrl}/bare`, LOAD),
        () => load('GET /api/books', `${appUrl}/api/books`, LOAD),
      );
      const search = await compare(
        () => load('bare', `${bareUrl}/bare`, LOAD),
        () => load('GET /api/books?search=leadership', `${appUrl}/api/books?search=leadership`, LOAD),
      );
      return { list, search };
    }),
  );
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = {
    books: seed.bookCount,
    seedMs,
    seedTargetMs: 30_000,
    list: results.list,
    search: results.search,
    targets: { throughputRatioAtLeast: 0.5, p99RatioAtMost: 2 },
  };
  writeResult('catalogue', summary);
  return summary;
}
