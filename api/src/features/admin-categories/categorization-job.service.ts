/**
 * Bulk categorisation (docs/product/site-content.md#bulk-categorisation): the selection (books by hand or every book
 * a filter matches) is resolved once, then a job adds and removes the categories in batches, one BEGIN IMMEDIATE
 * transaction per batch, yielding between batches so the server keeps answering and the screen can poll the progress.
 * Jobs live in this process's memory (a map per database) for an hour after they end, like the PDF upload jobs: a
 * restart mid-job loses only the progress report; the batches already written stay written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, max } from 'drizzle-orm';
import { BOOK_CATEGORIES_MAX, CATEGORY_MESSAGES, type TCategorizationJob } from '@shared/admin-categories';
import type { TCategorizationRequest } from '@shared/admin-categories.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { bookCategories, books } from '../../db/schema';
import { reindexBook } from '../../db/search-index';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../logger';
import { recordAudit } from '../audit/audit.service';
import { adminBookFilter } from '../admin-books/admin-books.service';
import { assertCategoriesExist, type TCategoryActor } from './admin-categories.service';

/** Books written per transaction: short enough that readers' writes never wait long for the lock. */
const BATCH_SIZE = 100;
const JOB_RETENTION_MS = 60 * 60 * 1000;

interface TJobState extends TCategorizationJob {
  endedAt: number | null;
  done: Promise<void>;
}

const JOBS = new WeakMap<Db, Map<string, TJobState>>();

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

const publicJob = ({ endedAt: _endedAt, done: _done, ...job }: TJobState): TCategorizationJob => ({ ...job });

function resolveBookIds(db: Db, request: TCategorizationRequest): string[] {
  if (request.bookIds) {
    const found = new Set(
      db
        .select({ id: books.id })
        .from(books)
        .where(inArray(books.id, request.bookIds))
        .all()
        .map((row) => row.id),
    );
    return request.bookIds.filter((id) => found.has(id));
  }
  return db
    .select({ id: books.id })
    .from(books)
    .where(adminBookFilter(request.filter ?? {}))
    .orderBy(books.id)
    .all()
    .map((row) => row.id);
}

/** One batch: remove, then add after the book's last category; a book that would pass the limit is left alone. */
function applyBatch(
  db: Db,
  bookIds: string[],
  add: string[],
  remove: string[],
  now: Date,
): { changed: string[]; skippedFull: number } {
  return immediateTransaction(db, () => {
    const changed: string[] = [];
    let skippedFull = 0;
    for (const bookId of bookIds) {
      const current = db
        .select({ categoryId: bookCategories.categoryId })
        .from(bookCategories)
        .where(eq(bookCategories.bookId, bookId))
        .all()
        .map((row) => row.categoryId);
      const toRemove = remove.filter((id) => current.includes(id));
      const toAdd = add.filter((id) => !current.includes(id));
      if (current.length - toRemove.length + toAdd.length > BOOK_CATEGORIES_MAX) {
        skippedFull += 1;
        continue;
      }
      if (toRemove.length > 0)
        db.delete(bookCategories)
          .where(and(eq(bookCategories.bookId, bookId), inArray(bookCategories.categoryId, toRemove)))
          .run();
      if (toAdd.length > 0) {
        const last =
          db
            .select({ position: max(bookCategories.position) })
            .from(bookCategories)
            .where(eq(bookCategories.bookId, bookId))
            .get()?.position ?? -1;
        db.insert(bookCategories)
          .values(toAdd.map((categoryId, index) => ({ bookId, categoryId, position: last + 1 + index })))
          .run();
      }
      if (toRemove.length + toAdd.length > 0) changed.push(bookId);
    }
    if (changed.length > 0) db.update(books).set({ updatedAt: now }).where(inArray(books.id, changed)).run();
    return { changed, skippedFull };
  });
}

/**
 * POST /api/admin/categorization-jobs: checks the categories, resolves the books and starts the job; answers it at
 * once (202) with its total. The audit entry is written when the job ends, with what it did.
 */
export function startCategorizationJob(
  { db, now, logger }: { db: Db; now: () => Date; logger: Logger },
  { actor, request }: { actor: TCategoryActor; request: TCategorizationRequest },
): TCategorizationJob {
  assertCategoriesExist(db, request.add, 'add');
  assertCategoriesExist(db, request.remove, 'remove');
  const bookIds = resolveBookIds(db, request);
  if (bookIds.length === 0)
    throw new AppError('no_books', 422, CATEGORY_MESSAGES.noBooksMatch, [
      { field: request.bookIds ? 'bookIds' : 'filter', message: CATEGORY_MESSAGES.noBooksMatch },
    ]);
  forgetOldJobs(db, now().getTime());
  const job: TJobState = {
    id: randomUUID(),
    status: 'running',
    total: bookIds.length,
    processed: 0,
    changed: 0,
    skippedFull: 0,
    error: null,
    endedAt: null,
    done: Promise.resolve(),
  };
  jobsOf(db).set(job.id, job);
  job.done = (async () => {
    try {
      for (let start = 0; start < bookIds.length; start += BATCH_SIZE) {
        // Let requests in between batches: the job shares the process with every reader.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = bookIds.slice(start, start + BATCH_SIZE);
        const result = applyBatch(db, batch, request.add, request.remove, now());
        for (const bookId of result.changed) reindexBook(db, bookId);
        job.processed += batch.length;
        job.changed += result.changed.length;
        job.skippedFull += result.skippedFull;
      }
      job.status = 'done';
    } catch (error) {
      job.status = 'failed';
      job.error = 'The categorisation stopped before the end; the books already changed keep their new categories.';
      logger.error({ err: error, jobId: job.id }, 'bulk categorisation failed');
    }
    job.endedAt = now().getTime();
    recordAudit(
      { db, now },
      {
        action: 'admin.category.bulk_update',
        resource: 'category',
        userId: actor.userId,
        sessionId: actor.sessionId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        severity: job.status === 'failed' ? 'warning' : 'info',
        status: job.status === 'failed' ? 'failure' : 'success',
        details: {
          selection: request.bookIds ? 'by hand' : 'by filter',
          add: request.add,
          remove: request.remove,
          total: job.total,
          changed: job.changed,
          skippedFull: job.skippedFull,
        },
      },
    );
  })();
  return publicJob(job);
}

/** GET /api/admin/categorization-jobs/:id. */
export function getCategorizationJob({ db, jobId }: { db: Db; jobId: string }): TCategorizationJob {
  const job = jobsOf(db).get(jobId);
  if (!job) throw new AppError('not_found', 404, CATEGORY_MESSAGES.jobNotFound);
  return publicJob(job);
}

/** Waits for every job of this database to end (tests, and a graceful stop). */
export async function settleCategorizationJobs(db: Db): Promise<void> {
  await Promise.all([...jobsOf(db).values()].map((job) => job.done));
}
