/**
 * The per reader and book aggregates derived from positions, sessions and events
 * (docs/product/data-model.md#stored-tables book_progress_snapshot, analytics_user_library). Writers collect what a
 * request changed into one delta per book and apply it once, inside their own transaction, so a batch of fifty events
 * costs two upserts rather than a hundred. Sums only grow by deltas of rows that were newly stored, which is what keeps
 * re-sent events from counting twice.
 */
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';

export interface TBookDelta {
  openCount: number;
  lastOpenedAt: number | null;
  sessionCount: number;
  /** Reading time from sessions that ended. */
  timeSpentMs: number;
  ttsTimeMs: number;
  completedAt: number | null;
  /** The position changed: the snapshot copies the current reading_progress row. */
  positionChanged: boolean;
}

export function emptyDelta(): TBookDelta {
  return {
    openCount: 0,
    lastOpenedAt: null,
    sessionCount: 0,
    timeSpentMs: 0,
    ttsTimeMs: 0,
    completedAt: null,
    positionChanged: false,
  };
}

const laterOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const earlierOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

export function mergeDelta(target: TBookDelta, change: Partial<TBookDelta>): void {
  target.openCount += change.openCount ?? 0;
  target.lastOpenedAt = laterOf(target.lastOpenedAt, change.lastOpenedAt ?? null);
  target.sessionCount += change.sessionCount ?? 0;
  target.timeSpentMs += change.timeSpentMs ?? 0;
  target.ttsTimeMs += change.ttsTimeMs ?? 0;
  target.completedAt = earlierOf(target.completedAt, change.completedAt ?? null);
  target.positionChanged ||= change.positionChanged ?? false;
}

const statements = perConnection((db) => ({
  position: db.$client.prepare<
    [string, string],
    { current_page: number; progress_percentage: number; last_read_at: number | null }
  >('select current_page, progress_percentage, last_read_at from reading_progress where user_id = ? and book_id = ?'),
  snapshot: db.$client.prepare(
    `insert into book_progress_snapshot (id, user_id, book_id, last_page, progress_pct, last_read_at, completed_at, time_spent_ms, tts_time_ms, created_at, updated_at)
     values (@id, @userId, @bookId, coalesce(@lastPage, 0), coalesce(@progressPct, 0), @lastReadAt, @completedAt, @timeSpentMs, @ttsTimeMs, @now, @now)
     on conflict (user_id, book_id) do update set
       last_page = coalesce(@lastPage, last_page),
       progress_pct = coalesce(@progressPct, progress_pct),
       last_read_at = case when @lastReadAt is null then last_read_at when last_read_at is null then @lastReadAt else max(last_read_at, @lastReadAt) end,
       completed_at = coalesce(completed_at, @completedAt),
       time_spent_ms = time_spent_ms + @timeSpentMs,
       tts_time_ms = tts_time_ms + @ttsTimeMs,
       updated_at = @now`,
  ),
  analytics: db.$client.prepare(
    `insert into analytics_user_library (id, user_id, book_id, added_at, removed_at, open_count, session_count, total_time_ms, last_opened_at, completed_at, created_at, updated_at)
     values (@id, @userId, @bookId, @addedAt, @removedAt, @openCount, @sessionCount, @totalTimeMs, @lastOpenedAt, @completedAt, @now, @now)
     on conflict (user_id, book_id) do update set
       added_at = coalesce(@addedAt, added_at),
       removed_at = case when @addedAt is not null then null when @removedAt is not null then @removedAt else removed_at end,
       open_count = open_count + @openCount,
       session_count = session_count + @sessionCount,
       total_time_ms = total_time_ms + @totalTimeMs,
       last_opened_at = case when @lastOpenedAt is null then last_opened_at when last_opened_at is null then @lastOpenedAt else max(last_opened_at, @lastOpenedAt) end,
       completed_at = coalesce(completed_at, @completedAt),
       updated_at = @now`,
  ),
}));

/** Applies one book's delta to both aggregates. Call inside the writer's transaction. */
export function applyBookDelta(
  db: Db,
  options: { userId: string; bookId: string; delta: TBookDelta; nowMs: number },
): void {
  const { userId, bookId, delta, nowMs } = options;
  const position = delta.positionChanged ? statements(db).position.get(userId, bookId) : undefined;
  const touchesSnapshot =
    position !== undefined || delta.timeSpentMs > 0 || delta.ttsTimeMs > 0 || delta.completedAt !== null;
  if (touchesSnapshot) {
    statements(db).snapshot.run({
      id: crypto.randomUUID(),
      userId,
      bookId,
      lastPage: position?.current_page ?? null,
      progressPct: position?.progress_percentage ?? null,
      lastReadAt: position?.last_read_at ?? null,
      completedAt: delta.completedAt,
      timeSpentMs: delta.timeSpentMs,
      ttsTimeMs: delta.ttsTimeMs,
      now: nowMs,
    });
  }
  const touchesAnalytics =
    delta.openCount > 0 ||
    delta.sessionCount > 0 ||
    delta.timeSpentMs > 0 ||
    delta.completedAt !== null ||
    delta.lastOpenedAt !== null;
  if (touchesAnalytics) {
    statements(db).analytics.run({
      id: crypto.randomUUID(),
      userId,
      bookId,
      addedAt: null,
      removedAt: null,
      openCount: delta.openCount,
      sessionCount: delta.sessionCount,
      totalTimeMs: delta.timeSpentMs,
      lastOpenedAt: delta.lastOpenedAt,
      completedAt: delta.completedAt,
      now: nowMs,
    });
  }
}

/** A book entered or left the reader's library shelf. Call inside the writer's transaction. */
export function recordLibraryChange(
  db: Db,
  options: { userId: string; bookId: string; change: 'added' | 'removed'; nowMs: number },
): void {
  const { userId, bookId, change, nowMs } = options;
  statements(db).analytics.run({
    id: crypto.randomUUID(),
    userId,
    bookId,
    addedAt: change === 'added' ? nowMs : null,
    removedAt: change === 'removed' ? nowMs : null,
    openCount: 0,
    sessionCount: 0,
    totalTimeMs: 0,
    lastOpenedAt: null,
    completedAt: null,
    now: nowMs,
  });
}
