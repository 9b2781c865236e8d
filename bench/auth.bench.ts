/**
 * Benchmark figures:
 *
 * (a) argon2id at PASSWORD_HASH_PARAMS: median time of 20 hashes and of 20 verifies.
 * (b) POST /api/auth/login with real seeded users versus a bare Hono route doing one argon2 verify
 *     (same process, same run). argon2 dominates a sign-in, so the ratio shows what the rest costs.
 * (c) GET /api/auth/user with a session cookie versus a bare Hono JSON route (target ≥ 0.5x).
 *
 * Rate limits stay as they are. The per-IP sign-in limit (20 per 15 min) is met legitimately: the
 * bench runs with TRUST_PROXY=1, as a deployment behind one reverse proxy does, and every request
 * carries a different X-Forwarded-For, i.e. every sign-in comes from a different client. The
 * per-account limit only keeps failures (a success clears it), and sign-ins rotate over many users,
 * so concurrent attempts on one account stay far below 5.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Hono } from 'hono';
import autocannon from 'autocannon';
import { createApp } from '../api/src/app';
import { users } from '../api/src/db/schema';
import { hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from '../api/src/lib/password';
import { createSession, findSessionUser } from '../api/src/features/auth/session.service';
import { sessionCookieName } from '../api/src/features/auth/session-cookie';
import { createBenchDeps, compare, load, round2, withServer, writeResult, type LoadResult } from './lib';

const PASSWORD = 'correct horse battery staple';
const SEEDED_USERS = 200;
const SAMPLES = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timeIt(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** (a) Sequential, one at a time, after a warm-up, so each figure is one hash's latency. */
async function measureArgon2() {
  const warm = await hashPassword(PASSWORD);
  await verifyPassword(warm, PASSWORD);
  const hashes: number[] = [];
  const verifies: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) hashes.push(await timeIt(() => hashPassword(PASSWORD)));
  for (let i = 0; i < SAMPLES; i += 1) verifies.push(await timeIt(() => verifyPassword(warm, PASSWORD)));
  return {
    algorithm: 'argon2id',
    params: PASSWORD_HASH_PARAMS,
    samples: SAMPLES,
    hashMedianMs: round2(median(hashes)),
    verifyMedianMs: round2(median(verifies)),
    hashMinMs: round2(Math.min(...hashes)),
    hashMaxMs: round2(Math.max(...hashes)),
  };
}

/**
 * POSTs sign-ins, each from a new X-Forwarded-For address (and each to the next seeded account),
 * so neither the per-IP nor the per-account limit is what gets measured.
 */
async function loadSignIns(name: string, url: string, identities: string[], durationSeconds = 5): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n += 1;
          const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          request.headers = { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': ip };
          request.body = JSON.stringify({ emailOrUsername: identities[n % identities.length], password: PASSWORD });
          return request;
        },
      },
    ],
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

export async function benchAuth() {
  const argon2 = await measureArgon2();

  const { dataDir, deps } = createBenchDeps('auth', { TRUST_PROXY: '1' });
  const { db } = deps;

  // Real accounts, verified and active, all with a hash at today's parameters (one hash, reused).
  const passwordHash = await hashPassword(PASSWORD);
  const seeded = Array.from({ length: SEEDED_USERS }, (_, i) =>
    db
      .insert(users)
      .values({
        email: `bench.reader.${i}@example.com`,
        username: `bench_reader_${i}`,
        firstName: 'Bench',
        lastName: `Reader ${i}`,
        passwordHash,
        emailVerified: true,
      })
      .returning()
      .get(),
  );
  const identities = seeded.map((user) => user.email);

  const app = createApp(deps);
  const { token } = createSession({ db, userId: seeded[0].id, now: new Date() });
  const cookie = `${sessionCookieName(true)}=${token}`;

  // Sanity checks: the routes answer what we think they answer before we measure them.
  const probe = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ emailOrUsername: identities[1], password: PASSWORD }),
  });
  if (probe.status !== 200) throw new Error(`login probe answered ${probe.status}: ${await probe.text()}`);
  const userResponse = await app.request('/api/auth/user', { headers: { cookie } });
  if (userResponse.status !== 200) throw new Error(`GET /api/auth/user probe answered ${userResponse.status}`);
  const userBody = await userResponse.text();

  // Where a GET /api/auth/user goes: the session lookup alone, in-process, per call.
  const lookups = 2000;
  for (let i = 0; i < 200; i += 1) findSessionUser({ db, token, now: new Date() });
  const lookupStarted = performance.now();
  for (let i = 0; i < lookups; i += 1) findSessionUser({ db, token, now: new Date() });
  const sessionLookupUs = round2(((performance.now() - lookupStarted) * 1000) / lookups);

  // Baselines: no middleware, no database. One argon2 verify of the same hash (after parsing the same
  // JSON body), and a static JSON body the size of the current-user answer.
  const bare = new Hono()
    .post('/bare-verify', async (c) => {
      const { password } = await c.req.json<{ password: string }>();
      return c.json({ ok: await verifyPassword(passwordHash, password) });
    })
    .get('/bare-json', (c) => c.body(userBody, 200, { 'Content-Type': 'application/json' }));

  const results = await withServer(bare.fetch, (bareUrl) =>
    withServer(app.fetch, async (appUrl) => {
      const signIn = await compare(
        () => loadSignIns('bare argon2 verify', `${bareUrl}/bare-verify`, identities),
        () => loadSignIns('POST /api/auth/login', `${appUrl}/api/auth/login`, identities),
      );
      const currentUser = await compare(
        () => load('bare JSON', `${bareUrl}/bare-json`),
        () => load('GET /api/auth/user', `${appUrl}/api/auth/user`, { headers: { cookie } }),
      );
      return { signIn, currentUser };
    }),
  );
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = {
    machine: { cpus: os.cpus().length, uvThreadpoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4) },
    argon2,
    signIn: { ...results.signIn, seededUsers: SEEDED_USERS, connections: 10 },
    currentUser: { ...results.currentUser, sessionLookupUs },
    targets: { currentUserThroughputRatioAtLeast: 0.5 },
  };
  writeResult('auth', summary);
  return summary;
}
