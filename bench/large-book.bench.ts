/**
 * `npm run bench large`: a 300 MB book opens as fast as a 3 MB one (docs/decisions/016-small-segments-and-range-reading.md).
 *
 * Two books are generated with pdf-lib (not committed) and ingested into the bench app (browser-app.ts):
 * the same page layout (a heading, a paragraph and an incompressible ~100 KB greyscale image per page),
 * BENCH_LARGE_PAGES pages (3,000: about 300 MB) and 30 pages (about 3 MB). Each run opens one of them
 * cold in a fresh browser context (empty cache, no device key, no service worker) signed in as the
 * Premium demo reader: navigation to page 1 drawn (canvas and pdf.js page view finished, or the reader's
 * watermark on it; browser-app.ts), and the bytes over the wire up to then (CDP encodedDataLength),
 * with the chunk requests apart. Unthrottled and on the phone profile (150 ms round trip, 1.6 Mbit/s
 * down, 4x CPU slowdown); medians of BENCH_READER_RUNS (7) runs, small and large alternating. The ratio
 * large / small is the figure; the target is at most 1.5x on the phone profile.
 *
 * BENCH_LARGE_CPU_PROFILE=1 also records the page's main thread (CDP Profiler) during the first phone-profile
 * open of each book, writes it to bench/results/large-book-<book>.cpuprofile (open it in Chrome's DevTools)
 * and reports the functions with the most self time: what an open does per page shows up there.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  PDFDocument,
  type PDFName,
  StandardFonts,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  concatTransformationMatrix,
} from 'pdf-lib';
import type { Browser } from '@playwright/test';
import { books } from '../api/src/db/schema';
import { isContentBookSlug } from '../api/src/db/seed/book-pdfs';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { round2, writeResult } from './lib';
import {
  collectPageErrors,
  describeReaderState,
  launchChromium,
  median,
  openSettledTab,
  premiumDemoReader,
  signedInContext,
  startBenchApp,
  summariseErrors,
  WATCH_FIRST_PAGE_SCRIPT,
  type TFirstPageMark,
} from './browser-app';

const RUNS = Number(process.env.BENCH_READER_RUNS ?? 7);
const LARGE_PAGES = Number(process.env.BENCH_LARGE_PAGES ?? 3000);
const SMALL_PAGES = 30;
const IMAGE_SIDE = 316; // 316 x 316 greyscale bytes: about 100 KB per page
const OPEN_TIMEOUT_MS = 180_000;
const MIB = 1024 * 1024;
const TARGET_PHONE_RATIO_AT_MOST = 1.5;
const CPU_PROFILE = process.env.BENCH_LARGE_CPU_PROFILE === '1';
const RESULTS_DIR = path.resolve(import.meta.dirname, 'results');

interface TCpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time in a CPU profile (ms), named by function, file and line. */
function topSelfTime(profile: TCpuProfile, count = 15): { fn: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, ms]) => ({ fn, ms: round2(ms) }));
}

const PROFILES = [
  { name: 'unthrottled', network: null, cpuSlowdown: 1 },
  { name: 'phone', network: { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 }, cpuSlowdown: 4 },
] as const;
type TProfile = (typeof PROFILES)[number];

/** `pages` pages of text and an incompressible image each: a book whose size grows with its page count. */
export async function pagedBookPdf(pages: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let number = 1; number <= pages; number += 1) {
    const page = doc.addPage([432, 648]);
    page.drawText(`${title}: page ${number}`, { x: 54, y: 590, size: 16, font });
    page.drawText(`This page ${number} of ${pages} carries a plate of noise below, as a scanned book would.`, {
      x: 54,
      y: 560,
      size: 10,
      font,
    });
    const image = doc.context.stream(randomBytes(IMAGE_SIDE * IMAGE_SIDE), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: IMAGE_SIDE,
      Height: IMAGE_SIDE,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
    });
    const name = page.node.newXObject('Plate', doc.context.register(image));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(324, 0, 0, 324, 54, 150),
      drawObject(name as PDFName),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: true });
}

interface TOpen {
  /** Top self-time functions of the main thread, when this open was profiled. */
  cpuTop?: { fn: string; ms: number }[];
  ms: number;
  bytes: number;
  chunkRequests: number;
  chunkBytes: number;
}

async function coldOpen(
  browser: Browser,
  baseUrl: string,
  account: ReturnType<typeof premiumDemoReader>,
  slug: string,
  profile: TProfile,
  errors: string[],
  cpuProfileName: string | null = null,
): Promise<TOpen> {
  const context = await signedInContext(browser, baseUrl, account);
  try {
    const page = await openSettledTab(context);
    collectPageErrors(page, errors);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const network = profile.network;
    await cdp.send(
      'Network.emulateNetworkConditions',
      network
        ? {
            offline: false,
            latency: network.latencyMs,
            downloadThroughput: (network.downloadKbps * 1000) / 8,
            uploadThroughput: (network.uploadKbps * 1000) / 8,
          }
        : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const urls = new Map<string, string>();
    const finished: { url: string; bytes: number }[] = [];
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event) =>
      finished.push({ url: urls.get(event.requestId) ?? '', bytes: event.encodedDataLength }),
    );
    await page.addInitScript(WATCH_FIRST_PAGE_SCRIPT);
    if (cpuProfileName) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`/reader/${slug}?page=1`);
    try {
      await page.waitForFunction(
        () => (window as unknown as { __benchFirstPage?: unknown }).__benchFirstPage !== undefined,
        undefined,
        {
          timeout: OPEN_TIMEOUT_MS,
        },
      );
    } catch (error) {
      throw new Error(`page 1 of ${slug} was not drawn: ${await describeReaderState(page)}`, { cause: error });
    }
    const mark = await page.evaluate(
      () => (window as unknown as { __benchFirstPage: TFirstPageMark }).__benchFirstPage,
    );
    const chunks = finished.filter((request) => /\/api\/books\/[^/]+\/chunks/.test(request.url));
    let cpuTop: TOpen['cpuTop'];
    if (cpuProfileName) {
      const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: TCpuProfile };
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(RESULTS_DIR, `${cpuProfileName}.cpuprofile`), JSON.stringify(cpu));
      cpuTop = topSelfTime(cpu);
    }
    return {
      cpuTop,
      ms: round2(mark.at),
      bytes: finished.reduce((sum, request) => sum + request.bytes, 0),
      chunkRequests: chunks.length,
      chunkBytes: chunks.reduce((sum, request) => sum + request.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

function summary(opens: TOpen[]) {
  return {
    medianMs: round2(median(opens.map((open) => open.ms))),
    medianKiB: Math.round(median(opens.map((open) => open.bytes)) / 1024),
    chunkRequests: median(opens.map((open) => open.chunkRequests)),
    chunkKiB: Math.round(median(opens.map((open) => open.chunkBytes)) / 1024),
    runsMs: opens.map((open) => open.ms),
  };
}

export async function benchLargeBook() {
  const made: Record<
    'small' | 'large',
    { slug: string; bytes: number; pages: number; chunks: number; chunkSize: number }
  > = {} as never;
  const app = await startBenchApp({
    name: 'large-book',
    prepare: async (deps) => {
      // The generated catalogue books are stand-ins: their content is replaced by the two test books.
      const [small, large] = deps.db
        .select({ id: books.id, slug: books.slug })
        .from(books)
        .orderBy(books.slug)
        .all()
        .filter((book) => !isContentBookSlug(book.slug));
      const roomy = { ...deps, env: { ...deps.env, MAX_PDF_BYTES: 1024 * MIB } };
      for (const [label, book, pages] of [
        ['small', small, SMALL_PAGES],
        ['large', large, LARGE_PAGES],
      ] as const) {
        const pdf = await pagedBookPdf(pages, `Benchmark ${label} book`);
        const { asset } = await ingestBookPdf({ deps: roomy, bookId: book.id, pdf, source: 'cli', renderCover: false });
        made[label] = {
          slug: book.slug,
          bytes: asset.sizeBytes,
          pages: asset.pageCount,
          chunks: asset.chunkCount,
          chunkSize: asset.chunkSize,
        };
      }
    },
  });
  const errors: string[] = [];
  const browser = await launchChromium();
  try {
    const account = premiumDemoReader(app.demoAccounts);
    // Warm-up (discarded): the server's caches and the first Chromium start.
    await coldOpen(browser, app.baseUrl, account, made.small.slug, PROFILES[0], errors);
    const table = [];
    const cpuProfiles: Record<string, TOpen['cpuTop']> = {};
    for (const profile of PROFILES) {
      const opens: Record<'small' | 'large', TOpen[]> = { small: [], large: [] };
      for (let run = 0; run < RUNS; run += 1) {
        const order = run % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
        for (const label of order) {
          const profileName = CPU_PROFILE && profile.name === 'phone' && run === 0 ? `large-book-${label}` : null;
          const open = await coldOpen(browser, app.baseUrl, account, made[label].slug, profile, errors, profileName);
          if (open.cpuTop) cpuProfiles[label] = open.cpuTop;
          opens[label].push(open);
        }
      }
      const small = summary(opens.small);
      const large = summary(opens.large);
      const ratio = round2(large.medianMs / small.medianMs);
      table.push({
        profile: profile.name,
        small,
        large,
        ratio,
        verdict:
          profile.name === 'phone'
            ? `≤ ${TARGET_PHONE_RATIO_AT_MOST}x ${ratio <= TARGET_PHONE_RATIO_AT_MOST ? 'PASS' : 'MISS'}`
            : null,
      });
    }
    const result = {
      runs: RUNS,
      books: made,
      table,
      ...(CPU_PROFILE ? { cpuProfiles } : {}),
      machine: 'shared 2-core machine, other sessions running: figures are noisy',
      pageErrors: summariseErrors(errors),
    };
    writeResult('large-book', result);
    return result;
  } finally {
    await browser.close();
    await app.close();
  }
}
