/**
 * Issue "Offline devices and sync" figures, in Chromium, against the real app from the production
 * build (see reader-first-page.bench.ts for the server, the sign-in and the first-page detection):
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
 * (b) Opening The Wealth of Nations to its first page from inside the app, as a reader does: the book
 *     page is loaded online, then (for the offline case) the context's network goes off, and "Read
 *     now" is clicked; timed in the page from the click to page 1 rendered (see reader-first-page for
 *     the detection). Three cases: online before the book is downloaded, online after (chunks from
 *     IndexedDB, licence from the server) and offline (stored offline licence and chunks, no server).
 *     A cold offline start (the reader URL loaded with the network already off) is tried once as well
 *     and reported as reached or not, with what the screen showed.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BrowserContext, Page } from '@playwright/test';
import { chunkAad } from '@shared/reader';
import { books } from '../api/src/db/schema';
import { isContentBookSlug, typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { getContentKey } from '../api/src/features/ingest/book-content';
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
  requestTimeline,
  signedInContext,
  startBenchApp,
  summariseErrors,
  WATCH_FIRST_PAGE_SCRIPT,
  type TFirstPageMark,
  type THeapPeaks,
} from './reader-first-page.bench';

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const BOOK_MIB = Number(process.env.BENCH_OFFLINE_BOOK_MIB ?? 20);
const OPEN_SLUG = 'the-wealth-of-nations';
const TARGET_DOWNLOAD_RATIO_AT_LEAST = 0.5;
const STEP_TIMEOUT_MS = 120_000;
const MIB = 1024 * 1024;
/** How long the cold offline start may take before it counts as not reaching the first page. */
const COLD_OFFLINE_WAIT_MS = 20_000;

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
  const plaintexts = await Promise.all(manifest.chunks.map(async (chunk) => {
    const response = await fetch('/api/books/' + encodeURIComponent(manifest.bookId) + '/chunks/' + chunk.index + '?v=' + manifest.version, { credentials: 'same-origin' });
    if (!response.ok) throw new Error('chunk ' + chunk.index + ' answered ' + response.status);
    const ciphertext = await response.arrayBuffer();
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: decodeBase64(chunk.iv), additionalData: encoder.encode(aads[chunk.index]), tagLength: 128 },
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

async function rawDownload(context: BrowserContext, book: TDownloadBook, errors: string[]): Promise<{ ms: number; bytes: number }> {
  const page = await context.newPage();
  collectPageErrors(page, errors);
  try {
    await page.goto('/bench/raw-download.html');
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true, undefined, { timeout: STEP_TIMEOUT_MS });
    const aads = Array.from({ length: book.chunkCount }, (_, index) => chunkAad(book.id, book.version, index));
    const result = await page.evaluate(
      (input) =>
        (window as unknown as { benchRawDownload: (input: unknown) => Promise<{ ms: number; bytes: number }> }).benchRawDownload(input),
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

interface TInAppOpen {
  fromClickMs: number;
  /** Whether the open asked the server for a loan (an offline open must not). */
  madeLoanRequest: boolean;
  watermark: boolean;
  heapToFirstPage: THeapPeaks;
  /** Requests between the click and the first page, relative to the click. */
  timeline: string[];
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

/**
 * The book page loaded online, then "Read now" clicked and timed to page 1. `reopen`: the book is
 * first opened (online, untimed) and closed again with the browser's Back in the same tab, as a reader
 * who loses the connection while reading does; then the network goes off (when `offline`) and the
 * timed open starts. Without `reopen` the timed open is the tab's first.
 */
async function inAppOpen(
  context: BrowserContext,
  slug: string,
  options: { offline: boolean; reopen: boolean; timeoutMs?: number },
  errors: string[],
): Promise<TInAppOpen> {
  const page = await context.newPage();
  const label = `${options.offline ? 'offline' : 'online'} ${options.reopen ? 're-open' : 'open'} of ${slug}`;
  collectPageErrors(page, errors);
  try {
    await page.addInitScript(WATCH_FIRST_PAGE_SCRIPT);
    await page.goto(`/book/${slug}`);
    const readNow = page.getByRole('link', { name: 'Read now' });
    await readNow.waitFor({ timeout: STEP_TIMEOUT_MS });
    if (options.reopen) {
      await page.evaluate(CLICK_READ_NOW);
      await page.waitForFunction(firstPageShown, undefined, { timeout: STEP_TIMEOUT_MS });
      await page.goBack();
      await readNow.waitFor({ timeout: STEP_TIMEOUT_MS });
    }
    if (options.offline) {
      await context.setOffline(true);
      await page.waitForFunction(() => navigator.onLine === false);
    }
    const sampler = await HeapSampler.attach(context, page);
    await sampler.collectGarbage();
    sampler.start();
    const loansBefore = (await resourceCount(page, '/api/loans')) ?? 0;
    const clickedAt = (await page.evaluate(CLICK_READ_NOW)) as number;
    try {
      await page.waitForFunction(firstPageShown, undefined, { timeout: options.timeoutMs ?? STEP_TIMEOUT_MS });
    } catch (error) {
      await sampler.stop();
      throw new OpenNotReached(`${label} did not reach page 1 within ${options.timeoutMs ?? STEP_TIMEOUT_MS} ms: ${await describeReaderState(page)}`, { cause: error });
    }
    const heapToFirstPage = await sampler.stop();
    const mark = await page.evaluate(() => (window as unknown as { __benchFirstPage: TFirstPageMark }).__benchFirstPage);
    return {
      fromClickMs: round2(mark.at - clickedAt),
      madeLoanRequest: (await resourceCount(page, '/api/loans')) > loansBefore,
      watermark: mark.watermark,
      heapToFirstPage,
      timeline: await requestTimeline(page, clickedAt, mark.at),
    };
  } finally {
    await page.close();
    if (options.offline) await context.setOffline(false);
  }
}

class OpenNotReached extends Error {}

/** How many requests to a path the page has made (resource timing). */
async function resourceCount(page: Page, pathSuffix: string): Promise<number> {
  return page.evaluate(
    (suffix) => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith(suffix)).length,
    pathSuffix,
  );
}

/** One attempt that may not reach the first page: the figure, or what the screen showed instead. */
async function attemptOpen(context: BrowserContext, slug: string, options: { offline: boolean; reopen: boolean }, errors: string[]) {
  const pageErrors: string[] = [];
  try {
    const run = await inAppOpen(context, slug, { ...options, timeoutMs: COLD_OFFLINE_WAIT_MS }, pageErrors);
    return { reached: true as const, fromClickMs: run.fromClickMs, screen: null };
  } catch (error) {
    if (!(error instanceof OpenNotReached)) throw error;
    return { reached: false as const, fromClickMs: null, waitedMs: COLD_OFFLINE_WAIT_MS, screen: error.message };
  } finally {
    // Offline, every API call fails by design; only other errors are worth listing.
    errors.push(...pageErrors.filter((line) => !line.startsWith('HTTP') && !line.includes('ERR_INTERNET_DISCONNECTED')));
  }
}

/** The reader URL loaded with the network already off (an installed app started offline): reached page 1 or not. */
async function coldOfflineStart(context: BrowserContext, slug: string, errors: string[]) {
  await context.setOffline(true);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  collectPageErrors(page, pageErrors);
  try {
    await page.addInitScript(WATCH_FIRST_PAGE_SCRIPT);
    await page.goto(`/reader/${slug}?page=1`);
    const reached = await page
      .waitForFunction(() => (window as unknown as { __benchFirstPage?: unknown }).__benchFirstPage !== undefined, undefined, { timeout: COLD_OFFLINE_WAIT_MS })
      .then(() => true, () => false);
    const mark = reached ? await page.evaluate(() => (window as unknown as { __benchFirstPage: TFirstPageMark }).__benchFirstPage) : null;
    const result = { reached, fromNavigationMs: mark ? round2(mark.at) : null, waitedMs: COLD_OFFLINE_WAIT_MS, screen: reached ? null : await describeReaderState(page) };
    // Offline, every API call fails by design; only other errors are worth listing.
    errors.push(...pageErrors.filter((line) => !line.startsWith('HTTP')));
    return result;
  } finally {
    await page.close();
    await context.setOffline(false);
  }
}

function openSummary(runs: TInAppOpen[]) {
  return {
    medianFromClickMs: medianOf(runs.map((run) => run.fromClickMs)),
    medianPeakJsHeapMiB: medianOf(runs.map((run) => run.heapToFirstPage.totalMiB)),
    runs,
  };
}

export async function benchOffline() {
  const downloadBooks: TDownloadBook[] = [];
  let openBookPages = 0;
  const app = await startBenchApp({
    name: 'offline',
    prepare: async (deps) => {
      const typeset = await typesetContentBook(OPEN_SLUG);
      const openBook = deps.db.select({ id: books.id }).from(books).where(eq(books.slug, OPEN_SLUG)).get();
      if (!openBook) throw new Error(`the demo seed has no ${OPEN_SLUG}`);
      openBookPages = (await ingestBookPdf({ deps, bookId: openBook.id, pdf: typeset.bytes, source: 'seed' })).asset.pageCount;

      // One fresh book per round (and one for the warm-up): the generated catalogue books.
      const candidates = deps.db.select({ id: books.id, slug: books.slug }).from(books).orderBy(books.slug).all();
      const picked = candidates.filter((book) => !isContentBookSlug(book.slug)).slice(0, RUNS + 1);
      if (picked.length < RUNS + 1) throw new Error(`only ${picked.length} generated books to download`);
      for (const book of picked) {
        const pdf = await bigBookPdf(BOOK_MIB, `Benchmark download ${book.slug}`);
        const { asset } = await ingestBookPdf({ deps, bookId: book.id, pdf, source: 'cli', renderCover: false });
        const key = await getContentKey({ deps, bookId: book.id, version: asset.version });
        downloadBooks.push({ id: book.id, slug: book.slug, version: asset.version, bytes: asset.sizeBytes, chunkCount: asset.chunkCount, keyBase64: key.toString('base64') });
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
    const openPath = `/reader/${OPEN_SLUG}?page=1`;

    // Warm-up (discarded): registers the browser's device key, installs the service worker, warms pdf.js.
    await measureReaderOpen(reader, openPath, errors);
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

    // (b) opening to the first page from the book page: online before the download, download through
    // the UI, then online and offline, first in a fresh tab and as a re-open in the same tab.
    const onlineBefore: TInAppOpen[] = [];
    for (let round = 0; round < RUNS; round += 1) onlineBefore.push(await inAppOpen(reader, OPEN_SLUG, { offline: false, reopen: false }, errors));
    const openBookPage = await openBookPageWithDownloadButton(reader, OPEN_SLUG, errors);
    const openBookDownloadMs = round2(((await openBookPage.evaluate(CLICK_DOWNLOAD_AND_WAIT)) as { ms: number }).ms);
    await openBookPage.close();
    const onlineAfter: TInAppOpen[] = [];
    const onlineReopen: TInAppOpen[] = [];
    const offlineReopen: TInAppOpen[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      onlineAfter.push(await inAppOpen(reader, OPEN_SLUG, { offline: false, reopen: false }, errors));
      onlineReopen.push(await inAppOpen(reader, OPEN_SLUG, { offline: false, reopen: true }, errors));
      offlineReopen.push(await inAppOpen(reader, OPEN_SLUG, { offline: true, reopen: true }, errors));
    }
    if (offlineReopen.some((run) => run.madeLoanRequest)) throw new Error('an offline open asked the server for a loan');
    const offlineFirstOpen = await attemptOpen(reader, OPEN_SLUG, { offline: true, reopen: false }, errors);
    const coldOffline = await coldOfflineStart(reader, OPEN_SLUG, errors);
    await reader.close();
    await raw.close();

    const online = openSummary(onlineBefore);
    const onlineDownloaded = openSummary(onlineAfter);
    const reopenOnline = openSummary(onlineReopen);
    const reopenOffline = openSummary(offlineReopen);
    const summary = {
      machine: { cpus: os.cpus().length, chromium: browser.version() },
      webBuiltAt: app.webBuiltAt,
      runs: RUNS,
      download: {
        book: { mib: mibOf(storedBytes), chunks: downloadBooks[0].chunkCount },
        app: { medianMs: appMedian, mibPerSecond: round2(mibOf(storedBytes) / (appMedian / 1000)), runsMs: appMs },
        raw: { medianMs: rawMedian, mibPerSecond: round2(mibOf(rawBytes) / (rawMedian / 1000)), runsMs: rawMs, plaintextMiB: mibOf(rawBytes) },
        throughputRatio: round2(rawMedian / appMedian),
        targets: { throughputRatioAtLeast: TARGET_DOWNLOAD_RATIO_AT_LEAST },
      },
      open: {
        book: { slug: OPEN_SLUG, pages: openBookPages, downloadThroughUiMs: openBookDownloadMs },
        firstOpenInTab: { online, onlineDownloaded, offline: offlineFirstOpen },
        reopenInTab: { online: reopenOnline, offline: reopenOffline, offlineOverOnline: round2(reopenOffline.medianFromClickMs / reopenOnline.medianFromClickMs) },
        coldOffline,
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
