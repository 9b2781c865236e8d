/**
 * Issue "Foundation" figures: seed time for the demo catalogue, then GET /api/books (first page) and
 * GET /api/books?search=... against a bare Hono JSON route served by the same process in the same run.
 * Targets: throughput ≥ 0.5x the bare route, p99 ≤ 2x.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { createApp } from '../api/src/app';
import { migrateDatabase, openDatabase } from '../api/src/db/client';
import { seedDemoData } from '../api/src/db/seed';
import { parseEnv } from '../api/src/env';
import { createLogger } from '../api/src/logger';
import { createMailer } from '../api/src/adapters/mailer';
import { createPaymentsProvider } from '../api/src/adapters/payments';
import { createLocalBlobStore } from '../api/src/adapters/blobs/blob-store';
import { compare, load, withServer, writeResult } from './lib';

const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};

export async function benchCatalogue() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-'));
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    DEMO_CATALOGUE_SIZE: '1000',
    LOG_LEVEL: 'silent',
  });
  const db = openDatabase(env.databaseFile);
  migrateDatabase(db);
  const logger = createLogger('silent');
  const deps = {
    db,
    env,
    logger,
    mailer: createMailer(env, logger),
    blobs: createLocalBlobStore(env.blobDir),
    payments: createPaymentsProvider({ env, db, now: () => new Date() }),
    now: () => new Date(),
  };
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
