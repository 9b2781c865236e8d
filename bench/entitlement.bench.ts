/**
 * Benchmark figure: the entitlement check on
 * the hot path of a book open, versus a bare Hono route in the same process and run.
 *
 * (a) POST /api/loans {bookId} for a premium reader whose active loan already exists: session lookup,
 *     CSRF check, body validation, the entitlement sync and canReadBook, then the 200 'reuse' answer.
 *     Baseline: a bare POST route that parses the same JSON body and answers a static body of the
 *     same size.
 * (b) GET /api/me/entitlements for the same reader. Baseline: a bare GET route answering a static
 *     body of the same size.
 * (c) The entitlement check itself: POST /api/loans versus a control route mounted behind the very
 *     same middleware stack (request context, security headers, CSRF, session lookup, requireAuth,
 *     zod body validation) that answers the same loan without running the check. This isolates what
 *     the figure is about (the check on the hot path) from the cost every signed-in write
 *     pays anyway; (a) and (b) keep the whole-stack ratio against bare Hono visible too.
 * (d) For diagnosis: GET /api/me/entitlements versus GET /api/auth/user with the same cookie.
 * Target: throughput ≥ 0.7x.
 */
import fs from 'node:fs';
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createApi, createApp } from '../api/src/app';
import type { AppEnv } from '../api/src/deps';
import { handleError } from '../api/src/middleware/error-handler';
import { requestContext } from '../api/src/middleware/request-context';
import { securityHeaders } from '../api/src/middleware/security-headers';
import { csrfProtection } from '../api/src/middleware/csrf';
import { sessionMiddleware } from '../api/src/features/auth/session.middleware';
import { requireAuth } from '../api/src/middleware/auth';
import { validate } from '../api/src/lib/validate';
import { ZOpenLoanRequest } from '../shared/selections.schemas';
import { books, users } from '../api/src/db/schema';
import { seedDemoData } from '../api/src/db/seed';
import { createSession } from '../api/src/features/auth/session.service';
import { sessionCookieName } from '../api/src/features/auth/session-cookie';
import { createBenchDeps, compare, load, withServer, writeResult } from './lib';

const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};
const TARGET_RATIO = 0.7;

export async function benchEntitlement() {
  const { dataDir, deps } = createBenchDeps('entitlement', { DEMO_SEED: 'true', DEMO_CATALOGUE_SIZE: '200' });
  const { db, env } = deps;
  await seedDemoData(deps);

  // The seeded premium reader (active subscription) and a premium-only book.
  const reader = db
    .select()
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.subscriptionTier, 'premium'), eq(users.subscriptionStatus, 'active')))
    .get();
  if (!reader) throw new Error('The demo seed has no active premium reader');
  const book = db.select().from(books).where(eq(books.requiredTier, 'premium')).get();
  if (!book) throw new Error('The demo seed has no premium book');

  const app = createApp(deps);
  const { token } = createSession({ db, userId: reader.id, now: new Date() });
  const cookie = `${sessionCookieName(true)}=${token}`;
  const loanBody = JSON.stringify({ bookId: book.id });

  const results = await withServer(app.fetch, async (appUrl) => {
    const writeHeaders = { cookie, origin: appUrl, 'content-type': 'application/json' };
    // Sanity checks: the first open creates the loan (201); every later open reuses it (200).
    const first = await fetch(`${appUrl}/api/loans`, { method: 'POST', headers: writeHeaders, body: loanBody });
    if (first.status !== 201) throw new Error(`first POST /api/loans answered ${first.status}: ${await first.text()}`);
    const reuse = await fetch(`${appUrl}/api/loans`, { method: 'POST', headers: writeHeaders, body: loanBody });
    if (reuse.status !== 200) throw new Error(`repeat POST /api/loans answered ${reuse.status}: ${await reuse.text()}`);
    const loanAnswer = await reuse.text();
    const entitlementsResponse = await fetch(`${appUrl}/api/me/entitlements`, { headers: { cookie } });
    if (entitlementsResponse.status !== 200)
      throw new Error(`GET /api/me/entitlements answered ${entitlementsResponse.status}`);
    const entitlementsAnswer = await entitlementsResponse.text();
    const entitlements = JSON.parse(entitlementsAnswer) as { tier: string };
    if (entitlements.tier !== 'premium')
      throw new Error(`the reader's effective tier is ${entitlements.tier}, not premium`);

    // Baselines: no middleware, no database; the same request shapes and answer sizes.
    const bare = new Hono()
      .post('/bare-open', async (c) => {
        const { bookId } = await c.req.json<{ bookId: string }>();
        if (typeof bookId !== 'string') return c.json({ error: 'bookId' }, 400);
        return c.body(loanAnswer, 200, { 'Content-Type': 'application/json' });
      })
      .get('/bare-json', (c) => c.body(entitlementsAnswer, 200, { 'Content-Type': 'application/json' }));

    // The control: the app's own middleware stack and validation, the same answer, no entitlement check.
    const loanJson = JSON.parse(loanAnswer) as unknown;
    const control = new Hono<AppEnv>();
    control.use('*', requestContext(deps.logger));
    control.use('*', securityHeaders(true));
    control.onError(handleError);
    control.use('/api/*', csrfProtection(env));
    control.use('/api/*', sessionMiddleware(deps));
    control.route(
      '/api',
      createApi(deps).post('/control/open', requireAuth(), validate('json', ZOpenLoanRequest), (c) =>
        c.json(loanJson as Record<string, unknown>, 200),
      ),
    );
    const checkOnly = await withServer(control.fetch, async (controlUrl) => {
      const controlHeaders = { ...writeHeaders, origin: controlUrl };
      const probe = await fetch(`${controlUrl}/api/control/open`, {
        method: 'POST',
        headers: controlHeaders,
        body: loanBody,
      });
      if (probe.status !== 200) throw new Error(`control route answered ${probe.status}: ${await probe.text()}`);
      return compare(
        () =>
          load('control POST (same stack, no check)', `${controlUrl}/api/control/open`, {
            ...LOAD,
            method: 'POST',
            body: loanBody,
            headers: controlHeaders,
          }),
        () =>
          load('POST /api/loans (reuse)', `${appUrl}/api/loans`, {
            ...LOAD,
            method: 'POST',
            body: loanBody,
            headers: writeHeaders,
          }),
      );
    });

    return withServer(bare.fetch, async (bareUrl) => {
      const bookOpen = await compare(
        () =>
          load('bare POST', `${bareUrl}/bare-open`, {
            ...LOAD,
            method: 'POST',
            body: loanBody,
            headers: { 'content-type': 'application/json' },
          }),
        () =>
          load('POST /api/loans (reuse)', `${appUrl}/api/loans`, {
            ...LOAD,
            method: 'POST',
            body: loanBody,
            headers: writeHeaders,
          }),
      );
      const entitlementsCheck = await compare(
        () => load('bare GET', `${bareUrl}/bare-json`, LOAD),
        () => load('GET /api/me/entitlements', `${appUrl}/api/me/entitlements`, { ...LOAD, headers: { cookie } }),
      );
      const overSession = await compare(
        () => load('GET /api/auth/user', `${appUrl}/api/auth/user`, { ...LOAD, headers: { cookie } }),
        () => load('GET /api/me/entitlements', `${appUrl}/api/me/entitlements`, { ...LOAD, headers: { cookie } }),
      );
      return { bookOpen, entitlements: entitlementsCheck, overSession, checkOnly };
    });
  });
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = {
    machine: { cpus: os.cpus().length },
    load: LOAD,
    bookOpen: results.bookOpen,
    entitlements: results.entitlements,
    entitlementsOverSessionOnly: results.overSession,
    entitlementCheckOverSameStack: results.checkOnly,
    targets: { throughputRatioAtLeast: TARGET_RATIO },
  };
  writeResult('entitlement', summary);
  return summary;
}
