/**
 * `npm run bench reader-ab`: is a change to the reader's open faster? Two production builds of the web app (A, the
 * baseline: BENCH_AB_A or dist/web; B, the change: BENCH_AB_B, required) are served side by side by two bench apps,
 * and their opens are interleaved: each round opens a cold and a repeat open of the same book in a fresh signed-in
 * context of A and of B, in alternating order. It prints each arm's median and the median of the paired
 * differences B - A with how many rounds B was faster, for the page drawn (as `npm run bench reader` detects it) and
 * for pdf.js's worker's first message.
 *
 * Why: on this 2-core machine the unthrottled opens of `npm run bench reader` move by about ±0.1x from run to run, so
 * a change worth 20 to 50 ms cannot be told from noise by comparing two runs; pairing opens made seconds apart can
 * (an A/A run gives paired medians within about ±20 ms). Build the change where it does not disturb dist/web (a git
 * worktree, then `npm run build` there) and pass that worktree's dist/web as BENCH_AB_B. Both builds must be
 * precompressed (`npm run build` does it), as the app serves them. Rounds: BENCH_AB_ROUNDS (14).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import {
  ingestDemoBook,
  launchChromium,
  median,
  openSettledTab,
  premiumDemoReader,
  signedInContext,
  startBenchApp,
  type TBenchApp,
} from './browser-app';
import { pageDrawn, watchPageDrawnScript } from './reader.bench';
import { round2 } from './lib';

const BOOK = process.env.BENCH_READER_BOOK ?? 'the-wealth-of-nations';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 14);
const OPEN_TIMEOUT_MS = 60_000;
const OPENS = ['cold', 'repeat'] as const;
type TOpenName = (typeof OPENS)[number];

/** Records when the first message (pdf.js's "ready") of the page's pdf.js worker arrives. */
const WATCH_WORKER_SCRIPT = `(() => {
  const Original = window.Worker;
  window.Worker = function (url, options) {
    const worker = new Original(url, options);
    worker.addEventListener('message', () => { window.__benchWorkerReady ??= performance.now(); }, { once: true });
    return worker;
  };
  window.Worker.prototype = Original.prototype;
})();`;

interface TArmOpen {
  drawnMs: number;
  workerReadyMs: number | null;
}

export interface TReaderAbRow {
  open: TOpenName;
  measure: 'page drawn' | 'worker ready';
  aMs: number;
  bMs: number;
  pairedMedianMs: number;
  bFasterRounds: number;
  rounds: number;
}

function requirePrecompressedBuild(root: string): string {
  const resolved = path.resolve(root);
  const assets = path.join(resolved, 'assets');
  if (!fs.existsSync(path.join(resolved, 'index.html')) || !fs.existsSync(assets))
    throw new Error(`no web build at ${resolved}`);
  if (!fs.readdirSync(assets).some((file) => file.endsWith('.br')))
    throw new Error(`the build at ${resolved} has no precompressed files: build it with npm run build`);
  return resolved;
}

async function startArm(name: string, webRoot: string): Promise<TBenchApp> {
  return startBenchApp({
    name,
    webRoot,
    prepare: async (deps) => {
      await ingestDemoBook(deps, BOOK);
    },
  });
}

/** A cold and a repeat open of the book in a fresh signed-in context. */
async function openSeries(browser: Browser, app: TBenchApp): Promise<Record<TOpenName, TArmOpen>> {
  const context = await signedInContext(browser, app.baseUrl, premiumDemoReader(app.demoAccounts));
  try {
    const series: Partial<Record<TOpenName, TArmOpen>> = {};
    for (const open of OPENS) {
      const page = await openSettledTab(context);
      try {
        await page.addInitScript(WATCH_WORKER_SCRIPT);
        await page.addInitScript(watchPageDrawnScript(1));
        const pageDrawnMark = pageDrawn(page, OPEN_TIMEOUT_MS);
        await page.goto(`/reader/${BOOK}`, { waitUntil: 'commit', timeout: OPEN_TIMEOUT_MS });
        const drawn = await pageDrawnMark;
        const workerReadyMs = await page.evaluate(
          () => (window as unknown as { __benchWorkerReady?: number }).__benchWorkerReady ?? null,
        );
        series[open] = { drawnMs: drawn.at, workerReadyMs };
      } finally {
        await page.close();
      }
    }
    return series as Record<TOpenName, TArmOpen>;
  } finally {
    await context.close();
  }
}

export async function benchReaderAb(): Promise<{ a: string; b: string; book: string; table: TReaderAbRow[] }> {
  if (!process.env.BENCH_AB_B) throw new Error('BENCH_AB_B must name the changed build (a dist/web folder)');
  const aRoot = requirePrecompressedBuild(process.env.BENCH_AB_A ?? 'dist/web');
  const bRoot = requirePrecompressedBuild(process.env.BENCH_AB_B);
  const a = await startArm('ab-a', aRoot);
  const b = await startArm('ab-b', bRoot);
  const browser = await launchChromium();
  try {
    // Discarded: the servers' first answers (JIT, first decryptions) and the first sign-ins.
    await openSeries(browser, a);
    await openSeries(browser, b);
    const rounds: { a: Record<TOpenName, TArmOpen>; b: Record<TOpenName, TArmOpen> }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating order, so neither arm always runs right after the other's opens.
      if (round % 2 === 0) {
        const first = await openSeries(browser, a);
        rounds.push({ a: first, b: await openSeries(browser, b) });
      } else {
        const first = await openSeries(browser, b);
        rounds.push({ a: await openSeries(browser, a), b: first });
      }
    }
    const table: TReaderAbRow[] = [];
    for (const open of OPENS) {
      for (const measure of ['page drawn', 'worker ready'] as const) {
        const pick = (run: TArmOpen) => (measure === 'page drawn' ? run.drawnMs : run.workerReadyMs);
        const paired = rounds.flatMap((round) => {
          const aMs = pick(round.a[open]);
          const bMs = pick(round.b[open]);
          return aMs === null || bMs === null ? [] : [{ aMs, bMs }];
        });
        if (paired.length === 0) continue;
        table.push({
          open,
          measure,
          aMs: round2(median(paired.map((pair) => pair.aMs))),
          bMs: round2(median(paired.map((pair) => pair.bMs))),
          pairedMedianMs: round2(median(paired.map((pair) => pair.bMs - pair.aMs))),
          bFasterRounds: paired.filter((pair) => pair.bMs < pair.aMs).length,
          rounds: paired.length,
        });
      }
    }
    return { a: aRoot, b: bRoot, book: BOOK, table };
  } finally {
    await browser.close();
    await a.close();
    await b.close();
  }
}
