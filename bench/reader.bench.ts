/**
 * `npm run bench reader`: what a reader waits for, from navigation to the first page drawn, against the
 * same PDF opened with plain pdf.js from a static URL in the same run.
 *
 * The app runs from the production build on a temporary DATA_DIR with the demo seed (startBenchApp);
 * three demo books are typeset and ingested first, and the same plaintext PDFs are written to a folder
 * that the bench's own routes serve statically under /bench/plain/ (serveStatic with Range requests,
 * pdf.js's minified build precompressed, no auth, no encryption).
 *
 * Each run opens a fresh browser context (empty cache, no device key, no service worker) signed in as
 * the Premium demo reader through the API, and in it, one after another, each in a new tab left to settle first
 * (openSettledTab: a new window's own start-up work is not the page's):
 *   cold    - the first book, first use of this browser;
 *   repeat  - the same book again (caches and service worker from the cold open);
 *   other   - another book;
 *   resume  - a long book whose saved position (set through POST /api/sync before navigating, as
 *             another device would) is page 150.
 * The baseline does the same four opens in its own fresh context with plain pdf.js (range requests
 * only: no streaming, no auto-fetch) drawing the same page into a canvas plus its text layer, its page and files
 * served with the same page headers as every page of the app's server (securityHeaders: CSP, COOP...).
 *
 * A page counts as drawn when `.page[data-page-number=N]` has a canvas with ink (a downscaled copy has
 * a non-white pixel) and a text layer with text (every page these books open on has text); an init
 * script checks on every animation frame and DOM change and records performance.now(), which counts
 * from navigation start. Bytes over the wire are CDP Network.loadingFinished encodedDataLength of the
 * tab's requests not answered by the service worker or a cache (a dedicated worker's script, answered on the
 * worker's target, is completed from Playwright's view of it and the tab's raw-header events), plus the
 * service worker's own network requests, up to the first page. Profiles: unthrottled, and a phone (CDP network emulation 150 ms,
 * 1.6 Mbit/s down, 750 kbit/s up, applied to the tab and to the context's service worker once it runs;
 * CPU 4x slower). The waterfalls of the first cold and repeat opens of each profile go to
 * bench/results/reader-waterfall.json. Offline open is measured by `npm run bench offline`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { serveStatic } from '@hono/node-server/serve-static';
import type {
  Browser,
  BrowserContext,
  CDPSession,
  ConsoleMessage,
  Page,
  Request as PlaywrightRequest,
} from '@playwright/test';
import { encodeHlc } from '../shared/hlc';
import { securityHeaders } from '../api/src/middleware/security-headers';
import { round2, writeResult } from './lib';
import {
  collectPageErrors,
  describeReaderState,
  ingestDemoBook,
  launchChromium,
  median,
  openSettledTab,
  premiumDemoReader,
  signedInContext,
  startBenchApp,
  summariseErrors,
} from './browser-app';

const RUNS = Number(process.env.BENCH_READER_RUNS ?? 7);
const FIRST_BOOK = process.env.BENCH_READER_BOOK ?? 'the-wealth-of-nations';
const OTHER_BOOK = process.env.BENCH_READER_OTHER_BOOK ?? 'the-prince';
const LONG_BOOK = process.env.BENCH_READER_LONG_BOOK ?? 'the-republic';
const RESUME_PAGE = 150;
const OPEN_TIMEOUT_MS = 180_000;
const VIEWPORT = { width: 1280, height: 800 };

const require = createRequire(import.meta.url);

export const OPENS = [
  { name: 'cold', slug: FIRST_BOOK, page: 1 },
  { name: 'repeat', slug: FIRST_BOOK, page: 1 },
  { name: 'other', slug: OTHER_BOOK, page: 1 },
  { name: 'resume', slug: LONG_BOOK, page: RESUME_PAGE },
] as const;
type TOpenName = (typeof OPENS)[number]['name'];

interface TProfile {
  name: 'unthrottled' | 'phone';
  network: { latencyMs: number; downloadKbps: number; uploadKbps: number } | null;
  cpuSlowdown: number;
}

export const PROFILES: TProfile[] = [
  { name: 'unthrottled', network: null, cpuSlowdown: 1 },
  { name: 'phone', network: { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 }, cpuSlowdown: 4 },
];

/** Targets of the issue, in ms or as a ratio to the baseline's same open. */
export const TARGETS: Record<
  TProfile['name'],
  Partial<Record<TOpenName, { ratioAtMost?: number; msBelow?: number }>>
> = {
  unthrottled: { cold: { ratioAtMost: 1.3, msBelow: 1200 }, repeat: { ratioAtMost: 1.1, msBelow: 600 } },
  phone: { cold: { ratioAtMost: 1.3, msBelow: 4000 }, repeat: { ratioAtMost: 1.1, msBelow: 1500 } },
};

function networkConditions(profile: TProfile) {
  const network = profile.network;
  return network
    ? {
        offline: false,
        latency: network.latencyMs,
        downloadThroughput: (network.downloadKbps * 1000) / 8,
        uploadThroughput: (network.uploadKbps * 1000) / 8,
      }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
}

// ---------------------------------------------------------------------------------------------------
// What went over the wire
// ---------------------------------------------------------------------------------------------------

interface TWireRequest {
  url: string;
  target: 'tab' | 'service-worker';
  method: string;
  startS: number;
  endS: number | null;
  status: number | null;
  bytes: number;
  fromServiceWorker: boolean;
  fromCache: boolean;
  isDocument: boolean;
}

interface TNetworkEvent {
  method: string;
  params: Record<string, unknown> & { requestId: string };
}

/** CDP Network events of a tab and of its service worker, one open at a time. */
class WireRecorder {
  readonly requests = new Map<string, TWireRequest>();

  handle(target: TWireRequest['target'], event: TNetworkEvent): void {
    const key = `${target}:${event.params.requestId}`;
    const p = event.params as unknown as Record<string, never>;
    if (event.method === 'Network.requestWillBeSentExtraInfo' || event.method === 'Network.responseReceivedExtraInfo') {
      this.noteRawHeaders(key, event);
      return;
    }
    if (event.method === 'Network.requestWillBeSent') {
      const request = p.request as { url: string; method: string };
      this.requests.set(key, {
        url: request.url,
        target,
        method: request.method,
        startS: p.timestamp,
        endS: null,
        status: null,
        bytes: 0,
        fromServiceWorker: false,
        fromCache: false,
        isDocument: p.type === 'Document',
      });
      return;
    }
    const entry = this.requests.get(key);
    if (!entry) return;
    if (event.method === 'Network.responseReceived') {
      const response = p.response as {
        status: number;
        fromServiceWorker?: boolean;
        fromDiskCache?: boolean;
        fromPrefetchCache?: boolean;
      };
      entry.status = response.status;
      entry.fromServiceWorker = response.fromServiceWorker === true;
      entry.fromCache = response.fromDiskCache === true || response.fromPrefetchCache === true;
    } else if (event.method === 'Network.requestServedFromCache') {
      entry.fromCache = true;
    } else if (event.method === 'Network.loadingFinished') {
      entry.endS = p.timestamp;
      entry.bytes = p.encodedDataLength;
    } else if (event.method === 'Network.loadingFailed') {
      entry.endS = p.timestamp;
    }
  }

  /** Navigation start on the CDP clock: the tab's document request. */
  private originS(): number | null {
    const document = [...this.requests.values()].find((entry) => entry.target === 'tab' && entry.isDocument);
    return document?.startS ?? null;
  }

  /**
   * Requests whose raw headers the network stack reported (CDP's `*ExtraInfo` events): only a request that went
   * to the network has them, never one a cache or the service worker answered. Keyed like `requests`; they may
   * arrive before `requestWillBeSent`. The value is the answer's Content-Length, when known.
   */
  private readonly wentToNetwork = new Map<string, number | null>();

  private noteRawHeaders(key: string, event: TNetworkEvent): void {
    const headers = (event.params as { headers?: Record<string, string> }).headers ?? {};
    const length = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1];
    const known = this.wentToNetwork.get(key) ?? null;
    this.wentToNetwork.set(key, length === undefined ? known : Number(length));
  }

  /**
   * A dedicated worker's script (pdf.js's worker) is requested on the tab's CDP session but answered on the
   * worker's own target, which the tab's session does not see: without this the request has no answer and
   * counted as "network" with 0 bytes, even when the HTTP cache or the service worker answered it. Playwright
   * follows the answer (status, service worker or not, timing); the tab's raw-header events tell whether it went
   * to the network, and its Content-Length how many bytes (the body; its few hundred header bytes are left out).
   */
  async completeFromPlaywright(request: PlaywrightRequest): Promise<void> {
    const found = [...this.requests.entries()].find(
      ([, candidate]) => candidate.target === 'tab' && candidate.status === null && candidate.url === request.url(),
    );
    const response = await request.response().catch(() => null);
    if (!found || !response) return;
    const [key, entry] = found;
    entry.status = response.status();
    entry.fromServiceWorker = response.fromServiceWorker();
    entry.fromCache = !entry.fromServiceWorker && !this.wentToNetwork.has(key);
    entry.bytes = this.wentToNetwork.get(key) ?? 0;
    const { responseEnd } = request.timing();
    if (entry.endS === null && responseEnd >= 0) entry.endS = entry.startS + responseEnd / 1000;
  }

  onTheWire(entry: TWireRequest): boolean {
    return !entry.fromServiceWorker && !entry.fromCache;
  }

  /** Requests finished by `untilMs` after navigation start, times in ms from it. */
  waterfall(untilMs: number) {
    const origin = this.originS();
    if (origin === null) return [];
    return [...this.requests.values()]
      .map((entry) => ({
        url: entry.url,
        target: entry.target,
        method: entry.method,
        status: entry.status,
        startMs: Math.round((entry.startS - origin) * 1000),
        endMs: entry.endS === null ? null : Math.round((entry.endS - origin) * 1000),
        bytes: this.onTheWire(entry) ? entry.bytes : 0,
        via: entry.fromServiceWorker ? 'service worker' : entry.fromCache ? 'cache' : 'network',
      }))
      .filter((entry) => entry.startMs <= untilMs)
      .sort((a, b) => a.startMs - b.startMs);
  }

  bytesUntil(untilMs: number): { bytes: number; requests: number } {
    const finished = this.waterfall(untilMs).filter(
      (entry) => entry.endMs !== null && entry.endMs <= untilMs && entry.via === 'network',
    );
    return { bytes: finished.reduce((sum, entry) => sum + entry.bytes, 0), requests: finished.length };
  }
}

/**
 * The service workers of the browser, reached from a browser-level CDP session (a tab's session does
 * not see them): each gets the profile's network conditions and reports its requests to the current
 * open's recorder. Non-flattened sessions, as Playwright's CDPSession cannot address child sessions.
 */
class ServiceWorkerTap {
  private readonly sessions = new Set<string>();
  private recorder: WireRecorder | null = null;
  private profile: TProfile = PROFILES[0];
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {}

  static async open(browser: Browser): Promise<ServiceWorkerTap> {
    const cdp = await browser.newBrowserCDPSession();
    const tap = new ServiceWorkerTap(cdp);
    cdp.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type === 'service_worker') void tap.attach(targetInfo.targetId);
    });
    cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
      if (sessionId) tap.sessions.delete(sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
      const event = JSON.parse(message) as Partial<TNetworkEvent>;
      if (event.method?.startsWith('Network.') && event.params && tap.sessions.has(sessionId))
        tap.recorder?.handle('service-worker', event as TNetworkEvent);
    });
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    return tap;
  }

  private send(sessionId: string, method: string, params: object = {}) {
    const message = JSON.stringify({ id: this.nextId++, method, params });
    return this.cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => undefined);
  }

  private async configure(sessionId: string): Promise<void> {
    await this.send(sessionId, 'Network.enable');
    await this.send(sessionId, 'Network.emulateNetworkConditions', networkConditions(this.profile));
  }

  private async attach(targetId: string): Promise<void> {
    const attached = await this.cdp.send('Target.attachToTarget', { targetId, flatten: false }).catch(() => null);
    if (!attached) return;
    this.sessions.add(attached.sessionId);
    await this.configure(attached.sessionId);
  }

  /** Before an open: its recorder and profile, applied to every running service worker. */
  async prepare(recorder: WireRecorder, profile: TProfile): Promise<void> {
    this.recorder = recorder;
    this.profile = profile;
    await Promise.all([...this.sessions].map((sessionId) => this.configure(sessionId)));
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------
// First page drawn
// ---------------------------------------------------------------------------------------------------

export interface TDrawnMark {
  at: number;
  canvasWidth: number;
  canvasHeight: number;
  textCharacters: number;
}

/** What watchPageDrawnScript writes to the console once the page is drawn (pageDrawn waits for it). */
const PAGE_DRAWN_MESSAGE = 'wb-bench: page drawn';

/**
 * Runs in the tab before its scripts. A string, not a function: tsx's name-keeping helpers would not
 * exist in the page.
 */
export function watchPageDrawnScript(pageNumber: number): string {
  return `(() => {
  const selector = '.page[data-page-number="${pageNumber}"]';
  let probe = null;
  const hasInk = (canvas) => {
    const width = Math.max(1, Math.floor(canvas.width / 4));
    const height = Math.max(1, Math.floor(canvas.height / 4));
    probe = probe || document.createElement('canvas');
    probe.width = width;
    probe.height = height;
    const context = probe.getContext('2d', { willReadFrequently: true });
    context.imageSmoothingQuality = 'high';
    context.drawImage(canvas, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height).data;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3] > 0 && (pixels[i] < 235 || pixels[i + 1] < 235 || pixels[i + 2] < 235)) return true;
    }
    return false;
  };
  const check = () => {
    if (window.__benchDrawn) return true;
    const page = document.querySelector(selector);
    if (!page) return false;
    const text = page.querySelector('.textLayer');
    const textCharacters = text ? text.textContent.trim().length : 0;
    if (textCharacters === 0) return false;
    const canvas = [...page.querySelectorAll('canvas')].find((candidate) => candidate.width > 0 && candidate.height > 0);
    if (!canvas || !hasInk(canvas)) return false;
    window.__benchDrawn = { at: performance.now(), canvasWidth: canvas.width, canvasHeight: canvas.height, textCharacters };
    console.debug(${JSON.stringify(PAGE_DRAWN_MESSAGE)});
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  const poll = () => { if (!check()) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})();`;
}

/**
 * watchPageDrawnScript's mark (the page drawn, ms from navigation), once its console message says it is there; to be
 * called before the navigation. Nothing is evaluated in the page until then: polling with waitForFunction had
 * Playwright compile its injected script in the page, 12 to 21 ms of the page's main thread in the middle of every
 * open, on either arm (docs/decisions/025-reader-first-page.md, the bench's own work in the page).
 */
export function pageDrawn(page: Page, timeoutMs: number): Promise<TDrawnMark> {
  const drawn = new Promise<TDrawnMark>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('console', onMessage);
      reject(new Error(`no page drawn within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: ConsoleMessage) => {
      if (message.text() !== PAGE_DRAWN_MESSAGE) return;
      clearTimeout(timer);
      page.off('console', onMessage);
      resolve(page.evaluate(() => (window as unknown as { __benchDrawn: TDrawnMark }).__benchDrawn));
    };
    page.on('console', onMessage);
  });
  // A navigation that fails first is the error reported; this one must not go unhandled meanwhile.
  drawn.catch(() => undefined);
  return drawn;
}

/**
 * The baseline: plain pdf.js from a static URL, one page drawn with its text layer, as a plain viewer does. Its script
 * is a file beside the page (the server's CSP allows no inline script), preloaded with pdf.js's module.
 */
const PLAIN_VIEWER_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>plain pdf.js</title>
<link rel="modulepreload" href="./pdf.min.mjs">
<script type="module" src="./viewer.mjs"></script>
<style>body{margin:0}.page{position:relative}.textLayer{position:absolute;inset:0;color:transparent;line-height:1}.textLayer span{position:absolute;white-space:pre;transform-origin:0 0}</style></head>
<body>
</body>
</html>
`;

const PLAIN_VIEWER_MODULE = `import * as pdfjs from './pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = './pdf.worker.min.mjs';
const query = new URLSearchParams(location.search);
const pageNumber = Number(query.get('page'));
const width = Number(query.get('width'));
const pdf = await pdfjs.getDocument({ url: query.get('file'), disableStream: true, disableAutoFetch: true, isEvalSupported: false }).promise;
const page = await pdf.getPage(pageNumber);
const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
const container = document.createElement('div');
container.className = 'page';
container.dataset.pageNumber = String(pageNumber);
container.style.width = viewport.width + 'px';
container.style.height = viewport.height + 'px';
container.style.setProperty('--scale-factor', String(viewport.scale));
container.style.setProperty('--total-scale-factor', String(viewport.scale));
const canvas = document.createElement('canvas');
canvas.width = Math.floor(viewport.width);
canvas.height = Math.floor(viewport.height);
const textLayer = document.createElement('div');
textLayer.className = 'textLayer';
container.append(canvas, textLayer);
document.body.append(container);
await Promise.all([
  page.render({ canvas, viewport }).promise,
  new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render(),
]);
`;

// ---------------------------------------------------------------------------------------------------
// One open
// ---------------------------------------------------------------------------------------------------

export interface TOpenResult {
  ms: number;
  bytes: number;
  requests: number;
  canvas: { width: number; height: number };
  textCharacters: number;
}

async function measureOpen(
  context: BrowserContext,
  url: string,
  pageNumber: number,
  profile: TProfile,
  tap: ServiceWorkerTap,
  errors: string[],
): Promise<TOpenResult & { waterfall: ReturnType<WireRecorder['waterfall']> }> {
  const page = await openSettledTab(context);
  collectPageErrors(page, errors);
  const recorder = new WireRecorder();
  try {
    const cdp = await context.newCDPSession(page);
    for (const method of [
      'Network.requestWillBeSent',
      'Network.responseReceived',
      'Network.requestServedFromCache',
      'Network.loadingFinished',
      'Network.loadingFailed',
      'Network.requestWillBeSentExtraInfo',
      'Network.responseReceivedExtraInfo',
    ] as const)
      cdp.on(method, (params) => recorder.handle('tab', { method, params } as TNetworkEvent));
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', networkConditions(profile));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await tap.prepare(recorder, profile);
    page.on('requestfinished', (request) => void recorder.completeFromPlaywright(request));
    await page.addInitScript(watchPageDrawnScript(pageNumber));
    const drawn = pageDrawn(page, OPEN_TIMEOUT_MS);
    await page.goto(url, { waitUntil: 'commit', timeout: OPEN_TIMEOUT_MS });
    let mark: TDrawnMark;
    try {
      mark = await drawn;
    } catch (error) {
      throw new Error(
        `page ${pageNumber} of ${url} was not drawn: ${await describeReaderState(page)}; page errors: ${errors.join(' | ') || 'none'}`,
        { cause: error },
      );
    }
    // Requests still in flight at the mark report their end a moment later.
    await page.waitForTimeout(50);
    const wire = recorder.bytesUntil(mark.at);
    return {
      ms: round2(mark.at),
      bytes: wire.bytes,
      requests: wire.requests,
      canvas: { width: mark.canvasWidth, height: mark.canvasHeight },
      textCharacters: mark.textCharacters,
      waterfall: recorder.waterfall(mark.at),
    };
  } finally {
    await page.close();
  }
}

async function setSavedPosition(context: BrowserContext, baseUrl: string, slug: string, page: number) {
  const deviceId = 'bench-other-device';
  const response = await context.request.post('/api/sync', {
    headers: { Origin: baseUrl },
    data: {
      deviceId,
      mutations: [
        {
          id: crypto.randomUUID(),
          type: 'progress.set',
          hlc: encodeHlc({ wallMs: Date.now(), counter: 0, node: deviceId }),
          payload: { bookId: slug, page },
        },
      ],
    },
  });
  const body = (await response.json()) as { applied?: string[]; rejected?: unknown[] };
  if (response.status() !== 200 || body.applied?.length !== 1)
    throw new Error(`saving page ${page} of ${slug} answered ${response.status()}: ${JSON.stringify(body)}`);
}

type TSeriesRun = Record<TOpenName, TOpenResult>;

// ---------------------------------------------------------------------------------------------------
// The bench
// ---------------------------------------------------------------------------------------------------

async function precompress(file: string): Promise<void> {
  const source = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
}

export async function benchReader() {
  const plainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-plain-'));
  const booksPrepared: { slug: string; pages: number; bytes: number }[] = [];
  const app = await startBenchApp({
    name: 'reader',
    prepare: async (deps) => {
      for (const slug of new Set(OPENS.map((open) => open.slug))) {
        const { asset, pdf } = await ingestDemoBook(deps, slug);
        fs.writeFileSync(path.join(plainDir, `${slug}.pdf`), pdf);
        booksPrepared.push({ slug, pages: asset.pageCount, bytes: pdf.length });
      }
    },
  });
  const longBook = booksPrepared.find((book) => book.slug === LONG_BOOK);
  if (!longBook || longBook.pages < RESUME_PAGE) throw new Error(`${LONG_BOOK} has fewer than ${RESUME_PAGE} pages`);

  const pdfjsBuild = path.dirname(require.resolve('pdfjs-dist/build/pdf.min.mjs'));
  for (const file of ['pdf.min.mjs', 'pdf.worker.min.mjs']) {
    fs.copyFileSync(path.join(pdfjsBuild, file), path.join(plainDir, file));
    await precompress(path.join(plainDir, file));
  }
  fs.writeFileSync(path.join(plainDir, 'index.html'), PLAIN_VIEWER_HTML);
  fs.writeFileSync(path.join(plainDir, 'viewer.mjs'), PLAIN_VIEWER_MODULE);
  await precompress(path.join(plainDir, 'viewer.mjs'));
  // The same page headers as every page and file of this server (CSP, COOP, CORP...): the baseline is a static URL
  // served by the same server. COOP alone costs a page opened in a fresh tab about 35 ms (a new browsing context
  // group), whichever page it is (docs/decisions/025-reader-first-page.md, the baseline's headers).
  app.bench.use('/bench/plain/*', securityHeaders(false));
  app.bench.use('/bench/plain/*', async (c, next) => {
    await next();
    // What a static server (nginx, Caddy) gives a versioned library file; the page and the PDFs
    // revalidate. serveStatic answers ranges but advertises them only on a 206, and pdf.js decides on
    // the first full response whether to read by ranges.
    c.header('Cache-Control', c.req.path.endsWith('.mjs') ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (c.req.path.endsWith('.pdf')) c.header('Accept-Ranges', 'bytes');
  });
  app.bench.use(
    '/bench/plain/*',
    serveStatic({ root: plainDir, precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/bench\/plain/, '') }),
  );

  const errors: string[] = [];
  const waterfalls: Record<string, unknown> = {};
  const browser = await launchChromium();
  const chromiumVersion = browser.version();
  const tap = await ServiceWorkerTap.open(browser);
  const account = premiumDemoReader(app.demoAccounts);
  let canvasWidth = 0;
  const results: Record<TProfile['name'], { reader: TSeriesRun[]; baseline: TSeriesRun[] }> = {
    unthrottled: { reader: [], baseline: [] },
    phone: { reader: [], baseline: [] },
  };

  const readerSeries = async (profile: TProfile, keepWaterfall: boolean): Promise<TSeriesRun> => {
    const context = await signedInContext(browser, app.baseUrl, account);
    try {
      const run: Partial<TSeriesRun> = {};
      for (const open of OPENS) {
        if (open.name === 'resume') await setSavedPosition(context, app.baseUrl, open.slug, open.page);
        const { waterfall, ...result } = await measureOpen(
          context,
          `/reader/${open.slug}`,
          open.page,
          profile,
          tap,
          errors,
        );
        if (keepWaterfall && (open.name === 'cold' || open.name === 'repeat'))
          waterfalls[`${profile.name} ${open.name}`] = { ms: result.ms, requests: waterfall };
        if (!canvasWidth) canvasWidth = result.canvas.width;
        run[open.name] = result;
      }
      return run as TSeriesRun;
    } finally {
      await context.close();
    }
  };

  const baselineSeries = async (profile: TProfile): Promise<TSeriesRun> => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: VIEWPORT });
    try {
      const run: Partial<TSeriesRun> = {};
      for (const open of OPENS) {
        const url = `/bench/plain/index.html?file=${open.slug}.pdf&page=${open.page}&width=${canvasWidth}`;
        const { waterfall: _waterfall, ...result } = await measureOpen(context, url, open.page, profile, tap, errors);
        run[open.name] = result;
      }
      return run as TSeriesRun;
    } finally {
      await context.close();
    }
  };

  try {
    // Discarded warm-up of both (the server's JIT, the book's first decryptions), which also fixes the
    // baseline's canvas width to the reader's.
    await readerSeries(PROFILES[0], false);
    await baselineSeries(PROFILES[0]);
    for (const profile of PROFILES) {
      for (let round = 0; round < RUNS; round += 1) {
        const reader = () => readerSeries(profile, round === 0);
        const baseline = () => baselineSeries(profile);
        // The order alternates, so neither side always runs on a machine just freed by the other.
        if (round % 2 === 0) {
          results[profile.name].reader.push(await reader());
          results[profile.name].baseline.push(await baseline());
        } else {
          results[profile.name].baseline.push(await baseline());
          results[profile.name].reader.push(await reader());
        }
      }
    }
  } finally {
    await tap.close();
    await browser.close();
    await app.close();
    fs.rmSync(plainDir, { recursive: true, force: true });
  }

  const summarise = (profile: TProfile) =>
    OPENS.map((open) => {
      const { reader, baseline } = results[profile.name];
      const readerMs = round2(median(reader.map((run) => run[open.name].ms)));
      const baselineMs = round2(median(baseline.map((run) => run[open.name].ms)));
      const ratio = round2(readerMs / baselineMs);
      const target = TARGETS[profile.name][open.name];
      const verdicts = [
        ...(target?.ratioAtMost !== undefined
          ? [{ target: `≤ ${target.ratioAtMost}x`, met: ratio <= target.ratioAtMost }]
          : []),
        ...(target?.msBelow !== undefined
          ? [{ target: `< ${target.msBelow} ms`, met: readerMs < target.msBelow }]
          : []),
      ];
      return {
        open: open.name,
        book: open.slug,
        page: open.page,
        readerMs,
        baselineMs,
        ratio,
        readerBytes: median(reader.map((run) => run[open.name].bytes)),
        baselineBytes: median(baseline.map((run) => run[open.name].bytes)),
        readerRequests: median(reader.map((run) => run[open.name].requests)),
        baselineRequests: median(baseline.map((run) => run[open.name].requests)),
        verdicts,
      };
    });

  const summary = {
    machine: { cpus: os.cpus().length, chromium: chromiumVersion },
    webBuiltAt: app.webBuiltAt,
    books: booksPrepared,
    viewport: VIEWPORT,
    canvasWidth,
    runs: RUNS,
    profiles: PROFILES,
    table: Object.fromEntries(PROFILES.map((profile) => [profile.name, summarise(profile)])),
    raw: results,
    // GET /api/progress/:book answers 404 while a book has no saved position: the reader expects it.
    pageErrors: summariseErrors(errors.filter((line) => !/^HTTP 404 GET \/api\/progress\//.test(line))),
  };
  writeResult('reader', summary);
  writeResult('reader-waterfall', {
    note: 'first measured cold and repeat open of each profile, ms from navigation to the first page drawn',
    ...waterfalls,
  });
  return summary;
}
