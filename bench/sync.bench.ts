/**
 * Benchmark figure: POST /api/sync with batches of 50
 * mutations versus a raw better-sqlite3 transaction inserting the same rows (target ≥ 0.8x rows/s).
 *
 * Each batch is 50 `event.record` mutations (page views with durations) into one existing reading
 * session, with fresh mutation and event ids per request (bench/sync-request.cjs), so every request
 * really applies 50 mutations: per mutation the server stores one reading_events row and one
 * sync_mutations row, after the session lookup, CSRF check, zod validation, entitlement check and the
 * merge rules. Baseline: the same 100 rows per batch inserted with prepared statements in one
 * BEGIN IMMEDIATE transaction, on the same database file with the same pragmas (WAL, synchronous=FULL,
 * so both pay an fsync per commit), in the same process and run.
 *
 * Method: six rounds of 3-second slices in rotating order (raw, then HTTP with 1, 4 and 16 devices
 * sending at once), every slice starting from the same database (the stored rows deleted and the WAL
 * emptied between slices). An HTTP slice counts answered requests on the server over a window that
 * starts after the load generator is up. Each side's figure is its total over all slices. The figure
 * is taken with 16 devices, a load that keeps the server busy; 1 and 4 are reported beside it (one
 * device alone cannot share a commit, so it pays HTTP and validation on top of the same fsync).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../api/src/app';
import { immediateTransaction } from '../api/src/db/client';
import { books, readingSessions, subscriptionPlans, users } from '../api/src/db/schema';
import { createSession } from '../api/src/features/auth/session.service';
import { sessionCookieName } from '../api/src/features/auth/session-cookie';
import { encodeHlc } from '../shared/hlc';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDeps, round2, withServer, writeResult } from './lib';

const BATCH = 50;
const TARGET_RATIO = 0.8;
const SLICE_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Load runs this long before and after the counted window of an HTTP slice. */
const LOAD_MARGIN_SECONDS = 0.5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/**
 * Concurrent devices (autocannon connections). The figure is taken at the last, a load that keeps the
 * server busy: concurrent batches share commits (api/src/db/group-commit.ts), which one device alone
 * cannot. The others are reported beside it.
 */
const CONNECTION_LEVELS = [1, 4, 16] as const;

interface TRate {
  name: string;
  batchesPerSecond: number;
  rowsPerSecond: number;
  p99Ms?: number;
  non2xx?: number;
}

export async function benchSync() {
  const { dataDir, deps } = createBenchDeps('sync');
  const { db } = deps;

  const now = Date.now();
  db.insert(subscriptionPlans)
    .values({ name: 'Premium', tier: 'premium', price: '£9.99', priceAmount: 999, bookLimit: -1 })
    .run();
  const reader = db
    .insert(users)
    .values({
      email: 'bench-sync@example.com',
      firstName: 'Bench',
      lastName: 'Reader',
      emailVerified: true,
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(now + 30 * 86_400_000),
    })
    .returning()
    .get();
  const book = db
    .insert(books)
    .values({ title: 'Bench Book', author: 'Bench', slug: 'bench-book', pageCount: 400, requiredTier: 'premium' })
    .returning()
    .get();
  const sessionId = crypto.randomUUID();
  db.insert(readingSessions)
    .values({ id: sessionId, userId: reader.id, bookId: book.id, startedAt: new Date(now) })
    .run();
  const { token } = createSession({ db, userId: reader.id, now: new Date() });
  const cookie = `${sessionCookieName(true)}=${token}`;
  const deviceId = 'bench-device';

  const occurredAt = new Date(now).toISOString();
  const hlc = encodeHlc({ wallMs: now, counter: 0, node: deviceId });
  const template = JSON.stringify({
    deviceId,
    mutations: Array.from({ length: BATCH }, (_, index) => ({
      id: '__UUID__',
      type: 'event.record',
      hlc,
      payload: {
        id: '__UUID__',
        sessionId,
        bookId: book.id,
        eventType: 'page_view',
        pageNumber: (index % 400) + 1,
        durationMs: 12_000,
        occurredAt,
      },
    })),
  });
  const fresh = () => template.replace(/__UUID__/g, () => crypto.randomUUID());

  // The baseline: the rows a batch stores, straight into SQLite.
  const insertEvent = db.$client.prepare(
    `insert into reading_events (id, session_id, user_id, book_id, event_type, page_number, progress_pct, duration_ms, meta, occurred_at, created_at)
     values (?, ?, ?, ?, 'page_view', ?, null, 12000, null, ?, ?)`,
  );
  const insertMutation = db.$client.prepare(
    `insert into sync_mutations (id, user_id, device_id, mutation_id, type, hlc, status, reason, applied_at) values (?, ?, ?, ?, 'event.record', ?, 'applied', null, ?)`,
  );
  const rawBatch = () => {
    const at = Date.now();
    immediateTransaction(db, () => {
      for (let index = 0; index < BATCH; index += 1) {
        insertEvent.run(crypto.randomUUID(), sessionId, reader.id, book.id, (index % 400) + 1, now, at);
        insertMutation.run(crypto.randomUUID(), reader.id, deviceId, crypto.randomUUID(), hlc, at);
      }
    });
  };
  const rawRun = (seconds: number): TRate => {
    const started = performance.now();
    let batches = 0;
    while (performance.now() - started < seconds * 1000) {
      rawBatch();
      batches += 1;
    }
    const perSecond = batches / ((performance.now() - started) / 1000);
    return {
      name: 'raw better-sqlite3 transaction',
      batchesPerSecond: Math.round(perSecond),
      rowsPerSecond: Math.round(perSecond * BATCH * 2),
    };
  };

  // Every slice starts from the same database: the rows earlier slices stored are deleted and the WAL
  // emptied (outside the timed window). A bigger B-tree costs more pages per insert, so without this
  // whichever side ran on the smaller tables would look faster.
  const reset = () => {
    db.$client.exec('delete from reading_events; delete from sync_mutations;');
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
  };

  const app = createApp(deps);
  // Server-side count of answered sync requests, so the HTTP figure covers a steady window and not the
  // load generator's start (a worker thread and four connections) or its wind-down.
  let answered = 0;
  const countingFetch = async (request: Request) => {
    const response = await app.fetch(request);
    if (response.status === 200) answered += 1;
    return response;
  };
  const result = await withServer(countingFetch, async (appUrl) => {
    const headers = { cookie, origin: appUrl, 'content-type': 'application/json' };
    // Sanity check: a batch is applied whole.
    const check = await fetch(`${appUrl}/api/sync`, { method: 'POST', headers, body: fresh() });
    const answer = (await check.json()) as { applied: string[]; rejected: unknown[] };
    if (check.status !== 200 || answer.applied.length !== BATCH)
      throw new Error(`POST /api/sync answered ${check.status}: ${JSON.stringify(answer).slice(0, 300)}`);

    const httpRun = async (seconds: number, connections: number): Promise<TRate> => {
      const running = autocannon({
        url: `${appUrl}/api/sync`,
        connections,
        duration: seconds + 2 * LOAD_MARGIN_SECONDS,
        workers: 1,
        requests: [
          {
            method: 'POST',
            path: '/api/sync',
            headers,
            body: template,
            setupRequest: path.join(import.meta.dirname, 'sync-request.cjs'),
          },
        ],
      });
      await sleep(LOAD_MARGIN_SECONDS * 1000);
      const [fromCount, from] = [answered, performance.now()];
      await sleep(seconds * 1000);
      const perSecond = (answered - fromCount) / ((performance.now() - from) / 1000);
      const run = await running;
      return {
        name: `POST /api/sync, ${connections} ${connections === 1 ? 'device' : 'devices'} at once`,
        batchesPerSecond: Math.round(perSecond),
        rowsPerSecond: Math.round(perSecond * BATCH * 2),
        p99Ms: run.latency.p99,
        non2xx: run.non2xx,
      };
    };

    // Warm-up (discarded), then runs in rotating order, each from the same database (reset above), so
    // neither the order nor the machine's drift favours a side. Each side's figure is its rows over its
    // total time across all slices.
    rawRun(1);
    await httpRun(1, 4);
    const sides: { name: string; run: () => TRate | Promise<TRate>; slices: TRate[] }[] = [
      { name: 'raw', run: () => rawRun(SLICE_SECONDS), slices: [] },
      ...CONNECTION_LEVELS.map((connections) => ({
        name: `http${connections}`,
        run: () => httpRun(SLICE_SECONDS, connections),
        slices: [] as TRate[],
      })),
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let turn = 0; turn < sides.length; turn += 1) {
        const side = sides[(round + turn) % sides.length];
        reset();
        side.slices.push(await side.run());
      }
    }
    const overall = (side: (typeof sides)[number]): TRate => {
      const batchesPerSecond = side.slices.reduce((sum, slice) => sum + slice.batchesPerSecond, 0) / side.slices.length;
      const p99s = side.slices.map((slice) => slice.p99Ms).filter((value): value is number => value !== undefined);
      return {
        name: side.slices[0].name,
        batchesPerSecond: Math.round(batchesPerSecond),
        rowsPerSecond: Math.round(batchesPerSecond * BATCH * 2),
        ...(p99s.length
          ? { p99Ms: Math.max(...p99s), non2xx: side.slices.reduce((sum, slice) => sum + (slice.non2xx ?? 0), 0) }
          : {}),
      };
    };
    const [raw, ...https] = sides;
    const baseline = overall(raw);
    const levels = https.map((side, index) => {
      const rate = overall(side);
      const pairRatios = raw.slices
        .map((slice, round) => side.slices[round].rowsPerSecond / slice.rowsPerSecond)
        .sort((a, b) => a - b);
      return {
        connections: CONNECTION_LEVELS[index],
        ...rate,
        rowsRatio: round2(rate.rowsPerSecond / baseline.rowsPerSecond),
        medianRoundRatio: round2(pairRatios[Math.floor(pairRatios.length / 2)]),
      };
    });
    const perSlice = Object.fromEntries(
      sides.map((side) => [side.name, side.slices.map((slice) => slice.batchesPerSecond)]),
    );
    return { baseline, levels, perSlice };
  });

  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const figure = result.levels[result.levels.length - 1];
  const summary = {
    machine: { cpus: os.cpus().length },
    load: {
      connections: figure.connections,
      sliceSeconds: SLICE_SECONDS,
      rounds: ROUNDS,
      mutationsPerBatch: BATCH,
      rowsPerMutation: 2,
    },
    baseline: result.baseline,
    candidate: figure,
    rowsRatio: figure.rowsRatio,
    medianRoundRatio: figure.medianRoundRatio,
    byConnections: result.levels,
    batchesPerSecondBySlice: result.perSlice,
    targets: { rowsRatioAtLeast: TARGET_RATIO },
  };
  writeResult('sync', summary);
  return summary;
}
