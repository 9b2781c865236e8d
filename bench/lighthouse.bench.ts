/**
 * `npm run bench lighthouse`: Lighthouse 12.2.3 (pinned: 13 needs Node 22) in its default mobile profile
 * (Moto G Power screen, simulated 150 ms / 1.6 Mbit/s network and 4x slower CPU) on the landing page,
 * the bookstore and a book page of the production build, signed out, as a first visit (Lighthouse clears
 * the origin's storage before each run). Prints the four category scores of each page as the median of
 * BENCH_LIGHTHOUSE_RUNS (3) runs, the metrics behind the performance score, and the JavaScript the
 * landing page needs before it is interactive, as sent over the wire (compressed).
 * Target: performance at least 95 on each page.
 *
 * "Before interactive" is read from the run's own network log: scripts the page requested before its
 * last visual change (observed, unthrottled), that is everything it ran to draw the screen and attach
 * its handlers. Scripts fetched later (the service worker's registration helper two seconds after start,
 * the precache the worker fills) are not on that path. bench/bundle-size.ts gives the same figure from
 * the build manifest, and scripts/landing-js-budget.test.ts keeps it from growing.
 *
 * Chromium is the installed one (CHROMIUM_PATH, else /usr/bin/chromium), launched by Playwright with a
 * remote-debugging port that Lighthouse drives. The full reports of the last run of each page go to
 * bench/results/lighthouse-<page>.json. BENCH_LIGHTHOUSE_PAGES (comma-separated: landing, bookstore, book)
 * runs a subset.
 */
import lighthouse from 'lighthouse';
import type { Browser } from '@playwright/test';
import { chromium } from '@playwright/test';
import { round2 } from './lib';
import { median, startBenchApp } from './browser-app';
import { writeResult } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES=landing,book runs only those pages (while iterating on one); all three by default. */
const PAGE_FILTER = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PERFORMANCE_TARGET = 95;
/** The metrics the performance score is made of (Lighthouse 12 weights: TBT 30, LCP 25, CLS 25, FCP 10, SI 10). */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const;
/** A demo book with a typeset cover: what a reader following a link from the landing page sees. */
const BOOK_SLUG = 'as-a-man-thinketh';

type TCategory = (typeof CATEGORIES)[number];

interface TLighthouseRun {
  scores: Record<TCategory, number>;
  metrics: Record<(typeof METRICS)[number], number>;
  /** Audits that cost points: id, score and Lighthouse's figure, for the categories below 100. */
  failing: { id: string; category: TCategory; score: number; displayValue?: string }[];
  javascript: { files: { url: string; transferBytes: number }[]; transferBytes: number };
}

interface TNetworkRow {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
  sessionTargetType?: string;
  experimentalFromMainFrame?: boolean;
}

async function freePortBrowser(): Promise<{ browser: Browser; port: number }> {
  // Lighthouse speaks CDP over a port; Playwright's own pipe stays for closing the browser.
  const port = 9300 + Math.floor(Math.random() * 600);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', `--remote-debugging-port=${port}`],
  });
  return { browser, port };
}

/** A run whose trace Lighthouse could not record (NO_NAVSTART on a loaded machine) is tried again, this often. */
const RUNTIME_ERROR_RETRIES = 2;

async function runLighthouse(url: string, port: number): Promise<{ run: TLighthouseRun; report: unknown }> {
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 0; ; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result?.lhr.runtimeError || attempt >= RUNTIME_ERROR_RETRIES) break;
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<TCategory, number>;
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, round2(lhr.audits[id]?.numericValue ?? Number.NaN)]),
  ) as TLighthouseRun['metrics'];

  const failing: TLighthouseRun['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      failing.push({ id: ref.id, category, score: audit.score, displayValue: audit.displayValue });
    }
  }

  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const drawnBy = observed.observedLastVisualChange ?? observed.observedLoad ?? Number.POSITIVE_INFINITY;
  const rows = ((lhr.audits['network-requests']?.details as { items?: TNetworkRow[] } | undefined)?.items ??
    []) as TNetworkRow[];
  const scripts = rows.filter(
    (row) =>
      row.resourceType === 'Script' &&
      row.sessionTargetType === 'page' &&
      (row.networkRequestTime ?? Number.POSITIVE_INFINITY) <= drawnBy,
  );
  const files = scripts.map((row) => ({ url: new URL(row.url).pathname, transferBytes: row.transferSize ?? 0 }));
  const run: TLighthouseRun = {
    scores,
    metrics,
    failing,
    javascript: { files, transferBytes: files.reduce((sum, file) => sum + file.transferBytes, 0) },
  };
  return { run, report: lhr };
}

function medianRun(runs: TLighthouseRun[]) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  ) as Record<TCategory, number>;
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, round2(median(runs.map((run) => run.metrics[id])))]),
  ) as TLighthouseRun['metrics'];
  return {
    scores,
    metrics,
    javascriptTransferBytes: median(runs.map((run) => run.javascript.transferBytes)),
    performanceMet: scores.performance >= PERFORMANCE_TARGET,
  };
}

export async function benchLighthouse() {
  const app = await startBenchApp({ name: 'lighthouse' });
  const { browser, port } = await freePortBrowser();
  const pages = [
    { name: 'landing', path: '/' },
    { name: 'bookstore', path: '/bookstore' },
    { name: 'book', path: `/book/${BOOK_SLUG}` },
  ].filter((page) => !PAGE_FILTER || PAGE_FILTER.includes(page.name));
  try {
    const results = [];
    for (const page of pages) {
      const runs: TLighthouseRun[] = [];
      let lastReport: unknown = null;
      for (let index = 0; index < RUNS; index += 1) {
        const { run, report } = await runLighthouse(`${app.baseUrl}${page.path}`, port);
        runs.push(run);
        lastReport = report;
      }
      writeResult(`lighthouse-${page.name}`, { report: lastReport });
      results.push({ ...page, ...medianRun(runs), runs });
    }
    const landing = results.find((result) => result.name === 'landing');
    const summary = {
      runs: RUNS,
      performanceTarget: PERFORMANCE_TARGET,
      webBuiltAt: app.webBuiltAt,
      pages: results,
      landingJavascriptBeforeInteractive: landing
        ? { transferBytes: landing.javascriptTransferBytes, files: landing.runs.at(-1)?.javascript.files ?? [] }
        : null,
    };
    writeResult('lighthouse', summary);
    return summary;
  } finally {
    await browser.close();
    await app.close();
  }
}
