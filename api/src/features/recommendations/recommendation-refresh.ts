/**
 * Recommendations follow reading (docs/product/recommendations.md#after-reading). A sync that moved a reader's place
 * or finished a book, and a review written or deleted, note the reader here (queueRecommendationRefresh: a map entry,
 * nothing more on the request path). The refresher of this process recomputes the noted readers once they have been
 * quiet for REFRESH_QUIET_MS, or REFRESH_MAX_WAIT_MS after the first change for a reader who keeps reading, so a
 * page turn every few seconds costs one refresh, not one per sync.
 *
 * The queue lives in this process's memory, per database: a restart loses at most a refresh that the hourly run makes
 * anyway, and each worker refreshes the readers whose requests it served.
 */
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { refreshReaderRecommendations } from './recommendations.service';

export const REFRESH_QUIET_MS = 15_000;
export const REFRESH_MAX_WAIT_MS = 2 * 60_000;
const REFRESH_POLL_MS = 5_000;

type TRefreshDeps = Pick<AppDeps, 'db' | 'now' | 'logger'>;
/** Reader id → when their reading first and last changed since their last refresh (ms). */
type TQueue = Map<string, { firstMs: number; lastMs: number }>;

const queues = new WeakMap<Db, TQueue>();

/** Notes that this reader's reading changed at `now`; the refresher recomputes their rows a little later. */
export function queueRecommendationRefresh(db: Db, userId: string, now: Date): void {
  let queue = queues.get(db);
  if (!queue) {
    queue = new Map();
    queues.set(db, queue);
  }
  const nowMs = now.getTime();
  const entry = queue.get(userId);
  if (entry) entry.lastMs = Math.max(entry.lastMs, nowMs);
  else queue.set(userId, { firstMs: nowMs, lastMs: nowMs });
}

/**
 * Recomputes the rows of every noted reader who is due (quiet long enough, or waiting too long) and takes them off the
 * queue; a reader who changes something meanwhile is noted again. Returns how many readers were refreshed.
 */
export async function refreshQueuedRecommendations(deps: TRefreshDeps): Promise<number> {
  const queue = queues.get(deps.db);
  if (!queue || queue.size === 0) return 0;
  const nowMs = deps.now().getTime();
  const due: string[] = [];
  for (const [userId, { firstMs, lastMs }] of queue)
    if (nowMs - lastMs >= REFRESH_QUIET_MS || nowMs - firstMs >= REFRESH_MAX_WAIT_MS) due.push(userId);
  if (due.length === 0) return 0;
  for (const userId of due) queue.delete(userId);
  try {
    const rows = await refreshReaderRecommendations(deps, due);
    deps.logger.debug({ readers: due.length, rows }, 'recommendations refreshed after reading');
  } catch (error) {
    // The hourly run computes these readers again; a failed refresh only delays their new rows.
    deps.logger.error({ err: error, readers: due.length }, 'recommendations refresh failed');
  }
  return due.length;
}

/** Polls the queue in the background (one refresh at a time); returns a function that stops it. */
export function startRecommendationRefresher(deps: TRefreshDeps, pollMs = REFRESH_POLL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void refreshQueuedRecommendations(deps).finally(() => {
      running = false;
    });
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
