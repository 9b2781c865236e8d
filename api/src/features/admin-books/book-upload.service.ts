/**
 * The admin PDF upload (docs/product/back-office.md#books): the request body is streamed to a temporary file (never
 * held whole in memory, refused past MAX_PDF_BYTES or when its first kilobyte has no PDF header), then a job runs the
 * ingest pipeline on it and reports each step. Jobs live in this process's memory (a map per database) for an hour
 * after they end: the browser polls its own job while it watches, and a restart mid-ingest loses only the progress
 * report, since the pipeline stores a version atomically or not at all. The temporary file is deleted when the job ends.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ADMIN_BOOK_MESSAGES, type TBookUploadJob } from '@shared/admin-books';
import { INGEST_MESSAGES } from '@shared/ingest';
import type { Db } from '../../db/client';
import { books } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isPdfHeader, uploadBookPdf, type TIngestDeps } from '../ingest/ingest.service';
import type { TBookActor } from './admin-books.service';

/** PDF readers accept the header anywhere in the first kilobyte (ingest.service.ts does the same check). */
const HEADER_WINDOW = 1024;
const JOB_RETENTION_MS = 60 * 60 * 1000;

const JOBS = new WeakMap<Db, Map<string, TBookUploadJob & { endedAt: number | null }>>();

function jobsOf(db: Db) {
  let jobs = JOBS.get(db);
  if (!jobs) {
    jobs = new Map();
    JOBS.set(db, jobs);
  }
  return jobs;
}

function forgetOldJobs(db: Db, nowMs: number): void {
  for (const [id, job] of jobsOf(db))
    if (job.endedAt !== null && nowMs - job.endedAt > JOB_RETENTION_MS) jobsOf(db).delete(id);
}

const notPdf = () =>
  new AppError('not_a_pdf', 422, INGEST_MESSAGES.notPdf, [{ field: 'file', message: INGEST_MESSAGES.notPdf }]);
const tooLarge = (maxBytes: number) =>
  new AppError('pdf_too_large', 413, INGEST_MESSAGES.tooLarge(maxBytes), [
    { field: 'file', message: INGEST_MESSAGES.tooLarge(maxBytes) },
  ]);

/** Writes the body to `file` as it arrives; stops reading at the first byte past `maxBytes` or a missing header. */
export async function streamPdfToFile(
  body: ReadableStream<Uint8Array> | null,
  file: string,
  maxBytes: number,
): Promise<number> {
  if (!body)
    throw new AppError('missing_file', 422, INGEST_MESSAGES.missingFile, [
      { field: 'file', message: INGEST_MESSAGES.missingFile },
    ]);
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const reader = body.getReader();
  let size = 0;
  let head = Buffer.alloc(0);
  let headerChecked = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      if (!headerChecked) {
        head = Buffer.concat([head, value]);
        if (head.length >= HEADER_WINDOW) {
          if (!isPdfHeader(head)) throw notPdf();
          headerChecked = true;
        }
      }
      if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', resolve));
    }
    if (size === 0)
      throw new AppError('missing_file', 422, INGEST_MESSAGES.missingFile, [
        { field: 'file', message: INGEST_MESSAGES.missingFile },
      ]);
    if (!headerChecked && !isPdfHeader(head)) throw notPdf();
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return size;
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}

/**
 * POST /api/admin/books/:id/uploads: receives the PDF and starts its job. Answers once the bytes are on disk; the
 * pipeline's steps follow in the job (getBookUploadJob).
 */
export async function startBookUpload(
  deps: TIngestDeps,
  { bookId, body, actor }: { bookId: string; body: ReadableStream<Uint8Array> | null; actor: TBookActor },
): Promise<TBookUploadJob> {
  if (!deps.db.select({ id: books.id }).from(books).where(eq(books.id, bookId)).get())
    throw new AppError('not_found', 404, ADMIN_BOOK_MESSAGES.bookNotFound);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'wb-upload-'));
  const file = path.join(dir, 'book.pdf');
  let sizeBytes: number;
  try {
    sizeBytes = await streamPdfToFile(body, file, deps.env.MAX_PDF_BYTES);
  } catch (error) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw error;
  }
  forgetOldJobs(deps.db, deps.now().getTime());
  const job = {
    id: randomUUID(),
    bookId,
    status: 'processing' as const,
    step: 'checks' as const,
    sizeBytes,
    version: null,
    unchanged: false,
    error: null,
    endedAt: null,
  };
  const jobs = jobsOf(deps.db);
  jobs.set(job.id, job);
  void runJob(deps, job.id, file, dir, actor);
  return publicJob(job);
}

async function runJob(deps: TIngestDeps, jobId: string, file: string, dir: string, actor: TBookActor) {
  const jobs = jobsOf(deps.db);
  const update = (changes: Partial<TBookUploadJob & { endedAt: number | null }>) => {
    const job = jobs.get(jobId);
    if (job) jobs.set(jobId, { ...job, ...changes });
  };
  try {
    const job = jobs.get(jobId);
    if (!job) return;
    const pdf = new Uint8Array(await fs.promises.readFile(file));
    const result = await uploadBookPdf(deps, {
      bookId: job.bookId,
      pdf,
      onStep: (step) => update({ step }),
      actor: {
        userId: actor.userId,
        sessionId: actor.sessionId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
      },
    });
    update({ status: 'done', version: result.version, unchanged: result.unchanged, endedAt: deps.now().getTime() });
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) deps.logger.error({ err: error, jobId }, 'book upload job failed');
    update({
      status: 'failed',
      error: known
        ? { code: error.code, message: error.message }
        : { code: 'ingest_failed', message: 'The PDF could not be stored: try again, or see the server log' },
      endedAt: deps.now().getTime(),
    });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function publicJob({ endedAt: _endedAt, ...job }: TBookUploadJob & { endedAt: number | null }): TBookUploadJob {
  return job;
}

/** GET /api/admin/book-uploads/:id */
export function getBookUploadJob({ db, jobId }: { db: Db; jobId: string }): TBookUploadJob {
  const job = jobsOf(db).get(jobId);
  if (!job) throw new AppError('not_found', 404, ADMIN_BOOK_MESSAGES.uploadNotFound);
  return publicJob(job);
}

/** Test support and shutdown: resolves when no job of this database is still processing. */
export async function settleBookUploads(db: Db, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while ([...jobsOf(db).values()].some((job) => job.status === 'processing')) {
    if (Date.now() - started > timeoutMs) throw new Error('book upload jobs still running');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
