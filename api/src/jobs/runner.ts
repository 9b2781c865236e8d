/**
 * Scheduled work shared safely by every worker process (docs/ARCHITECTURE.md#adapters-and-jobs: jobs live in the
 * database). Each job has a row in `scheduled_jobs`; a worker claims a due job by pushing `lockedUntil` forward inside
 * BEGIN IMMEDIATE, runs it, then records the outcome and the next run time. A crashed worker's claim simply expires.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { immediateTransaction } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { AppDeps } from '../deps';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run: (deps: AppDeps) => void | Promise<void>;
}

const CLAIM_MS = 5 * 60 * 1000;

/** Makes sure every job has a row; a new job is due at once. */
export function registerJobs(deps: Pick<AppDeps, 'db' | 'now'>, jobs: ScheduledJob[]): void {
  for (const job of jobs) {
    deps.db.insert(scheduledJobs).values({ name: job.name, nextRunAt: deps.now() }).onConflictDoNothing().run();
  }
}

function claim(deps: AppDeps, job: ScheduledJob, workerId: string): boolean {
  const now = deps.now();
  return immediateTransaction(deps.db, () => {
    const claimed = deps.db
      .update(scheduledJobs)
      .set({
        lockedUntil: new Date(now.getTime() + CLAIM_MS),
        lockedBy: workerId,
        lastRunAt: now,
        lastStatus: 'running',
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, now)),
        ),
      )
      .run();
    return claimed.changes === 1;
  });
}

/** Runs every due job once; returns the names it ran. Tests call this directly. */
export async function runDueJobs(deps: AppDeps, jobs: ScheduledJob[], workerId: string): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    if (!claim(deps, job, workerId)) continue;
    let status: 'succeeded' | 'failed' = 'succeeded';
    let error: string | null = null;
    try {
      await job.run(deps);
    } catch (caught) {
      status = 'failed';
      error = caught instanceof Error ? caught.message : String(caught);
      deps.logger.error({ err: caught, job: job.name }, 'scheduled job failed');
    }
    const finished = deps.now();
    deps.db
      .update(scheduledJobs)
      .set({
        lastStatus: status,
        lastError: error,
        lastFinishedAt: finished,
        nextRunAt: new Date(finished.getTime() + job.intervalMs),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(eq(scheduledJobs.name, job.name))
      .run();
    ran.push(job.name);
  }
  return ran;
}

/** Polls for due jobs in the background; returns a function that stops it. */
export function startJobRunner(deps: AppDeps, jobs: ScheduledJob[], pollMs = 60_000): () => void {
  registerJobs(deps, jobs);
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs(deps, jobs, workerId);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
