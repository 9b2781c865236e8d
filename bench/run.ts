/**
 * `npm run bench`: runs every benchmark scenario and prints its figures and ratios. Results are also
 * written to bench/results/*.json. Benchmarks are measurements, not pass/fail tests.
 */
import { benchCatalogue } from './catalogue.bench';
import { benchAuth } from './auth.bench';
import { benchEntitlement } from './entitlement.bench';
import { benchSync } from './sync.bench';
import { benchChunks } from './chunks.bench';
import { benchIngest } from './ingest.bench';
import { benchReader } from './reader.bench';
import { benchReaderAb } from './reader-ab.bench';
import { benchOffline } from './offline.bench';
import { benchStatic } from './static.bench';
import { benchLighthouse } from './lighthouse.bench';
import { measureLandingBundle, readLandingBudget, recordLandingBudget } from './bundle-size';
import { benchSegments } from './segments.bench';
import { benchLargeBook } from './large-book.bench';
import { benchAdmin } from './admin.bench';
import { benchAdminReports } from './admin-reports';
import { benchRecommendations } from './recommendations.bench';
import { benchDashboard } from './dashboard.bench';
import { benchAssistant } from './assistant.bench';
import { benchDeviceKey } from './device-key.bench';
import { benchOpenRequests } from './open-requests.bench';
import { writeResult } from './lib';

const only = process.argv[2];
const out = (line: string) => process.stdout.write(`${line}\n`);

if (!only || only === 'bundle') {
  const bundle = measureLandingBundle();
  writeResult('bundle', bundle);
  const budget = process.argv.includes('--record') ? recordLandingBudget(bundle) : readLandingBudget();
  out(
    `Landing page initial JS: ${bundle.totalBrotliBytes} B brotli on the wire (${bundle.totalGzipKB} KB gzip, target ≤ ${bundle.targetKB} KB) in ${bundle.files.length} files | budget ${budget.brotliBytes} B + ${budget.marginBytes} B (${budget.recordedAt})${process.argv.includes('--record') ? ', recorded now' : ''}`,
  );
  out(
    `  heavy chunks in the initial set: ${bundle.leakedHeavyChunks.length === 0 ? 'none' : bundle.leakedHeavyChunks.join(', ')}`,
  );
}

if (!only || only === 'catalogue') {
  const c = await benchCatalogue();
  out(`Seed: ${c.books} books in ${c.seedMs} ms (target < ${c.seedTargetMs} ms)`);
  for (const [label, r] of [
    ['GET /api/books', c.list],
    ['GET /api/books?search=leadership', c.search],
  ] as const) {
    out(
      `${label}: ${r.candidate.requestsPerSecond} req/s p99 ${r.candidate.p99Ms} ms | bare ${r.baseline.requestsPerSecond} req/s p99 ${r.baseline.p99Ms} ms | throughput ${r.throughputRatio}x (≥ 0.5x) p99 ${r.p99Ratio}x (≤ 2x)`,
    );
  }
}

if (!only || only === 'static') {
  const s = await benchStatic();
  for (const [label, r, sizes] of [
    ['no Accept-Encoding', s.identity, 'identity'],
    ['Accept-Encoding: br, gzip', s.browser, 'browser'],
  ] as const) {
    const file = s.sizes.static[sizes];
    const json = s.sizes.catalogue[sizes];
    out(
      `Static file vs catalogue JSON (${label}): /favicon.svg ${r.candidate.requestsPerSecond} req/s p99 ${r.candidate.p99Ms} ms (${file.bytes} B ${file.encoding}) | /api/books?limit=12 ${r.baseline.requestsPerSecond} req/s p99 ${r.baseline.p99Ms} ms (${json.bytes} B ${json.encoding}) | ratio ${r.throughputRatio}x (≥ ${s.targets.staticOverCatalogueAtLeast}x)`,
    );
  }
}

if (!only || only === 'auth') {
  const a = await benchAuth();
  const { argon2, signIn, currentUser } = a;
  out(
    `argon2id m=${argon2.params.memoryCost} KiB t=${argon2.params.timeCost} p=${argon2.params.parallelism}: hash median ${argon2.hashMedianMs} ms, verify median ${argon2.verifyMedianMs} ms (${argon2.samples} each)`,
  );
  for (const [label, r, target] of [
    ['POST /api/auth/login', signIn, 'vs one bare argon2 verify'],
    ['GET /api/auth/user', currentUser, '(≥ 0.5x)'],
  ] as const) {
    out(
      `${label}: ${r.candidate.requestsPerSecond} req/s p99 ${r.candidate.p99Ms} ms (non-2xx ${r.candidate.non2xx}) | bare ${r.baseline.requestsPerSecond} req/s p99 ${r.baseline.p99Ms} ms | throughput ${r.throughputRatio}x ${target} p99 ${r.p99Ratio}x`,
    );
  }
  out(`  session lookup (findSessionUser, in-process): ${currentUser.sessionLookupUs} µs per call`);
}

if (!only || only === 'entitlement') {
  const e = await benchEntitlement();
  for (const [label, r] of [
    ['POST /api/loans (book open, loan reused)', e.bookOpen],
    ['GET /api/me/entitlements', e.entitlements],
  ] as const) {
    out(
      `${label}: ${r.candidate.requestsPerSecond} req/s p99 ${r.candidate.p99Ms} ms (non-2xx ${r.candidate.non2xx}) | bare ${r.baseline.requestsPerSecond} req/s p99 ${r.baseline.p99Ms} ms | throughput ${r.throughputRatio}x (≥ ${e.targets.throughputRatioAtLeast}x) p99 ${r.p99Ratio}x`,
    );
  }
  const k = e.entitlementCheckOverSameStack;
  out(
    `Entitlement check on book open (POST /api/loans vs the same middleware stack without the check): ${k.candidate.requestsPerSecond} vs ${k.baseline.requestsPerSecond} req/s, throughput ${k.throughputRatio}x (≥ ${e.targets.throughputRatioAtLeast}x) p99 ${k.p99Ratio}x`,
  );
  const s = e.entitlementsOverSessionOnly;
  out(
    `  GET /api/me/entitlements vs GET /api/auth/user (session lookup only, same cookie): ${s.candidate.requestsPerSecond} vs ${s.baseline.requestsPerSecond} req/s, throughput ${s.throughputRatio}x p99 ${s.p99Ratio}x`,
  );
}

if (!only || only === 'sync') {
  const r = await benchSync();
  out(
    `POST /api/sync (${r.load.mutationsPerBatch} mutations per batch, ${r.load.connections} devices at once): ${r.candidate.rowsPerSecond} rows/s (${r.candidate.batchesPerSecond} batches/s, p99 ${r.candidate.p99Ms} ms, non-2xx ${r.candidate.non2xx}) | raw better-sqlite3 transaction ${r.baseline.rowsPerSecond} rows/s | ratio ${r.rowsRatio}x (≥ ${r.targets.rowsRatioAtLeast}x; median of the ${r.load.rounds} rounds ${r.medianRoundRatio}x)`,
  );
  out(
    `  by devices at once: ${r.byConnections.map((level) => `${level.connections}: ${level.rowsPerSecond} rows/s, ${level.rowsRatio}x`).join(' | ')}`,
  );
}

if (!only || only === 'chunks') {
  const r = await benchChunks();
  out(
    `GET /api/books/:id/chunks/:n (${r.chunkBytes} bytes): ${r.chunk.mibPerSecond} MiB/s p99 ${r.chunk.p99Ms} ms (non-2xx ${r.chunk.non2xx}) | bare 1 MiB route ${r.bare.mibPerSecond} MiB/s p99 ${r.bare.p99Ms} ms | MiB/s ${r.mibPerSecondRatio}x (≥ ${r.targets.mibPerSecondRatioAtLeast}x) p99 ${r.p99Ratio}x`,
  );
}

if (!only || only === 'ingest') {
  const { encryption: e, ingestion: i } = await benchIngest();
  out(
    `Chunk encryption (encryptChunk, ${e.bufferMiB} MiB in ${e.chunkSize}-byte chunks): ${e.encryptChunkMiBps} MiB/s | raw createCipheriv loop ${e.rawMiBps} MiB/s | best ${e.ratio}x, median of pairs ${e.medianPairRatio}x (≥ ${e.targetRatioAtLeast}x)`,
  );
  out(
    `Ingestion of ${i.book} (${i.pages} pages, ${(i.pdfBytes / 1048576).toFixed(1)} MiB PDF, ${i.chunks} chunks): ingestBookPdf ${i.ingestMs} ms (${i.ingestPagesPerSecond} pages/s; recording the segments that open it ${i.openingSegmentsMs} ms of that); typesetting it took ${i.typesetMs} ms`,
  );
}

if (!only || only === 'segments') {
  const rows = await benchSegments();
  out(
    'What pdf.js asks for to draw one page through the range transport (auto-fetch and streaming off), by segment size:',
  );
  for (const row of rows) {
    out(
      `  ${row.pdf} (${Math.round(row.bytes / 1024)} KiB) p${row.page}, ${row.segmentSize / 1024} KiB segments: ${row.segments} segments, ${Math.round(row.fetchedBytes / 1024)} KiB in ${row.requests} requests over ${row.rounds} round trips | phone estimate ${row.phoneEstimateMs} ms${row.listedPhoneEstimateMs === null ? '' : `, ${row.listedPhoneEstimateMs} ms with the opening segments listed`}`,
    );
  }
}

if (!only || only === 'open-requests') {
  const r = await benchOpenRequests();
  out(
    `Server side of a book open (${r.book}, ${r.segments} segments), in-process app.fetch, median/p95 of ${r.iterations} rounds after ${r.warmup} warm-up; baseline: the same bytes as static files from the same server's memory`,
  );
  for (const disk of ['quiet', 'busy'] as const) {
    out(
      `  ${disk === 'quiet' ? 'disk quiet' : 'disk busy (another process writing, as the browser fills its caches)'}:`,
    );
    for (const row of r.rows.filter((candidate) => candidate.disk === disk)) {
      out(
        `    ${row.label.padEnd(42)} ${row.candidate.medianMs} / ${row.candidate.p95Ms} ms (${row.wire}) | static ${row.baseline.medianMs} / ${row.baseline.p95Ms} ms | ${row.medianRatio}x | CPU ${row.cpuMsPerRequest} ms | rows written ${row.rowsWrittenPerRequest}${row.firstMs === null ? '' : ` | first in the process ${row.firstMs} ms`}${row.segmentsInBurst ? ` | its segments answered after ${row.segmentsInBurst.medianMs} / ${row.segmentsInBurst.p95Ms} ms` : ''}`,
      );
    }
  }
}

if (!only || only === 'reader') {
  const r = await benchReader();
  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
  out(
    `Reader, navigation to first page drawn (canvas ink + text layer), fresh context per run, median of ${r.runs}; baseline: plain pdf.js from a static URL, same opens`,
  );
  for (const [profile, rows] of Object.entries(r.table)) {
    out(`  ${profile}:`);
    for (const row of rows) {
      const verdicts = row.verdicts.map((v) => `${v.target} ${v.met ? 'PASS' : 'MISS'}`).join(', ');
      out(
        `    ${row.open.padEnd(6)} ${row.book} p${row.page}: ${row.readerMs} ms, ${kib(row.readerBytes)} in ${row.readerRequests} requests | baseline ${row.baselineMs} ms, ${kib(row.baselineBytes)} in ${row.baselineRequests} | ${row.ratio}x${verdicts ? ` | ${verdicts}` : ''}`,
      );
    }
  }
  out(`  waterfall of a cold open: bench/results/reader-waterfall.json; page errors: ${r.pageErrors.count}`);
}

// Only when asked: it compares two builds (BENCH_AB_B names the changed one).
if (only === 'reader-ab') {
  const r = await benchReaderAb();
  out(`Reader open, build B (${r.b}) against build A (${r.a}), ${r.book}, interleaved rounds, ms from navigation:`);
  for (const row of r.table) {
    out(
      `  ${row.open.padEnd(6)} ${row.measure.padEnd(12)} A ${row.aMs} | B ${row.bMs} | paired median B - A ${row.pairedMedianMs} ms, B faster in ${row.bFasterRounds} of ${row.rounds}`,
    );
  }
  writeResult('reader-ab', r);
}

if (!only || only === 'large') {
  const r = await benchLargeBook();
  const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
  out(
    `Cold open, navigation to page 1 drawn, fresh context per run, median of ${r.runs}: ${r.books.large.pages}-page ${mib(r.books.large.bytes)} book vs ${r.books.small.pages}-page ${mib(r.books.small.bytes)} book (${r.books.large.chunkSize / 1024} KiB segments; ${r.machine})`,
  );
  for (const row of r.table) {
    out(
      `  ${row.profile}: large ${row.large.medianMs} ms, ${row.large.medianKiB} KiB (chunks ${row.large.chunkKiB} KiB in ${row.large.chunkRequests} requests) | small ${row.small.medianMs} ms, ${row.small.medianKiB} KiB (chunks ${row.small.chunkKiB} KiB in ${row.small.chunkRequests}) | ${row.ratio}x${row.verdict ? ` (${row.verdict})` : ''}`,
    );
  }
  out(`  page errors: ${r.pageErrors.count}`);
}

if (!only || only === 'offline') {
  const r = await benchOffline();
  const d = r.download;
  out(
    `Download-and-store of a ${d.book.mib} MiB book (${d.book.chunks} chunks) through the download manager, median of ${r.runs}: ${d.app.medianMs} ms (${d.app.mibPerSecond} MiB/s) | raw fetch + decrypt + one IndexedDB transaction ${d.raw.medianMs} ms (${d.raw.mibPerSecond} MiB/s) | throughput ${d.throughputRatio}x (≥ ${d.targets.throughputRatioAtLeast}x)`,
  );
  const o = r.open;
  const figure = (series: { medianMs: number | null; blocked: string | null }) =>
    series.medianMs !== null ? `${series.medianMs} ms` : `no first page (${series.blocked})`;
  for (const [label, three] of [
    ['reader URL loaded, from navigation', o.startFromNavigation],
    ['"Read now" on the book page, from the click', o.fromBookPageClick],
  ] as const) {
    out(
      `Open ${o.book.slug} to the first page (${label}), median of ${r.runs}: offline ${figure(three.offline)} | online ${figure(three.online)} (${figure(three.onlineDownloaded)} once downloaded) | offline ${three.offlineOverOnline ?? '–'}x of online`,
    );
  }
  out(`  page errors: ${r.pageErrors.count}`);
}

if (!only || only === 'lighthouse') {
  const r = await benchLighthouse();
  out(
    `Lighthouse 12.2.3, mobile profile (simulated 150 ms RTT, 1.6 Mbit/s, 4x CPU), signed out, first visit; median of ${r.runs} runs (performance target ≥ ${r.performanceTarget})`,
  );
  for (const page of r.pages) {
    const m = page.metrics;
    out(
      `  ${page.name.padEnd(9)} ${page.path}: performance ${page.scores.performance} ${page.performanceMet ? 'PASS' : 'MISS'}, accessibility ${page.scores.accessibility}, best practices ${page.scores['best-practices']}, SEO ${page.scores.seo} | FCP ${Math.round(m['first-contentful-paint'])} ms, LCP ${Math.round(m['largest-contentful-paint'])} ms, TBT ${Math.round(m['total-blocking-time'])} ms, CLS ${m['cumulative-layout-shift']}, SI ${Math.round(m['speed-index'])} ms`,
    );
    const failing = new Map<string, string>();
    for (const run of page.runs)
      for (const audit of run.failing)
        failing.set(audit.id, `${audit.id} (${audit.category}${audit.displayValue ? `: ${audit.displayValue}` : ''})`);
    if (failing.size > 0) out(`    audits below 0.9 in some run: ${[...failing.values()].join(', ')}`);
  }
  const js = r.landingJavascriptBeforeInteractive;
  if (js)
    out(
      `  landing page JavaScript before interactive, compressed on the wire: ${Math.round(js.transferBytes / 102.4) / 10} KiB in ${js.files.length} files`,
    );
}

if (!only || only === 'admin') {
  const a = await benchAdmin();
  out(`Admin users table: ${a.users} users, ${a.readingEvents} reading events seeded in ${a.seedMs} ms`);
  for (const r of a.results) {
    out(
      `  ${r.name}: service ${r.serviceMs} ms | plain SQLite ${r.plainMs} ms | ratio ${r.ratio}x (≥ ${a.targets.ratioAtLeast}x) | page ${r.serviceMs < a.targets.pageUnderMs ? 'under' : 'OVER'} ${a.targets.pageUnderMs} ms (${r.total} matching)`,
    );
  }
  const bundle = measureLandingBundle();
  out(
    `  landing page initial JS: ${bundle.totalGzipKB} KB gzip; admin code in it: ${bundle.leakedHeavyChunks.length === 0 ? 'none' : bundle.leakedHeavyChunks.join(', ')}`,
  );
}

if (!only || only === 'dashboard') {
  const r = benchDashboard();
  out(
    `Reading dashboard and leaderboard at ${r.volume.readers.toLocaleString('en-GB')} readers, a year of reading: ${r.volume.events.toLocaleString('en-GB')} reading events, ${r.volume.daySummaries.toLocaleString('en-GB')} day summaries (seeded in ${r.seedMs} ms):`,
  );
  for (const t of r.timings) {
    out(
      `  ${t.label}: ${t.candidateMs} ms | plain indexed SQL ${t.plainSqlMs} ms | ${t.ratio}x (≥ ${r.targetRatio}x) ${t.pass ? 'PASS' : 'MISS'}`,
    );
  }
}

if (!only || only === 'admin-reports') {
  const r = await benchAdminReports();
  out(
    `Admin money queries at ${r.volume.readers.toLocaleString('en-GB')} readers, ${r.volume.readingEvents.toLocaleString('en-GB')} reading events, ${r.volume.invoices.toLocaleString('en-GB')} invoices (seeded in ${r.seedMs} ms):`,
  );
  for (const t of r.timings) {
    out(
      `  ${t.label}: ${t.candidateMs} ms | plain SQL ${t.plainSqlMs} ms | ${t.ratio}x (≥ 0.7x, < 50 ms) ${t.pass ? 'PASS' : 'MISS'}`,
    );
  }
}

if (!only || only === 'recommendations') {
  const r = await benchRecommendations();
  out(
    `Recommendations, offline: ${r.evaluatedReaders} of ${r.readers} readers, latest ${r.holdOutShare * 100}% of each shelf held out, ${r.books} books, top ${r.topK}:`,
  );
  for (const [label, score] of [
    ['job', r.job],
    ['most popular', r.popular],
  ] as const) {
    out(`  ${label}: hit rate ${score.hitRate} | recall ${score.recall} | coverage ${score.coverage}`);
  }
  out(
    `  ${r.beatsPopular ? 'PASS' : 'MISS'}: the job ${r.beatsPopular ? 'beats' : 'does not beat'} most popular | model ${r.modelMs} ms, scoring ${r.scoringMs} ms | full job ${r.fullJob.durationMs} ms for ${r.fullJob.readers} readers (${r.fullJob.rows} rows)`,
  );
}

if (!only || only === 'assistant') {
  const a = await benchAssistant();
  const { demoBooks, largeBook, targetMs } = a.answerTime;
  out(`Book assistant: ${a.books} demo books typeset and ingested in ${a.ingestSeconds} s`);
  out(
    `  answer time, ${demoBooks.questions} questions over the demo books: median ${demoBooks.medianMs} ms, p95 ${demoBooks.p95Ms} ms (target < ${targetMs} ms) ${demoBooks.p95Ms < targetMs ? 'PASS' : 'MISS'}`,
  );
  out(
    `  answer time, ${largeBook.questions} questions over ${a.largeBook.slug} (${a.largeBook.pages} pages): median ${largeBook.medianMs} ms, p95 ${largeBook.p95Ms} ms ${largeBook.p95Ms < targetMs ? 'PASS' : 'MISS'}; first question builds the index in ${a.indexBuild[a.largeBook.slug].ms} ms`,
  );
  const r = a.recall;
  out(
    `  retrieval recall on ${r.labelled} labelled questions: assistant @1 ${r.assistant.at1} @3 ${r.assistant.at3} | plain FTS5 bm25 pages @1 ${r.fts5.at1} @3 ${r.fts5.at3} | answers citing the labelled page ${r.answerCitesLabelledPage}`,
  );
  if (r.unlabelled.length > 0) out(`  no labelled page found for: ${r.unlabelled.join('; ')}`);
}

if (!only || only === 'device-key') {
  const d = await benchDeviceKey();
  out(`Device key in Chromium ${d.chromium} (load average ${d.loadAverage.join(' ')}), medians of 20:`);
  for (const rate of ['1x', '4x'] as const) {
    const { rsa3072, p256 } = d.generate[rate];
    out(
      `  make the key, CPU ${rate}: RSA-OAEP 3072 ${rsa3072.medianMs} ms (${rsa3072.minMs}-${rsa3072.maxMs}) | ECDH P-256 with JWK and thumbprint ${p256.medianMs} ms (${p256.minMs}-${p256.maxMs}) | ${Math.round(rsa3072.medianMs / Math.max(p256.medianMs, 0.001))}x`,
    );
  }
  out(
    `  unwrap a licence's content key: RSA-OAEP 3072 ${d.unwrap.rsa3072Ms} ms | ECDH P-256 chain ${d.unwrap.p256Ms} ms`,
  );
}
