/**
 * Benchmark figure: the encrypted chunk endpoint
 * versus a bare Hono route returning a 1 MiB buffer, both in the same server and run.
 *
 * Candidate: GET /api/books/:id/chunks/0?v=1 for a signed-in Premium reader: session lookup, CSRF pass,
 * parameter validation, the memoised entitlement check, the chunk row and the ciphertext (from the
 * ingest chunk cache after the first request, the hot path of a reader paging through a book).
 * Baseline: GET /bare-chunk answering a preallocated buffer of the same size, no middleware, no I/O.
 * The book is a one-page PDF carrying 1.5 MiB of incompressible data, so chunk 0 is a full 1 MiB
 * chunk, as every chunk but the last of a real book is.
 * Target: MiB/s ≥ 0.7x the bare route; p99 of both reported.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Hono } from 'hono';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { manifestSegment, type TReaderManifest } from '@shared/reader';
import { createApp } from '../api/src/app';
import { users } from '../api/src/db/schema';
import { createSession } from '../api/src/features/auth/session.service';
import { sessionCookieName } from '../api/src/features/auth/session-cookie';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { createBook, createPlan } from '../api/src/test-factories';
import { createBenchDeps, compare, load, round2, withServer, writeResult, type LoadResult } from './lib';

const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};
const TARGET_RATIO = 0.7;
const MIB = 1024 * 1024;

async function bookPdfWithFullChunks(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([432, 648]);
  page.drawText('Benchmark book', { x: 54, y: 580, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  // Random bytes do not compress, so the file (and every chunk but the last) is full size.
  await doc.attach(randomBytes(1.5 * MIB), 'payload.bin', { mimeType: 'application/octet-stream' });
  return doc.save({ useObjectStreams: false });
}

const mibPerSecond = (result: LoadResult, bytes: number) => round2((result.requestsPerSecond * bytes) / MIB);

export async function benchChunks() {
  const { dataDir, deps } = createBenchDeps('chunks');
  const { db } = deps;

  createPlan(db, { tier: 'premium', bookLimit: -1, price: '£9.99', priceAmount: 999 });
  const reader = db
    .insert(users)
    .values({
      email: 'bench.reader@example.com',
      firstName: 'Bench',
      lastName: 'Reader',
      emailVerified: true,
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning()
    .get();
  const book = createBook(db, { title: 'Benchmark Book', requiredTier: 'premium' });
  const { asset } = await ingestBookPdf({
    deps,
    bookId: book.id,
    pdf: await bookPdfWithFullChunks(),
    source: 'cli',
    renderCover: false,
  });
  if (asset.chunkCount < 2)
    throw new Error(`the benchmark book has ${asset.chunkCount} chunk(s); chunk 0 would not be full size`);

  const app = createApp(deps);
  const { token } = createSession({ db, userId: reader.id, now: new Date() });
  const cookie = `${sessionCookieName(true)}=${token}`;

  const manifestResponse = await app.request(`/api/books/${book.id}/manifest`, { headers: { cookie } });
  if (manifestResponse.status !== 200)
    throw new Error(`GET manifest answered ${manifestResponse.status}: ${await manifestResponse.text()}`);
  const manifest = (await manifestResponse.json()) as TReaderManifest;
  const chunk = manifestSegment(manifest, 0);
  const chunkUrlPath = `/api/books/${book.id}/chunks/0?v=${manifest.version}`;
  const bareBody = randomBytes(chunk.size);

  const bare = new Hono().get('/bare-chunk', (c) =>
    c.body(bareBody, 200, { 'Content-Type': 'application/octet-stream' }),
  );
  // One server: the bare route is answered before the app (and its middleware) sees the request.
  const fetch = (request: Request, bindings?: unknown) =>
    request.url.endsWith('/bare-chunk') ? bare.fetch(request, bindings) : app.fetch(request, bindings);

  const results = await withServer(fetch, async (baseUrl) => {
    const check = await globalThis.fetch(`${baseUrl}${chunkUrlPath}`, { headers: { cookie } });
    const bytes = new Uint8Array(await check.arrayBuffer());
    if (check.status !== 200) throw new Error(`GET chunk answered ${check.status}`);
    if (bytes.length !== chunk.size || createHash('sha256').update(bytes).digest('hex') !== chunk.sha256) {
      throw new Error('the chunk endpoint did not answer the stored ciphertext');
    }
    const bareCheck = await globalThis.fetch(`${baseUrl}/bare-chunk`);
    if ((await bareCheck.arrayBuffer()).byteLength !== chunk.size)
      throw new Error('the bare route answered the wrong size');
    return compare(
      () => load('bare GET 1 MiB', `${baseUrl}/bare-chunk`, LOAD),
      () => load('GET /api/books/:id/chunks/0', `${baseUrl}${chunkUrlPath}`, { ...LOAD, headers: { cookie } }),
    );
  });
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = {
    machine: { cpus: os.cpus().length },
    load: LOAD,
    chunkBytes: chunk.size,
    bare: { ...results.baseline, mibPerSecond: mibPerSecond(results.baseline, chunk.size) },
    chunk: { ...results.candidate, mibPerSecond: mibPerSecond(results.candidate, chunk.size) },
    mibPerSecondRatio: results.throughputRatio,
    p99Ratio: results.p99Ratio,
    targets: { mibPerSecondRatioAtLeast: TARGET_RATIO },
  };
  writeResult('chunks', summary);
  return summary;
}
