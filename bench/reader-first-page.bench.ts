/**
 * Benchmark figure, in Chromium: time to the first
 * rendered page of a 300+ page book through the encrypted path, versus pdf.js opening the same
 * plaintext bytes from memory, and the peak JS heap of both.
 *
 * The real app runs from the production build (a snapshot of dist/web, so a rebuild by someone else
 * cannot pull files away mid-run) on a temporary DATA_DIR with the demo seed and a 50-book catalogue;
 * The Wealth of Nations (~1,189 pages) is typeset and ingested before anything is measured, and its
 * plaintext bytes stay in this process for the baseline. A bench-only Hono app in front of it answers
 * /bench/* (the baseline page, pdf.js and the plaintext) without the app's middleware or CSP.
 *
 * Candidate (5 runs, fresh page each, after one discarded warm-up that registers the browser device
 * and installs the service worker): the signed-in Premium demo reader goes to /reader/<slug>?page=1.
 * Timed from the startTime of the reader's first request for the book (manifest or licence; the first request of
 * openProtectedBook; only a local IndexedDB lookup precedes it) to the moment page 1 of pdf.js's
 * viewer has a canvas and its rendering has finished (pdf.js sets that state and dispatches
 * 'pagerendered' in the same task; the reader's watermark layer, added on 'pagerendered', confirms it).
 * A MutationObserver and a requestAnimationFrame poll inside the page record performance.now().
 * Time from navigation start is reported too.
 * Baseline (5 runs, fresh page each, same browser, its own context): /bench/baseline.html imports
 * pdf.js and fetches the plaintext (untimed: "from memory"), then times getDocument({data}) →
 * getPage(1) → render into a canvas as wide (in pixels) as the reader's first-page canvas.
 * Diagnostic third series: pdf.js's own PDFViewer (as the reader mounts it) opening the plaintext from
 * memory, to split the gap into viewer cost and protected-pipeline cost.
 * The order of the three rotates each round, so all share the machine's load. Target: median ratio ≤ 1.2x.
 *
 * Heap: CDP HeapProfiler.collectGarbage before each run, then Runtime.getHeapUsage every ~25 ms on the
 * page and on every dedicated worker (pdf.js's worker, reached through Target.setAutoAttach); peaks of
 * the page, the workers and their sum at the same sample, up to the first page and over the run plus
 * a short settle window (the reader keeps fetching the rest of the book in the background). The
 * ArrayBuffer backing store (chunks, the PDF bytes) is outside the JS heap and reported separately.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { createApp } from '../api/src/app';
import { migrateDatabase, openDatabase } from '../api/src/db/client';
import { books } from '../api/src/db/schema';
import { seedDemoData } from '../api/src/db/seed';
import { createDemoContentSource } from '../api/src/db/seed/demo-content';
import { typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { parseEnv } from '../api/src/env';
import { createLogger } from '../api/src/logger';
import { createOutboxMailer } from '../api/src/adapters/mailer/mailer';
import { createPaymentsProvider } from '../api/src/adapters/payments';
import { createLocalBlobStore } from '../api/src/adapters/blobs/blob-store';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import type { AppDeps } from '../api/src/deps';
import type { TDemoAccount } from '../api/src/db/seed/users';
import { round2, writeResult } from './lib';

const BOOK_SLUG = 'the-wealth-of-nations';
const RUNS = Number(process.env.BENCH_READER_RUNS ?? 5);
const TARGET_RATIO_AT_MOST = 1.2;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3400);
const HEAP_SAMPLE_MS = 25;
/** After the first page the reader fetches the rest of the book; the heap is watched this much longer. */
const SETTLE_MS = 2000;
const RUN_TIMEOUT_MS = 90_000;
const VIEWPORT = { width: 1280, height: 800 };
const MIB = 1024 * 1024;

const require = createRequire(import.meta.url);

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
 * A copy of dist/web (built first only when missing; BENCH_WEB_ROOT names another build), so a
 * concurrent `vite build` cannot empty it mid-run.
 */
function snapshotWebRoot(into: string): { webRoot: string; builtAt: string } {
  const built = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/web');
  if (!fs.existsSync(path.join(built, 'index.html'))) {
    if (process.env.BENCH_WEB_ROOT) throw new Error(`no build at BENCH_WEB_ROOT=${built}`);
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
}): Promise<TBenchApp & { webBuiltAt: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wb-bench-${options.name}-`));
  const { webRoot, builtAt } = snapshotWebRoot(dataDir);
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

/** A context signed in as `account` through the API (the cookie lands in the context's jar). */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: TDemoAccount,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  const response = await context.request.post('/api/auth/login', {
    headers: { Origin: baseUrl },
    data: { emailOrUsername: account.email, password: account.password },
  });
  if (response.status() !== 200)
    throw new Error(`sign-in of ${account.email} answered ${response.status()}: ${await response.text()}`);
  return context;
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

const BASELINE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>pdf.js from memory (baseline)</title></head>
<body style="margin:0">
<script type="module">
import * as pdfjs from '/bench/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/bench/pdf.worker.min.mjs';
// Untimed: the plaintext is in memory before the clock starts.
const bytes = new Uint8Array(await (await fetch('/bench/book.pdf')).arrayBuffer());
window.benchBaseline = async (canvasWidth) => {
  const started = performance.now();
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false, enableXfa: false });
  const pdf = await task.promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: canvasWidth / page.getViewport({ scale: 1 }).width });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  document.body.append(canvas);
  await page.render({ canvas, viewport }).promise;
  const ms = performance.now() - started;
  return { ms, pages: pdf.numPages, canvasWidth: canvas.width, canvasHeight: canvas.height };
};
window.benchReady = true;
</script>
</body>
</html>
`;

/**
 * Diagnostic, not the baseline: pdf.js's own PDFViewer (as the reader mounts it, 'auto' zoom,
 * same options) opening the plaintext from memory, so the gap splits into viewer cost and the
 * protected pipeline's cost. Library, viewer and bytes load untimed.
 */
const VIEWER_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>pdf.js viewer from memory (diagnostic)</title>
<link rel="stylesheet" href="/bench/pdf_viewer.css"></head>
<body style="margin:0">
<div id="container" style="position:absolute;inset:0;overflow:auto"><div id="viewer" class="pdfViewer"></div></div>
<script type="module">
import * as pdfjs from '/bench/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/bench/pdf.worker.min.mjs';
globalThis.pdfjsLib = pdfjs;
const components = await import('/bench/pdf_viewer.mjs');
const bytes = new Uint8Array(await (await fetch('/bench/book.pdf')).arrayBuffer());
window.benchViewer = async () => {
  const started = performance.now();
  const container = document.getElementById('container');
  const eventBus = new components.EventBus();
  const linkService = new components.PDFLinkService({ eventBus, externalLinkTarget: components.LinkTarget.BLANK });
  const findController = new components.PDFFindController({ eventBus, linkService, updateMatchesCountOnProgress: true });
  const viewer = new components.PDFViewer({
    container,
    viewer: document.getElementById('viewer'),
    eventBus,
    linkService,
    findController,
    annotationMode: pdfjs.AnnotationMode.ENABLE,
    annotationEditorMode: pdfjs.AnnotationEditorType.DISABLE,
    imagesRightClickMinSize: -1,
  });
  linkService.setViewer(viewer);
  const firstPage = new Promise((resolve) => {
    eventBus.on('pagerendered', ({ pageNumber }) => { if (pageNumber === 1) resolve(performance.now()); });
  });
  eventBus.on('pagesinit', () => { viewer.currentScaleValue = 'auto'; });
  const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, enableXfa: false }).promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf, null);
  const renderedAt = await firstPage;
  const canvas = document.querySelector('.page[data-page-number="1"] canvas');
  return { ms: renderedAt - started, pages: pdf.numPages, canvasWidth: canvas.width, canvasHeight: canvas.height };
};
window.benchReady = true;
</script>
</body>
</html>
`;

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

type TReaderRun = TReaderOpen & { fromOpenMs: number; loanRequestStartMs: number };

interface TBaselineRun {
  ms: number;
  pages: number;
  canvas: { width: number; height: number };
  heapToFirstPage: THeapPeaks;
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
  const page = await context.newPage();
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

async function readerRun(context: BrowserContext, readerPath: string, errors: string[]): Promise<TReaderRun> {
  const open = await measureReaderOpen(context, readerPath, errors);
  if (open.fromOpenMs === null || open.loanRequestStartMs === null)
    throw new Error('the reader made no request to open the book');
  return { ...open, fromOpenMs: open.fromOpenMs, loanRequestStartMs: open.loanRequestStartMs };
}

/** One fresh page of a from-memory page (`/bench/baseline.html` or `/bench/viewer.html`): setup untimed, then the timed call. */
async function memoryRun(
  context: BrowserContext,
  pagePath: string,
  call: 'benchBaseline' | 'benchViewer',
  canvasWidth: number,
  errors: string[],
): Promise<TBaselineRun> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  try {
    await page.goto(pagePath);
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true, undefined, {
      timeout: RUN_TIMEOUT_MS,
    });
    const sampler = await HeapSampler.attach(context, page);
    await sampler.collectGarbage();
    sampler.start();
    const result = await page.evaluate(
      ({ name, width }) =>
        (
          window as unknown as Record<
            string,
            (width: number) => Promise<{ ms: number; pages: number; canvasWidth: number; canvasHeight: number }>
          >
        )[name](width),
      { name: call, width: canvasWidth },
    );
    const heapToFirstPage = await sampler.stop();
    return {
      ms: round2(result.ms),
      pages: result.pages,
      canvas: { width: result.canvasWidth, height: result.canvasHeight },
      heapToFirstPage,
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

const maxOf = (runs: THeapPeaks[], key: keyof THeapPeaks) => Math.max(...runs.map((run) => run[key]));
const medianOf = (runs: THeapPeaks[], key: keyof THeapPeaks) => round2(median(runs.map((run) => run[key])));

function heapSummary(runs: THeapPeaks[]) {
  return {
    medianPeakTotalMiB: medianOf(runs, 'totalMiB'),
    medianPeakMainMiB: medianOf(runs, 'mainMiB'),
    medianPeakWorkersMiB: medianOf(runs, 'workersMiB'),
    medianPeakBackingMiB: medianOf(runs, 'backingMiB'),
    maxPeakTotalMiB: maxOf(runs, 'totalMiB'),
    workersSeen: maxOf(runs, 'workersSeen'),
  };
}

export async function benchReaderFirstPage() {
  let plaintext: Uint8Array | null = null;
  let pages = 0;
  let typesetMs = 0;
  const app = await startBenchApp({
    name: 'reader',
    prepare: async (deps) => {
      const started = performance.now();
      const typeset = await typesetContentBook(BOOK_SLUG);
      typesetMs = Math.round(performance.now() - started);
      const book = deps.db.select({ id: books.id }).from(books).where(eq(books.slug, BOOK_SLUG)).get();
      if (!book) throw new Error(`the demo seed has no ${BOOK_SLUG}`);
      const { asset } = await ingestBookPdf({ deps, bookId: book.id, pdf: typeset.bytes, source: 'seed' });
      if (asset.pageCount < 300) throw new Error(`${BOOK_SLUG} has only ${asset.pageCount} pages`);
      plaintext = typeset.bytes;
      pages = asset.pageCount;
    },
  });
  const bookBytes = plaintext as Uint8Array | null;
  if (!bookBytes) throw new Error('the book was not prepared');

  const pdfjsBuild = path.dirname(require.resolve('pdfjs-dist/build/pdf.min.mjs'));
  const script = (file: string) => fs.readFileSync(path.join(pdfjsBuild, file));
  const libSource = script('pdf.min.mjs');
  const workerSource = script('pdf.worker.min.mjs');
  const pdfjsWeb = path.join(pdfjsBuild, '..', 'web');
  const viewerSource = fs.readFileSync(path.join(pdfjsWeb, 'pdf_viewer.mjs'));
  const viewerCss = fs.readFileSync(path.join(pdfjsWeb, 'pdf_viewer.css'));
  const javascript = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' };
  app.bench
    .get('/bench/baseline.html', (c) => c.html(BASELINE_HTML, 200, { 'Cache-Control': 'no-store' }))
    .get('/bench/viewer.html', (c) => c.html(VIEWER_HTML, 200, { 'Cache-Control': 'no-store' }))
    .get('/bench/pdf_viewer.mjs', (c) => c.body(new Uint8Array(viewerSource), 200, javascript))
    .get('/bench/pdf_viewer.css', (c) =>
      c.body(new Uint8Array(viewerCss), 200, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'no-store',
      }),
    )
    .get('/bench/images/:file', (c) => {
      const file = path.join(pdfjsWeb, 'images', path.basename(c.req.param('file')));
      if (!fs.existsSync(file)) return c.notFound();
      const type = file.endsWith('.svg')
        ? 'image/svg+xml'
        : file.endsWith('.gif')
          ? 'image/gif'
          : 'application/octet-stream';
      return c.body(new Uint8Array(fs.readFileSync(file)), 200, { 'Content-Type': type });
    })
    .get('/bench/pdf.min.mjs', (c) => c.body(new Uint8Array(libSource), 200, javascript))
    .get('/bench/pdf.worker.min.mjs', (c) => c.body(new Uint8Array(workerSource), 200, javascript))
    .get('/bench/book.pdf', (c) =>
      c.body(new Uint8Array(bookBytes), 200, { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store' }),
    );

  const errors: string[] = [];
  const browser = await launchChromium();
  try {
    const reader = await signedInContext(browser, app.baseUrl, premiumDemoReader(app.demoAccounts));
    const baseline = await browser.newContext({ baseURL: app.baseUrl, viewport: VIEWPORT });
    const readerPath = `/reader/${BOOK_SLUG}?page=1`;

    // Discarded warm-ups: the first open registers this browser's device and installs the service worker.
    const warmReader = await readerRun(reader, readerPath, errors);
    const canvasWidth = warmReader.canvas.width;
    const plainRun = () => memoryRun(baseline, '/bench/baseline.html', 'benchBaseline', canvasWidth, errors);
    const viewerRun = () => memoryRun(baseline, '/bench/viewer.html', 'benchViewer', canvasWidth, errors);
    await plainRun();
    await viewerRun();

    const readerRuns: TReaderRun[] = [];
    const baselineRuns: TBaselineRun[] = [];
    const viewerRuns: TBaselineRun[] = [];
    const steps = [
      async () => baselineRuns.push(await plainRun()),
      async () => readerRuns.push(await readerRun(reader, readerPath, errors)),
      async () => viewerRuns.push(await viewerRun()),
    ];
    for (let round = 0; round < RUNS; round += 1) {
      // The order rotates each round, so no side always runs on a machine just freed by another.
      for (let step = 0; step < steps.length; step += 1) await steps[(round + step) % steps.length]();
    }
    await reader.close();
    await baseline.close();

    const readerMedian = round2(median(readerRuns.map((run) => run.fromOpenMs)));
    const readerFromNavigationMedian = round2(median(readerRuns.map((run) => run.fromNavigationMs)));
    const baselineMedian = round2(median(baselineRuns.map((run) => run.ms)));
    const viewerMedian = round2(median(viewerRuns.map((run) => run.ms)));
    const summary = {
      machine: { cpus: os.cpus().length, chromium: browser.version() },
      webBuiltAt: app.webBuiltAt,
      book: { slug: BOOK_SLUG, pages, plaintextBytes: bookBytes.length, typesetMs },
      viewport: VIEWPORT,
      runs: RUNS,
      encrypted: {
        medianFromOpenMs: readerMedian,
        medianFromNavigationMs: readerFromNavigationMedian,
        canvas: readerRuns[0]?.canvas,
        heapToFirstPage: heapSummary(readerRuns.map((run) => run.heapToFirstPage)),
        heapWithSettle: { settleMs: SETTLE_MS, ...heapSummary(readerRuns.map((run) => run.heapWithSettle)) },
        runs: readerRuns,
      },
      baseline: {
        medianMs: baselineMedian,
        canvas: baselineRuns[0]?.canvas,
        heapToFirstPage: heapSummary(baselineRuns.map((run) => run.heapToFirstPage)),
        runs: baselineRuns,
      },
      viewerFromMemory: {
        note: 'diagnostic: pdf.js PDFViewer opening the plaintext from memory, auto zoom, same options as the reader',
        medianMs: viewerMedian,
        canvas: viewerRuns[0]?.canvas,
        heapToFirstPage: heapSummary(viewerRuns.map((run) => run.heapToFirstPage)),
        runs: viewerRuns,
      },
      ratio: round2(readerMedian / baselineMedian),
      ratioOverViewerFromMemory: round2(readerMedian / viewerMedian),
      targets: { ratioAtMost: TARGET_RATIO_AT_MOST },
      pageErrors: summariseErrors(errors),
    };
    writeResult('reader-first-page', summary);
    return summary;
  } finally {
    await browser.close();
    await app.close();
  }
}
