/**
 * The app in Chromium for browser benchmarks (bench/reader.bench.ts, bench/offline.bench.ts): the
 * production build served on a temporary DATA_DIR with the demo seed, a signed-in context, page errors,
 * JS heap sampling over CDP and detection of page 1 rendered in pdf.js's viewer.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { createApp } from '../api/src/app';
import { migrateDatabase, openDatabase } from '../api/src/db/client';
import { seedDemoData } from '../api/src/db/seed';
import { createDemoContentSource } from '../api/src/db/seed/demo-content';
import { parseEnv } from '../api/src/env';
import { createLogger } from '../api/src/logger';
import { createOutboxMailer } from '../api/src/adapters/mailer/mailer';
import { createPaymentsProvider } from '../api/src/adapters/payments';
import { createLocalBlobStore } from '../api/src/adapters/blobs/blob-store';
import type { AppDeps } from '../api/src/deps';
import { loadLicenseKeys } from '../api/src/features/licenses/licenses.service';
import type { TDemoAccount } from '../api/src/db/seed/users';
import { eq } from 'drizzle-orm';
import { books } from '../api/src/db/schema';
import { typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { round2 } from './lib';

const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3400);
const HEAP_SAMPLE_MS = 25;
/** After the first page the reader fetches the rest of the book; the heap is watched this much longer. */
const SETTLE_MS = 2000;
const RUN_TIMEOUT_MS = 90_000;
const VIEWPORT = { width: 1280, height: 800 };
const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// The app on a port (shared with bench/offline.bench.ts)
// ---------------------------------------------------------------------------------------------------

export interface TBenchApp {
  baseUrl: string;
  deps: AppDeps;
  dataDir: string;
  demoAccounts: TDemoAccount[];
  /** Registers bench-only routes under /bench/, answered without the app's middleware. */
  bench: Hono;
  close(): Promise<void>;
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function findFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port += 1) if (await isPortFree(port)) return port;
  throw new Error(`no free port in ${from}-${from + 99}`);
}

/**
 * A copy of dist/web (built first only when missing; `from` or BENCH_WEB_ROOT names another build), so a
 * concurrent `vite build` cannot empty it mid-run.
 */
function snapshotWebRoot(into: string, from?: string): { webRoot: string; builtAt: string } {
  const named = from ?? process.env.BENCH_WEB_ROOT;
  const built = path.resolve(named ?? 'dist/web');
  if (!fs.existsSync(path.join(built, 'index.html'))) {
    if (named) throw new Error(`no build at ${built}`);
    execSync('npx vite build', { stdio: 'ignore' });
  }
  const webRoot = path.join(into, 'web');
  fs.cpSync(built, webRoot, { recursive: true, filter: (source) => !source.endsWith('.map') });
  return { webRoot, builtAt: fs.statSync(path.join(built, 'index.html')).mtime.toISOString() };
}

/**
 * Seeds a fresh DATA_DIR (demo seed, DEMO_CATALOGUE_SIZE 50), lets `prepare` store content, then serves
 * createApp with the production build on a free port from BENCH_PORT (3400) up. NODE_ENV is development,
 * as in e2e: production's __Host- session cookie and HSTS need HTTPS.
 */
export async function startBenchApp(options: {
  name: string;
  prepare?: (deps: AppDeps) => Promise<void>;
  /** The web build to serve (a folder like dist/web); by default BENCH_WEB_ROOT, else dist/web. */
  webRoot?: string;
}): Promise<TBenchApp & { webBuiltAt: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wb-bench-${options.name}-`));
  const { webRoot, builtAt } = snapshotWebRoot(dataDir, options.webRoot);
  const port = await findFreePort(FIRST_PORT);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = parseEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    DEMO_CATALOGUE_SIZE: '50',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: baseUrl,
  });
  const db = openDatabase(env.databaseFile);
  migrateDatabase(db);
  const now = () => new Date();
  const deps: AppDeps = {
    db,
    env,
    logger: createLogger('silent'),
    mailer: createOutboxMailer(),
    blobs: createLocalBlobStore(env.blobDir),
    payments: createPaymentsProvider({ env, db, now }),
    now,
    demoContent: createDemoContentSource(),
  };
  const seed = await seedDemoData(deps);
  await options.prepare?.(deps);
  // As api/src/index.ts does before it listens.
  await loadLicenseKeys(env);

  const app = createApp({ ...deps, webRoot });
  const bench = new Hono();
  const fetch = (request: Request, bindings?: unknown) => {
    const pathStart = request.url.indexOf('/', request.url.indexOf('//') + 2);
    return request.url.startsWith('/bench/', pathStart) ? bench.fetch(request, bindings) : app.fetch(request, bindings);
  };
  const server = serve({ fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return {
    baseUrl,
    deps,
    dataDir,
    demoAccounts: seed.demoAccounts,
    bench,
    webBuiltAt: builtAt,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.$client.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Typesets one of the demo seed's content books and ingests it as the book's readable PDF, as the demo job does (a
 * `prepare` step of startBenchApp); returns the ingested asset and the plaintext PDF.
 */
export async function ingestDemoBook(deps: AppDeps, slug: string) {
  const typeset = await typesetContentBook(slug);
  const book = deps.db.select({ id: books.id }).from(books).where(eq(books.slug, slug)).get();
  if (!book) throw new Error(`the demo seed has no ${slug}`);
  const { asset } = await ingestBookPdf({ deps, bookId: book.id, pdf: typeset.bytes, source: 'seed' });
  return { asset, pdf: typeset.bytes };
}

export function premiumDemoReader(accounts: TDemoAccount[]): TDemoAccount {
  const account = accounts.find((candidate) => candidate.role === 'user' && candidate.tier === 'premium');
  if (!account) throw new Error('the demo seed made no Premium reader');
  return account;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-precise-memory-info'],
  });
}

/**
 * Session cookies per server and account, from one sign-in each: the app's sign-in rate limit
 * (`login:ip`, 20 per 15 minutes) would answer 429 to a benchmark signing in for every fresh context.
 */
const signedInCookies = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>['cookies']>();

/**
 * A fresh context (empty cache, storage and service workers) signed in as `account`: the first call per
 * server and account signs in through the API; later calls carry that sign-in's cookies (and nothing else).
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: TDemoAccount,
): Promise<BrowserContext> {
  const cacheKey = `${baseUrl}|${account.email}`;
  const cookies = signedInCookies.get(cacheKey);
  if (cookies)
    return browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, storageState: { cookies, origins: [] } });
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  const response = await context.request.post('/api/auth/login', {
    headers: { Origin: baseUrl },
    data: { emailOrUsername: account.email, password: account.password },
  });
  if (response.status() !== 200)
    throw new Error(`sign-in of ${account.email} answered ${response.status()}: ${await response.text()}`);
  signedInCookies.set(cacheKey, (await context.storageState()).cookies);
  return context;
}

/**
 * How long a new tab is left before it navigates. Headless Chromium 156 does a new window's own work in its first
 * second or so, among it an omnibox pop-up renderer (chrome://omnibox-popup.top-chrome) taking 170 to 650 ms of CPU on
 * this 2-core machine; a tab that navigates at once has that work beside the page it loads, falling on either arm of
 * a comparison at random. A reader following a link or typing an address does it in a tab that already exists
 * (docs/decisions/025-reader-first-page.md, the bench's new-tab settle).
 */
export const NEW_TAB_SETTLE_MS = 1000;

/** A new tab in `context`, settled (NEW_TAB_SETTLE_MS) so that what follows measures the page, not the window. */
export async function openSettledTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.waitForTimeout(NEW_TAB_SETTLE_MS);
  return page;
}

/** Page errors grouped by their first line with numbers and ids blanked, so a burst reads as one line. */
export function summariseErrors(lines: string[]): { count: number; distinct: { message: string; times: number }[] } {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const message = line
      .split('\n')[0]
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
      .replace(/\d+/g, 'N')
      .slice(0, 240);
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return { count: lines.length, distinct: [...counts].map(([message, times]) => ({ message, times })) };
}

/** Uncaught errors and console.error lines of a page, to report alongside the figures. */
export function collectPageErrors(page: Page, into: string[]): void {
  page.on('response', (response) => {
    if (response.status() >= 400)
      into.push(`HTTP ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => into.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed loads are listed with their status by the response listener instead.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      into.push(`console.error: ${message.text()}`);
  });
}

// ---------------------------------------------------------------------------------------------------
// Heap sampling over CDP, page and dedicated workers
// ---------------------------------------------------------------------------------------------------

interface THeapUsage {
  usedSize: number;
  backingStorageSize?: number;
}

export interface THeapPeaks {
  /** Largest JS heap used by the page's main thread. */
  mainMiB: number;
  /** Largest sum of the dedicated workers' JS heaps (pdf.js's worker). */
  workersMiB: number;
  /** Largest page + workers JS heap measured in the same sample. */
  totalMiB: number;
  /** Largest page + workers ArrayBuffer/external-string backing store in the same sample. */
  backingMiB: number;
  workersSeen: number;
  samples: number;
}

const toMiB = (bytes: number) => round2(bytes / MIB);

/**
 * Samples Runtime.getHeapUsage on a page and on each dedicated worker it starts. Workers are reached
 * through Target.setAutoAttach in non-flattened mode (Playwright's CDPSession cannot address child
 * sessions, so commands travel in Target.sendMessageToTarget).
 */
export class HeapSampler {
  private readonly workers = new Map<string, string>();
  private readonly pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private sampling = false;
  private peaks = { main: 0, workers: 0, total: 0, backing: 0, samples: 0 };
  private readonly workersSeen = new Set<string>();

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(context: BrowserContext, page: Page): Promise<HeapSampler> {
    const cdp = await context.newCDPSession(page);
    const sampler = new HeapSampler(cdp);
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type !== 'worker') return;
      sampler.workers.set(event.sessionId, event.targetInfo.url);
      sampler.workersSeen.add(event.targetInfo.targetId);
    });
    cdp.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId) sampler.workers.delete(event.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
      if (message.id === undefined) return;
      sampler.pending.get(message.id)?.(message);
      sampler.pending.delete(message.id);
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return sampler;
  }

  private async sendToWorker<T>(sessionId: string, method: string): Promise<T | null> {
    const id = this.nextId++;
    const reply = new Promise<{ result?: unknown; error?: unknown } | null>((resolve) => {
      this.pending.set(id, resolve);
      // A worker that has gone away never answers.
      setTimeout(() => {
        if (this.pending.delete(id)) resolve(null);
      }, 1000);
    });
    try {
      await this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    } catch {
      this.pending.delete(id);
      return null;
    }
    const message = await reply;
    return message && !message.error ? (message.result as T) : null;
  }

  async collectGarbage(): Promise<void> {
    await this.cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
    await Promise.all(
      [...this.workers.keys()].map((sessionId) => this.sendToWorker(sessionId, 'HeapProfiler.collectGarbage')),
    );
  }

  private async sample(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      const [main, ...workers] = await Promise.all([
        this.cdp.send('Runtime.getHeapUsage').catch(() => null) as Promise<THeapUsage | null>,
        ...[...this.workers.keys()].map((sessionId) =>
          this.sendToWorker<THeapUsage>(sessionId, 'Runtime.getHeapUsage'),
        ),
      ]);
      const mainUsed = main?.usedSize ?? 0;
      const workersUsed = workers.reduce((sum, usage) => sum + (usage?.usedSize ?? 0), 0);
      const backing = [main, ...workers].reduce((sum, usage) => sum + (usage?.backingStorageSize ?? 0), 0);
      this.peaks.main = Math.max(this.peaks.main, mainUsed);
      this.peaks.workers = Math.max(this.peaks.workers, workersUsed);
      this.peaks.total = Math.max(this.peaks.total, mainUsed + workersUsed);
      this.peaks.backing = Math.max(this.peaks.backing, backing);
      this.peaks.samples += 1;
    } finally {
      this.sampling = false;
    }
  }

  start(): void {
    this.peaks = { main: 0, workers: 0, total: 0, backing: 0, samples: 0 };
    void this.sample();
    this.timer = setInterval(() => void this.sample(), HEAP_SAMPLE_MS);
  }

  /** The peaks so far (one last sample first). */
  async snapshot(): Promise<THeapPeaks> {
    while (this.sampling) await new Promise((resolve) => setTimeout(resolve, 2));
    await this.sample();
    const { main, workers, total, backing, samples } = this.peaks;
    return {
      mainMiB: toMiB(main),
      workersMiB: toMiB(workers),
      totalMiB: toMiB(total),
      backingMiB: toMiB(backing),
      workersSeen: this.workersSeen.size,
      samples,
    };
  }

  async stop(): Promise<THeapPeaks> {
    const peaks = await this.snapshot();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.cdp.detach().catch(() => undefined);
    return peaks;
  }
}

// ---------------------------------------------------------------------------------------------------
// First-page detection inside the reader page
// ---------------------------------------------------------------------------------------------------

export interface TFirstPageMark {
  at: number;
  via: 'mutation' | 'raf';
  watermark: boolean;
  canvasWidth: number;
  canvasHeight: number;
}

/**
 * Runs in the page before its scripts (Playwright init scripts are not subject to the page's CSP).
 * Page 1 counts as rendered when its canvas exists and pdf.js's page view left the running state
 * after drawing (data-loaded set, loadingIcon gone: set in the task that dispatches 'pagerendered'),
 * or the reader's watermark layer (added on 'pagerendered') is on it. A string, not a function:
 * tsx's name-keeping helpers would not exist in the page.
 */
export const WATCH_FIRST_PAGE_SCRIPT = `(() => {
  let observer = null;
  const check = (via) => {
    if (window.__benchFirstPage) return true;
    const pageElement = document.querySelector('.page[data-page-number="1"]');
    const canvas = pageElement && pageElement.querySelector('canvas');
    if (!pageElement || !canvas) return false;
    const watermark = pageElement.querySelector(':scope > .reader-watermark') !== null;
    const finished = pageElement.hasAttribute('data-loaded') && !pageElement.classList.contains('loadingIcon');
    if (!watermark && !finished) return false;
    window.__benchFirstPage = { at: performance.now(), via, watermark, canvasWidth: canvas.width, canvasHeight: canvas.height };
    return true;
  };
  // Re-armable, for a second open in the same document (an in-app navigation).
  window.__benchArmFirstPage = () => {
    delete window.__benchFirstPage;
    observer?.disconnect();
    observer = new MutationObserver(() => {
      if (check('mutation')) observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-loaded'] });
    const poll = () => {
      if (!check('raf')) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  };
  window.__benchArmFirstPage();
})();`;

/** The page's requests from `since` on (ms since navigation start), relative to `since`: where an open spends its time. */
export async function requestTimeline(page: Page, since: number, until: number): Promise<string[]> {
  return page.evaluate(
    ({ from, to }) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => entry.startTime >= from - 1 && entry.startTime <= to)
        .sort((a, b) => a.startTime - b.startTime)
        .map((entry) => {
          const url = new URL(entry.name);
          const where = url.pathname
            .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
            .replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js');
          const size = entry.transferSize > 0 ? ` ${Math.round(entry.encodedBodySize / 1024)} KiB` : ' (cache)';
          return `${Math.round(entry.startTime - from)}–${Math.round(entry.responseEnd - from)} ms ${entry.initiatorType} ${where}${size}`;
        }),
    { from: since, to: until },
  );
}

/** Start of a request in the page's resource timing (ms since navigation start), or null. */
/**
 * When the reader's open began: its first request to the server for the book (the manifest or the
 * licence, which opens the loan; older builds sent POST /api/loans first). Null when none was made.
 */
export async function openRequestStart(page: Page): Promise<number | null> {
  const starts = (
    await Promise.all(['/manifest', '/api/licenses', '/api/loans'].map((suffix) => resourceStart(page, suffix)))
  ).filter((start): start is number => start !== null);
  return starts.length === 0 ? null : Math.min(...starts);
}

export async function resourceStart(page: Page, pathSuffix: string, initiatorType = 'fetch'): Promise<number | null> {
  return page.evaluate(
    ({ suffix, initiator }) => {
      const entries = performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming).initiatorType === initiator &&
            new URL(entry.name).pathname.endsWith(suffix),
        );
      return entries.length === 0 ? null : Math.min(...entries.map((entry) => entry.startTime));
    },
    { suffix: pathSuffix, initiator: initiatorType },
  );
}

// ---------------------------------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------------------------------

export interface TReaderOpen {
  /** From the first POST /api/loans to the first page; null when the open made no such request (offline). */
  fromOpenMs: number | null;
  fromNavigationMs: number;
  loanRequestStartMs: number | null;
  detectedVia: TFirstPageMark['via'];
  watermark: boolean;
  canvas: { width: number; height: number };
  heapToFirstPage: THeapPeaks;
  heapWithSettle: THeapPeaks;
  /** Requests between the open and the first page (start–end relative to POST /api/loans, else to navigation start). */
  timeline: string[];
}

/** What the reader screen shows, for a failure message. */
export async function describeReaderState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const first = document.querySelector('.page[data-page-number="1"]');
      const text = (document.getElementById('root')?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300);
      return `url ${location.pathname}, page 1 element ${first ? first.outerHTML.slice(0, 300) : 'missing'}, text "${text}"`;
    })
    .catch((error: unknown) => `unreadable (${String(error)})`);
}

/**
 * One open of the reader in a fresh page of `context` (signed in; offline when the context is), timed
 * to page 1 rendered, with the heap sampled throughout.
 */
export async function measureReaderOpen(
  context: BrowserContext,
  readerPath: string,
  errors: string[],
  options: { timeoutMs?: number } = {},
): Promise<TReaderOpen> {
  const page = await openSettledTab(context);
  collectPageErrors(page, errors);
  try {
    await page.addInitScript(WATCH_FIRST_PAGE_SCRIPT);
    const sampler = await HeapSampler.attach(context, page);
    await sampler.collectGarbage();
    sampler.start();
    await page.goto(readerPath);
    try {
      await page.waitForFunction(
        () => (window as unknown as { __benchFirstPage?: unknown }).__benchFirstPage !== undefined,
        undefined,
        {
          timeout: options.timeoutMs ?? RUN_TIMEOUT_MS,
        },
      );
    } catch (error) {
      await sampler.stop();
      throw new Error(
        `page 1 of ${readerPath} was not rendered: ${await describeReaderState(page)}; page errors: ${errors.join(' | ') || 'none'}`,
        { cause: error },
      );
    }
    const heapToFirstPage = await sampler.snapshot();
    await page.waitForTimeout(SETTLE_MS);
    const heapWithSettle = await sampler.stop();
    const mark = await page.evaluate(
      () => (window as unknown as { __benchFirstPage: TFirstPageMark }).__benchFirstPage,
    );
    const loanStart = await openRequestStart(page);
    return {
      fromOpenMs: loanStart === null ? null : round2(mark.at - loanStart),
      fromNavigationMs: round2(mark.at),
      loanRequestStartMs: loanStart === null ? null : round2(loanStart),
      detectedVia: mark.via,
      watermark: mark.watermark,
      canvas: { width: mark.canvasWidth, height: mark.canvasHeight },
      heapToFirstPage,
      heapWithSettle,
      timeline: await requestTimeline(page, loanStart ?? 0, mark.at),
    };
  } finally {
    await page.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
