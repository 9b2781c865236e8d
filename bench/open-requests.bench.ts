/**
 * `npm run bench open-requests`: the server's part of opening a book, the requests on the reader's
 * critical path, timed in-process (app.fetch, no socket, no browser):
 *   page    - GET /reader/:slug for the signed-in reader: the shell with the session and the book's
 *             manifest, saved position and bookmarks (features/seo/seo.routes.ts, reader-page-data.ts);
 *   licence - POST /api/licenses {bookId, deviceId, kind: online} for a registered browser device:
 *             loan, entitlement, content key unwrapped and wrapped to the device, signed, stored, audited;
 *   segment - GET /api/books/:id/chunks/:n?v= of the first segments in turn (the chunk cache is warm
 *             after the first round, as it is for a book readers open);
 *   burst   - the licence and the first and last segments sent at once, as the reader sends them: a
 *             commit holding the event loop holds the segments too.
 * Each request is sent as Chromium sends it (Accept-Encoding br/gzip, Origin and Sec-Fetch-Site on the
 * POST) and timed until its body has been read whole. Everything runs twice: on a quiet disk, and while
 * another process writes to the same disk (8 MiB blocks, no fsync), as the reader's browser fills its
 * caches during an open; a commit's fsync then waits for the other process's data too.
 *
 * Baseline, in the same run and app: the very same bytes each request answered (the page's HTML, the
 * licence JSON, the segment's ciphertext) served as static files from the same server's memory
 * (features/seo/static-files.ts, with build-time brotli/gzip variants like the app's own files): what
 * the answer costs without the work of deciding it. Requests alternate candidate and baseline. Also
 * printed: rows written per request, and the first request of each kind in the process.
 *
 * The app is the production configuration (createBenchDeps: NODE_ENV production, demo seed with 50
 * books, the licence keys loaded before the first request as api/src/index.ts does) serving the
 * production web build (dist/web, built when missing); the book is the reader bench's first book,
 * typeset and ingested as the reader bench does. BENCH_OPEN_ITERATIONS (200) rounds after
 * BENCH_OPEN_WARMUP (50); BENCH_OPEN_ONLY=page|licence|segment|burst times one alone (for
 * `node --cpu-prof --import tsx bench/run.ts open-requests`); BENCH_OPEN_DUMP=<folder> keeps the answers.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { TReaderManifest } from '@shared/reader';
import { createApp } from '../api/src/app';
import { books, users } from '../api/src/db/schema';
import { seedDemoData } from '../api/src/db/seed';
import { typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { createSession } from '../api/src/features/auth/session.service';
import { sessionCookieName } from '../api/src/features/auth/session-cookie';
import { generateDeviceKey } from '../api/src/features/devices/device-keys-test-support';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { loadLicenseKeys } from '../api/src/features/licenses/licenses.service';
import { createBenchDeps, round2, writeResult } from './lib';

const ITERATIONS = Number(process.env.BENCH_OPEN_ITERATIONS ?? 200);
const WARMUP = Number(process.env.BENCH_OPEN_WARMUP ?? 50);
const BOOK = process.env.BENCH_OPEN_BOOK ?? 'the-wealth-of-nations';
/** The segments a reader asks for first: the file's start; the next rounds take the following ones. */
const SEGMENTS_IN_TURN = 4;
const REQUESTS = ['page', 'licence', 'segment', 'burst'] as const;
type TRequestName = (typeof REQUESTS)[number];
/** The requests answered as single files, whose bytes the baseline serves statically. */
const SINGLE_REQUESTS = ['page', 'licence', 'segment'] as const;
type TSingleRequest = (typeof SINGLE_REQUESTS)[number];
const ONLY = process.env.BENCH_OPEN_ONLY as TRequestName | undefined;
const LABELS: Record<TRequestName, string> = {
  page: 'GET /reader/:slug (signed in)',
  licence: 'POST /api/licenses (online)',
  segment: 'GET /api/books/:id/chunks/:n',
  burst: 'licence + first and last segments at once',
};
/** Another process writing to the same disk, as the reader's browser fills its caches during an open. */
const DISK_WRITER = `
const fs = require('node:fs');
const block = Buffer.alloc(8 * 1024 * 1024, 7);
for (;;) {
  const fd = fs.openSync(process.argv[1], 'w');
  for (let i = 0; i < 8; i += 1) fs.writeSync(fd, block);
  fs.closeSync(fd);
}`;

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: round2(percentile(sorted, 0.5)), p95Ms: round2(percentile(sorted, 0.95)) };
}

/** The production web build, built when missing (as bench/browser-app.ts does), copied so a rebuild cannot empty it. */
function copyWebRoot(into: string): string {
  const built = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/web');
  if (!fs.existsSync(path.join(built, 'index.html'))) execSync('npx vite build', { stdio: 'ignore' });
  const webRoot = path.join(into, 'web');
  fs.cpSync(built, webRoot, { recursive: true, filter: (source) => !source.endsWith('.map') });
  return webRoot;
}

/** A static file with the variants the build writes next to compressible files. */
function writeStaticFile(webRoot: string, name: string, bytes: Uint8Array, compressible: boolean): void {
  const file = path.join(webRoot, name);
  fs.writeFileSync(file, bytes);
  if (!compressible) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}

export async function benchOpenRequests() {
  const { dataDir, deps } = createBenchDeps('open-requests', { DEMO_SEED: 'true', DEMO_CATALOGUE_SIZE: '50' });
  const { db, env } = deps;
  try {
    await seedDemoData(deps);
    const book = db.select({ id: books.id }).from(books).where(eq(books.slug, BOOK)).get();
    if (!book) throw new Error(`the demo seed has no ${BOOK}`);
    const typeset = await typesetContentBook(BOOK);
    await ingestBookPdf({ deps, bookId: book.id, pdf: typeset.bytes, source: 'seed' });

    const reader = db
      .select()
      .from(users)
      .where(and(eq(users.role, 'user'), eq(users.subscriptionTier, 'premium'), eq(users.subscriptionStatus, 'active')))
      .get();
    if (!reader) throw new Error('the demo seed has no active premium reader');
    const { token } = createSession({ db, userId: reader.id, now: new Date() });
    const cookie = `${sessionCookieName(true)}=${token}`;
    const origin = new URL(env.publicUrl).origin;
    const browserHeaders = { cookie, 'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br, zstd' };

    const webRoot = copyWebRoot(dataDir);
    // As api/src/index.ts does before it listens.
    await loadLicenseKeys(env);
    const app = createApp({ ...deps, webRoot });
    const send = async (pathname: string, init: RequestInit = {}) => {
      const response = await app.fetch(new Request(`${origin}${pathname}`, init));
      const body = new Uint8Array(await response.arrayBuffer());
      return { response, body };
    };
    const expect = (name: string, status: number, answer: { response: Response; body: Uint8Array }) => {
      if (answer.response.status !== status)
        throw new Error(`${name} answered ${answer.response.status}: ${Buffer.from(answer.body).toString('utf8')}`);
    };

    // The reader's browser registers its device key, as the reader does before its first licence.
    const deviceKey = await generateDeviceKey();
    const registered = await send('/api/devices/browser', {
      method: 'POST',
      headers: { ...browserHeaders, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: deviceKey.publicJwk }),
    });
    expect('POST /api/devices/browser', 201, registered);
    const { deviceId } = JSON.parse(Buffer.from(registered.body).toString('utf8')) as { deviceId: string };
    const manifestAnswer = await send(`/api/books/${BOOK}/manifest`, { headers: browserHeaders });
    expect('GET manifest', 200, manifestAnswer);
    const manifest = JSON.parse(Buffer.from(manifestAnswer.body).toString('utf8')) as TReaderManifest;

    const lastSegment = `/api/books/${manifest.bookId}/chunks/${manifest.chunkCount - 1}?v=${manifest.version}`;
    const requests: Record<TSingleRequest, (round: number) => Promise<{ response: Response; body: Uint8Array }>> = {
      page: () => send(`/reader/${BOOK}`, { headers: { ...browserHeaders, accept: 'text/html' } }),
      licence: () =>
        send('/api/licenses', {
          method: 'POST',
          headers: { ...browserHeaders, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: JSON.stringify({ bookId: manifest.bookId, deviceId, kind: 'online' }),
        }),
      segment: (round) =>
        send(
          `/api/books/${manifest.bookId}/chunks/${round % Math.min(SEGMENTS_IN_TURN, manifest.chunkCount)}?v=${manifest.version}`,
          { headers: browserHeaders },
        ),
    };
    const expectedStatus: Record<TSingleRequest, number> = { page: 200, licence: 201, segment: 200 };

    // The same bytes as static files, in a second app over a web root that holds them.
    const sizes = {} as Record<TSingleRequest, { bytes: number; wireBytes: number; encoding: string }>;
    const staticNames: Record<TSingleRequest, string> = {
      page: 'bench-reader-page.html',
      licence: 'bench-licence.json',
      segment: 'bench-segment.bin',
    };
    // The first of each request in this process is timed too (the reader bench's cold open meets a fresh server).
    const firstMs = {} as Record<TSingleRequest, number>;
    for (const name of SINGLE_REQUESTS) {
      const started = performance.now();
      const first = await requests[name](0);
      firstMs[name] = round2(performance.now() - started);
      expect(name, expectedStatus[name], first);
      const encoding = first.response.headers.get('content-encoding');
      const plain =
        encoding === 'br'
          ? zlib.brotliDecompressSync(first.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(first.body)
            : first.body;
      sizes[name] = { bytes: plain.byteLength, wireBytes: first.body.byteLength, encoding: encoding ?? 'identity' };
      writeStaticFile(webRoot, staticNames[name], plain, name !== 'segment');
      if (process.env.BENCH_OPEN_DUMP)
        fs.writeFileSync(path.join(process.env.BENCH_OPEN_DUMP, staticNames[name]), plain);
    }
    if (sizes.page.encoding === 'identity' || (sizes.licence.encoding === 'identity' && sizes.licence.bytes >= 1024))
      throw new Error(`expected compressed answers: ${JSON.stringify(sizes)}`);
    const staticApp = createApp({ ...deps, webRoot });
    const serveStatic = async (name: TSingleRequest) => {
      const response = await staticApp.fetch(
        new Request(`${origin}/${staticNames[name]}`, { headers: browserHeaders }),
      );
      if (response.status !== 200) throw new Error(`static ${staticNames[name]} answered ${response.status}`);
      await response.arrayBuffer();
    };
    /** In the burst, when both segments had been answered: a commit holding the event loop delays them. */
    let burstSegmentsMs: number[] = [];
    const candidates: Record<TRequestName, (round: number) => Promise<void>> = {
      page: async (round) => expect('page', 200, await requests.page(round)),
      licence: async (round) => expect('licence', 201, await requests.licence(round)),
      segment: async (round) => expect('segment', 200, await requests.segment(round)),
      // What the reader sends together once it knows the book (docs/ARCHITECTURE.md#protected-content, step 3).
      burst: async (round) => {
        const started = performance.now();
        const segments = Promise.all([requests.segment(0), send(lastSegment, { headers: browserHeaders })]).then(
          (answers) => {
            burstSegmentsMs.push(performance.now() - started);
            return answers;
          },
        );
        const [licence, [first, last]] = await Promise.all([requests.licence(round), segments]);
        expect('licence', 201, licence);
        expect('segment', 200, first);
        expect('segment', 200, last);
      },
    };
    const baselines: Record<TRequestName, () => Promise<unknown>> = {
      page: () => serveStatic('page'),
      licence: () => serveStatic('licence'),
      segment: () => serveStatic('segment'),
      burst: () => Promise.all([serveStatic('licence'), serveStatic('segment'), serveStatic('segment')]),
    };
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const names = ONLY ? [ONLY] : REQUESTS;
    // Rows written per request (triggers included): each write transaction is a commit, and with
    // synchronous = FULL a commit waits for the disk.
    const totalChanges = db.$client.prepare('SELECT total_changes() AS n').pluck();

    const measure = async (disk: 'quiet' | 'busy') => {
      const writer =
        disk === 'busy' ? spawn(process.execPath, ['-e', DISK_WRITER, path.join(dataDir, 'disk-writer.bin')]) : null;
      try {
        const samples = Object.fromEntries(
          REQUESTS.map((name) => [name, { candidate: [] as number[], baseline: [] as number[], rows: 0, cpuUs: 0 }]),
        ) as Record<TRequestName, { candidate: number[]; baseline: number[]; rows: number; cpuUs: number }>;
        const segmentsInBurst: number[] = [];
        for (let round = 0; round < WARMUP + ITERATIONS; round += 1) {
          burstSegmentsMs = [];
          for (const name of names) {
            const changesBefore = totalChanges.get() as number;
            const cpuBefore = process.cpuUsage();
            const candidateMs = await timed(() => candidates[name](round));
            const cpu = process.cpuUsage(cpuBefore);
            const rowsWritten = (totalChanges.get() as number) - changesBefore;
            const baselineMs = await timed(baselines[name]);
            if (round < WARMUP) continue;
            samples[name].candidate.push(candidateMs);
            samples[name].baseline.push(baselineMs);
            samples[name].rows += rowsWritten;
            samples[name].cpuUs += cpu.user + cpu.system;
            if (name === 'burst') segmentsInBurst.push(...burstSegmentsMs);
          }
        }
        return names.map((name) => {
          const candidate = summarise(samples[name].candidate);
          const baseline = summarise(samples[name].baseline);
          return {
            name,
            label: LABELS[name],
            disk,
            wire:
              name === 'burst'
                ? `${sizes.licence.wireBytes + 2 * sizes.segment.wireBytes} B`
                : `${sizes[name].wireBytes} B ${sizes[name].encoding}`,
            candidate,
            baseline,
            medianRatio: round2(candidate.medianMs / Math.max(baseline.medianMs, 0.01)),
            rowsWrittenPerRequest: round2(samples[name].rows / ITERATIONS),
            /** CPU time of the whole process (every thread) per request: steadier than wall time on a shared machine. */
            cpuMsPerRequest: round2(samples[name].cpuUs / 1000 / ITERATIONS),
            firstMs: name === 'burst' ? null : firstMs[name],
            segmentsInBurst: name === 'burst' ? summarise(segmentsInBurst) : null,
          };
        });
      } finally {
        writer?.kill();
      }
    };
    const rows = [...(await measure('quiet')), ...(await measure('busy'))];
    const result = { book: BOOK, segments: manifest.chunkCount, iterations: ITERATIONS, warmup: WARMUP, rows };
    writeResult('open-requests', result);
    return result;
  } finally {
    db.$client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
