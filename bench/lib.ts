/**
 * Benchmark helpers: serve a Hono app on a loopback port and drive it with autocannon using fixed
 * connections. Benchmarks print ratios against a baseline measured in the same run, because absolute
 * numbers on a shared 2-core machine are not stable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { createLocalBlobStore } from '../api/src/adapters/blobs/blob-store';
import { createMailer } from '../api/src/adapters/mailer';
import { createPaymentsProvider } from '../api/src/adapters/payments';
import { migrateDatabase, openDatabase } from '../api/src/db/client';
import { createDemoContentSource } from '../api/src/db/seed/demo-content';
import type { AppDeps } from '../api/src/deps';
import { parseEnv } from '../api/src/env';
import { createLogger } from '../api/src/logger';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
}

export async function withServer<T>(
  fetch: (request: Request) => Response | Promise<Response>,
  work: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  try {
    return await work(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function load(
  name: string,
  url: string,
  options: {
    connections?: number;
    durationSeconds?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 5,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
    // The load generator runs in its own worker thread, so it does not share the server's event loop.
    workers: 1,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Warms both up (discarded: the JIT compiles each path on its first thousands of requests), then runs
 * baseline and candidate alternately (B, C, B, C) and keeps each one's better run, to damp noise.
 */
export async function compare(baseline: () => Promise<LoadResult>, candidate: () => Promise<LoadResult>) {
  await baseline();
  await candidate();
  const runs = { baseline: [] as LoadResult[], candidate: [] as LoadResult[] };
  for (let round = 0; round < 2; round += 1) {
    runs.baseline.push(await baseline());
    runs.candidate.push(await candidate());
  }
  const best = (list: LoadResult[]) => list.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const b = best(runs.baseline);
  const c = best(runs.candidate);
  return {
    baseline: b,
    candidate: c,
    throughputRatio: round2(c.requestsPerSecond / b.requestsPerSecond),
    p99Ratio: round2(c.p99Ms / Math.max(b.p99Ms, 1)),
  };
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export function writeResult(name: string, data: unknown): string {
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...(data as object) }, null, 2)}\n`);
  return file;
}

/**
 * Benches measure the production build without Stripe or SMTP (and often with demo data), so they
 * allow those gaps explicitly, as an operator would have to (docs/product/operations.md).
 */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  // What parseEnv derived before PUBLIC_URL became required in production.
  PUBLIC_URL: 'http://localhost:3000',
  ALLOW_SIMULATED_PAYMENTS: 'true',
  ALLOW_OUTBOX_MAILER: 'true',
  ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
} as const;

/**
 * A production-configured app's dependencies on a fresh temporary data folder, as `api/src/index.ts`
 * builds them. `vars` adds or overrides environment variables (DEMO_SEED, TRUST_PROXY...). The caller
 * removes `dataDir` when done.
 */
export function createBenchDeps(name: string, vars: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wb-bench-${name}-`));
  const env = parseEnv({
    ...BENCH_PRODUCTION_ENV,
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
    ...vars,
  });
  const db = openDatabase(env.databaseFile);
  migrateDatabase(db);
  const logger = createLogger('silent');
  const deps: AppDeps = {
    db,
    env,
    logger,
    mailer: createMailer(env, logger),
    blobs: createLocalBlobStore(env.blobDir),
    payments: createPaymentsProvider({ env, db, now: () => new Date() }),
    now: () => new Date(),
    // As api/src/index.ts: demo books get their PDFs typeset on demand only in demo mode.
    demoContent: env.DEMO_SEED ? createDemoContentSource() : undefined,
  };
  return { dataDir, deps };
}
