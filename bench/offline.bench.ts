/**
 * Benchmark figures, in Chromium, against the real app from the production
 * build (see browser-app.ts for the server, the sign-in and the first-page detection):
 *
 * (a) Download-and-store of a 20 MiB book through the app's download manager, started from the UI
 *     (the book page's "Download for offline" button; the browser is first registered for offline
 *     reading on /devices, through its form), timed in the page from the click to the control's
 *     data-state="complete" (the manager has committed manifest and licence after every chunk).
 *     Baseline, in the same browser (its own context, signed in as the same reader, no service
 *     worker): a raw page fetches the same encrypted chunks from the same endpoint all at once,
 *     decrypts each with WebCrypto (the content key handed over by this process, the chunk AAD from
 *     shared/reader) and writes the plaintext in one IndexedDB transaction; timed from the first fetch
 *     to the transaction's complete event. The manifest, key import and fresh database are untimed.
 *     Each round uses a book neither side has fetched (chunks are HTTP-cacheable for a year), and the
 *     order alternates. Reported as throughput ratio (baseline time / app time); target ≥ 0.5x.
 * (b) Opening The Wealth of Nations (1,189 pages) to its first page in three states: online before it
 *     is downloaded, online after (chunks from IndexedDB, licence from the server) and offline (the
 *     context's network off: stored offline licence and chunks, no server). Two ways, RUNS each:
 *     - start: the reader URL loaded in a fresh tab (offline: the installed app started with no
 *       network, shell from the service worker), timed from navigation start, the one marker an
 *       offline open shares with an online one; the headline ratio is offline over online (not
 *       downloaded);
 *     - from the book page: loaded online (then the network goes off for the offline case), "Read
 *       now" clicked, timed in the page from the click.
 *     Page 1 is detected as in browser-app.ts. An offline open that does not reach page 1 within
 *     OPEN_WAIT_MS is reported with what the screen showed instead of a figure.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BrowserContext, Page } from '@playwright/test';
import { chunkAad } from '@shared/reader';
import { books } from '../api/src/db/schema';
import { isContentBookSlug, typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { getContentKey } from '../api/src/features/content-access/book-content';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { round2, writeResult } from './lib';
import {
  collectPageErrors,
  describeReaderState,
  HeapSampler,
  launchChromium,
  measureReaderOpen,
  median,
  premiumDemoReader,
  openRequestStart,
  signedInContext,
  startBenchApp,
  summariseErrors,
  WATCH_FIRST_PAGE_SCRIPT,
  type TFirstPageMark,
} from './browser-app';

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const BOOK_MIB = Number(process.env.BENCH_OFFLINE_BOOK_MIB ?? 20);
const OPEN_SLUG = 'the-wealth-of-nations';
const TARGET_DOWNLOAD_RATIO_AT_LEAST = 0.5;
const STEP_TIMEOUT_MS = 120_000;
const MIB = 1024 * 1024;
/** How long an open may take before it counts as not reaching the first page. */
const OPEN_WAIT_MS = 30_000;

interface TDownloadBook {
  id: string;
  slug: string;
  version: number;
  bytes: number;
  chunkCount: number;
  /** The raw content key, base64 (for the baseline page only). */
  keyBase64: string;
}

/** A one-page PDF carrying `mib` MiB of incompressible data, so the stored book really is that big. */
async function bigBookPdf(mib: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([432, 648]);
  page.drawText(title, { x: 54, y: 580, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  await doc.attach(randomBytes(mib * MIB), 'payload.bin', { mimeType: 'application/octet-stream' });
  return doc.save({ useObjectStreams: false });
}

const RAW_DOWNLOAD_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>raw fetch, decrypt and store (baseline)</title></head>
<body>
<script type="module">
const decodeBase64 = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const request = (idb) => new Promise((resolve, reject) => { idb.onsuccess = () => resolve(idb.result); idb.onerror = () => reject(idb.error); });
window.benchRawDownload = async ({ bookId, keyBase64, aads }) => {
  // Untimed: the manifest (IVs), the key and an empty database.
  const manifest = await (await fetch('/api/books/' + encodeURIComponent(bookId) + '/manifest', { credentials: 'same-origin' })).json();
  const key = await crypto.subtle.importKey('raw', decodeBase64(keyBase64), 'AES-GCM', false, ['decrypt']);
  await request(indexedDB.deleteDatabase('wb-bench-raw'));
  const opening = indexedDB.open('wb-bench-raw', 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore('chunks');
  const db = await request(opening);
  const encoder = new TextEncoder();

  const started = performance.now();
  // A compact manifest lists no segments: each IV is the index as a 64-bit big-endian counter (shared/reader.ts segmentCounterIv).
  const counterIv = (index) => { const iv = new Uint8Array(12); new DataView(iv.buffer).setUint32(8, index); return iv; };
  const segments = manifest.chunks ?? Array.from({ length: manifest.chunkCount }, (_, index) => ({ index, iv: counterIv(index) }));
  const plaintexts = await Promise.all(segments.map(async (chunk) => {
    const response = await fetch('/api/books/' + encodeURIComponent(manifest.bookId) + '/chunks/' + chunk.index + '?v=' + manifest.version, { credentials: 'same-origin' });
    if (!response.ok) throw new Error('chunk ' + chunk.index + ' answered ' + response.status);
    const ciphertext = await response.arrayBuffer();
    const iv = typeof chunk.iv === 'string' ? decodeBase64(chunk.iv) : chunk.iv;
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(aads[chunk.index]), tagLength: 128 },
      key,
      ciphertext,
    );
    return { index: chunk.index, plaintext };
  }));
  await new Promise((resolve, reject) => {
    const transaction = db.transaction('chunks', 'readwrite');
    const store = transaction.objectStore('chunks');
    for (const { index, plaintext } of plaintexts) store.put(plaintext, index);
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
  const ms = performance.now() - started;
  db.close();
  return { ms, bytes: plaintexts.reduce((sum, { plaintext }) => sum + plaintext.byteLength, 0), chunks: plaintexts.length };
};
window.benchReady = true;
</script>
</body>
</html>
`;

/**
 * Clicks the book page's "Download for offline" inside the page and resolves when its control says
 * complete: a string, not a function, so tsx's name-keeping helpers stay out of the page.
 */
const CLICK_DOWNLOAD_AND_WAIT = `(async () => {
  const control = () => document.querySelector('[data-testid="download-for-offline"]');
  const button = [...control().querySelectorAll('button')].find((candidate) => candidate.textContent.includes('Download for offline'));
  if (!button) throw new Error('no "Download for offline" button');
  return await new Promise((resolve, reject) => {
    let started = 0;
    const observer = new MutationObserver(() => {
      const state = control()?.getAttribute('data-state');
      if (state === 'complete') {
        observer.disconnect();
        resolve({ ms: performance.now() - started });
      } else if (state === 'error') {
        observer.disconnect();
        reject(new Error('the download failed: ' + control().textContent));
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    started = performance.now();
    button.click();
  });
})()`;

async function openBookPageWithDownloadButton(context: BrowserContext, slug: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  await page.goto(`/book/${slug}`);
  await page.getByRole('button', { name: 'Download for offline' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  return page;
}

async function appDownload(context: BrowserContext, book: TDownloadBook, errors: string[]): Promise<number> {
  const page = await openBookPageWithDownloadButton(context, book.slug, errors);
  try {
    const result = (await page.evaluate(CLICK_DOWNLOAD_AND_WAIT)) as { ms: number };
    return round2(result.ms);
  } finally {
    await page.close();
  }
}

async function rawDownload(
  context: BrowserContext,
  book: TDownloadBook,
  errors: string[],
): Promise<{ ms: number; bytes: number }> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  try {
    await page.goto('/bench/raw-download.html');
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true, undefined, {
      timeout: STEP_TIMEOUT_MS,
    });
    const aads = Array.from({ length: book.chunkCount }, (_, index) => chunkAad(book.id, book.version, index));
    const result = await page.evaluate(
      (input) =>
        (
          window as unknown as { benchRawDownload: (input: unknown) => Promise<{ ms: number; bytes: number }> }
        ).benchRawDownload(input),
      { bookId: book.id, keyBase64: book.keyBase64, aads },
    );
    return { ms: round2(result.ms), bytes: result.bytes };
  } finally {
    await page.close();
  }
}

/** Registers this browser for offline reading through /devices' form, as a reader would. */
async function registerBrowserForOffline(context: BrowserContext, errors: string[]): Promise<void> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  try {
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Register this browser' }).click({ timeout: STEP_TIMEOUT_MS });
    await page.getByText('This browser is registered').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  } finally {
    await page.close();
  }
}

const medianOf = (values: number[]) => round2(median(values));

interface TOpenRun {
  ms: number;
  peakJsHeapMiB: number;
  /** Whether the open asked the server for a loan (an offline open must not). */
  madeLoanRequest: boolean;
}

/** Re-arms the first-page watch and clicks the book page's "Read now"; performance.now() at the click (a string: see above). */
const CLICK_READ_NOW = `(() => {
  const link = [...document.querySelectorAll('a')].find((candidate) => candidate.textContent.trim() === 'Read now');
  if (!link) throw new Error('no "Read now" link');
  window.__benchArmFirstPage();
  const at = performance.now();
  link.click();
  return at;
})()`;

const firstPageShown = () => (window as unknown as { __benchFirstPage?: unknown }).__benchFirstPage !== undefined;

/** The reader URL loaded in a fresh tab (with the network off when `offline`), timed from navigation start. */
async function startOpen(context: BrowserContext, slug: string, offline: boolean, errors: string[]): Promise<TOpenRun> {
  if (offline) await context.setOffline(true);
  try {
    const open = await measureReaderOpen(context, `/reader/${slug}?page=1`, errors, { timeoutMs: OPEN_WAIT_MS });
    return {
      ms: open.fromNavigationMs,
      peakJsHeapMiB: open.heapToFirstPage.totalMiB,
      madeLoanRequest: open.loanRequestStartMs !== null,
    };
  } finally {
    if (offline) await context.setOffline(false);
  }
}

/** The book page loaded online; the network off when `offline`; "Read now" clicked and timed to page 1. */
async function bookPageOpen(
  context: BrowserContext,
  slug: string,
  offline: boolean,
  errors: string[],
): Promise<TOpenRun> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  try {
    await page.addInitScript(WATCH_FIRST_PAGE_SCRIPT);
    await page.goto(`/book/${slug}`);
    await page.getByRole('link', { name: 'Read now' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    if (offline) {
      await context.setOffline(true);
      await page.waitForFunction(() => navigator.onLine === false);
    }
    const sampler = await HeapSampler.attach(context, page);
    await sampler.collectGarbage();
    sampler.start();
    const clickedAt = (await page.evaluate(CLICK_READ_NOW)) as number;
    try {
      await page.waitForFunction(firstPageShown, undefined, { timeout: OPEN_WAIT_MS });
    } catch (error) {
      await sampler.stop();
      throw new Error(`page 1 was not shown within ${OPEN_WAIT_MS} ms: ${await describeReaderState(page)}`, {
        cause: error,
      });
    }
    const heap = await sampler.stop();
    const mark = await page.evaluate(
      () => (window as unknown as { __benchFirstPage: TFirstPageMark }).__benchFirstPage,
    );
    return {
      ms: round2(mark.at - clickedAt),
      peakJsHeapMiB: heap.totalMiB,
      madeLoanRequest: (await openRequestStart(page)) !== null,
    };
  } finally {
    await page.close();
    if (offline) await context.setOffline(false);
  }
}

/** Runs of one open; the first failure ends the series and is reported instead of a figure. */
class OpenSeries {
  readonly runs: TOpenRun[] = [];
  blocked: string | null = null;

  async add(run: () => Promise<TOpenRun>): Promise<void> {
    if (this.blocked) return;
    try {
      this.runs.push(await run());
    } catch (error) {
      this.blocked = error instanceof Error ? error.message : String(error);
    }
  }

  summary() {
    return {
      medianMs: this.runs.length > 0 ? medianOf(this.runs.map((run) => run.ms)) : null,
      medianPeakJsHeapMiB: this.runs.length > 0 ? medianOf(this.runs.map((run) => run.peakJsHeapMiB)) : null,
      runsMs: this.runs.map((run) => run.ms),
      madeLoanRequest: this.runs.some((run) => run.madeLoanRequest),
      blocked: this.blocked,
    };
  }
}

const ratioOf = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(a / b));

export async function benchOffline() {
  const downloadBooks: TDownloadBook[] = [];
  let openBookPages = 0;
  const app = await startBenchApp({
    name: 'offline',
    prepare: async (deps) => {
      const typeset = await typesetContentBook(OPEN_SLUG);
      const openBook = deps.db.select({ id: books.id }).from(books).where(eq(books.slug, OPEN_SLUG)).get();
      if (!openBook) throw new Error(`the demo seed has no ${OPEN_SLUG}`);
      openBookPages = (await ingestBookPdf({ deps, bookId: openBook.id, pdf: typeset.bytes, source: 'seed' })).asset
        .pageCount;

      // One fresh book per round (and one for the warm-up): the generated catalogue books.
      const candidates = deps.db.select({ id: books.id, slug: books.slug }).from(books).orderBy(books.slug).all();
      const picked = candidates.filter((book) => !isContentBookSlug(book.slug)).slice(0, RUNS + 1);
      if (picked.length < RUNS + 1) throw new Error(`only ${picked.length} generated books to download`);
      for (const book of picked) {
        const pdf = await bigBookPdf(BOOK_MIB, `Benchmark download ${book.slug}`);
        const { asset } = await ingestBookPdf({ deps, bookId: book.id, pdf, source: 'cli', renderCover: false });
        const key = await getContentKey({ deps, bookId: book.id, version: asset.version });
        downloadBooks.push({
          id: book.id,
          slug: book.slug,
          version: asset.version,
          bytes: asset.sizeBytes,
          chunkCount: asset.chunkCount,
          keyBase64: key.toString('base64'),
        });
      }
    },
  });
  app.bench.get('/bench/raw-download.html', (c) => c.html(RAW_DOWNLOAD_HTML, 200, { 'Cache-Control': 'no-store' }));

  const errors: string[] = [];
  const browser = await launchChromium();
  try {
    const account = premiumDemoReader(app.demoAccounts);
    const reader = await signedInContext(browser, app.baseUrl, account);
    const raw = await signedInContext(browser, app.baseUrl, account);
    // Warm-up (discarded): registers the browser's device key, installs the service worker, warms pdf.js.
    await measureReaderOpen(reader, `/reader/${OPEN_SLUG}?page=1`, errors);
    await registerBrowserForOffline(reader, errors);

    // (a) download-and-store, one fresh book per round; the first round is a discarded warm-up.
    const appMs: number[] = [];
    const rawMs: number[] = [];
    let rawBytes = 0;
    for (let round = 0; round <= RUNS; round += 1) {
      const book = downloadBooks[round];
      const runApp = () => appDownload(reader, book, errors);
      const runRaw = async () => {
        const result = await rawDownload(raw, book, errors);
        rawBytes = result.bytes;
        return result.ms;
      };
      let pair: [number, number];
      if (round % 2 === 0) {
        const appResult = await runApp();
        pair = [appResult, await runRaw()];
      } else {
        const rawResult = await runRaw();
        pair = [await runApp(), rawResult];
      }
      if (round === 0) continue;
      appMs.push(pair[0]);
      rawMs.push(pair[1]);
    }
    const appMedian = medianOf(appMs);
    const rawMedian = medianOf(rawMs);
    const mibOf = (bytes: number) => round2(bytes / MIB);
    const storedBytes = downloadBooks[0].bytes;

    // (b) opening to the first page: online, download through the UI, then online and offline in turn.
    const series = () => ({ online: new OpenSeries(), onlineDownloaded: new OpenSeries(), offline: new OpenSeries() });
    const start = series();
    const fromBookPage = series();
    for (let round = 0; round < RUNS; round += 1) {
      await start.online.add(() => startOpen(reader, OPEN_SLUG, false, errors));
      await fromBookPage.online.add(() => bookPageOpen(reader, OPEN_SLUG, false, errors));
    }
    const openBookPage = await openBookPageWithDownloadButton(reader, OPEN_SLUG, errors);
    const openBookDownloadMs = round2(((await openBookPage.evaluate(CLICK_DOWNLOAD_AND_WAIT)) as { ms: number }).ms);
    await openBookPage.close();
    // Offline, every API call fails by design: those failures are not listed.
    const offlineErrors: string[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      await start.onlineDownloaded.add(() => startOpen(reader, OPEN_SLUG, false, errors));
      await start.offline.add(() => startOpen(reader, OPEN_SLUG, true, offlineErrors));
      await fromBookPage.onlineDownloaded.add(() => bookPageOpen(reader, OPEN_SLUG, false, errors));
      await fromBookPage.offline.add(() => bookPageOpen(reader, OPEN_SLUG, true, offlineErrors));
    }
    errors.push(
      ...offlineErrors.filter((line) => !line.startsWith('HTTP') && !line.includes('ERR_INTERNET_DISCONNECTED')),
    );
    await reader.close();
    await raw.close();
    const openSummary = (three: ReturnType<typeof series>) => {
      const online = three.online.summary();
      const onlineDownloaded = three.onlineDownloaded.summary();
      const offline = three.offline.summary();
      if (offline.madeLoanRequest) throw new Error('an offline open asked the server for a loan');
      return {
        online,
        onlineDownloaded,
        offline,
        offlineOverOnline: ratioOf(offline.medianMs, online.medianMs),
        offlineOverOnlineDownloaded: ratioOf(offline.medianMs, onlineDownloaded.medianMs),
      };
    };

    const summary = {
      machine: { cpus: os.cpus().length, chromium: browser.version() },
      webBuiltAt: app.webBuiltAt,
      runs: RUNS,
      download: {
        book: { mib: mibOf(storedBytes), chunks: downloadBooks[0].chunkCount },
        app: { medianMs: appMedian, mibPerSecond: round2(mibOf(storedBytes) / (appMedian / 1000)), runsMs: appMs },
        raw: {
          medianMs: rawMedian,
          mibPerSecond: round2(mibOf(rawBytes) / (rawMedian / 1000)),
          runsMs: rawMs,
          plaintextMiB: mibOf(rawBytes),
        },
        throughputRatio: round2(rawMedian / appMedian),
        targets: { throughputRatioAtLeast: TARGET_DOWNLOAD_RATIO_AT_LEAST },
      },
      open: {
        book: { slug: OPEN_SLUG, pages: openBookPages, downloadThroughUiMs: openBookDownloadMs },
        waitMs: OPEN_WAIT_MS,
        startFromNavigation: openSummary(start),
        fromBookPageClick: openSummary(fromBookPage),
      },
      pageErrors: summariseErrors(errors),
    };
    writeResult('offline', summary);
    return summary;
  } finally {
    await browser.close();
    await app.close();
  }
}
