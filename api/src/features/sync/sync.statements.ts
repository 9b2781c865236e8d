/**
 * The sync service's statements, prepared once per connection: a batch of fifty mutations runs a
 * few hundred of them, and preparing costs far more than running (api/src/db/per-connection.ts).
 * Times are bound as epoch ms, the representation the schema stores (docs/ARCHITECTURE.md#conventions).
 */
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';

export interface TSessionRow {
  id: string;
  user_id: string;
  book_id: string;
  started_at: number;
  ended_at: number | null;
}

export interface TProgressRow {
  id: string;
  current_page: number;
  total_pages: number | null;
  furthest_page: number;
  last_read_at: number | null;
  hlc: string | null;
  device_id: string | null;
}

export interface TBookmarkRow {
  id: string;
  user_id: string;
  book_id: string;
  page: number;
  note: string | null;
  hlc: string | null;
  deleted_at: number | null;
}

export const syncStatements = perConnection((db: Db) => {
  const client = db.$client;
  const savepoint = client.transaction((work: () => unknown) => work());
  return {
    /** Runs `work` in a savepoint of the batch's transaction: a throw undoes only this mutation. */
    inSavepoint: <T>(work: () => T): T => savepoint(work) as T,
    recordedMutation: client.prepare<
      [userId: string, deviceId: string, mutationId: string],
      { status: 'applied' | 'rejected'; reason: string | null }
    >('select status, reason from sync_mutations where user_id = ? and device_id = ? and mutation_id = ?'),
    /**
     * Claims a mutation id before its effect is applied: no change means the (user, device, mutation)
     * was seen before. One unique-index probe per mutation, where looking the ids up first and
     * inserting afterwards would take two. Positional parameters: binding by name costs measurably more.
     */
    claimMutation: client.prepare<
      [
        id: string,
        userId: string,
        deviceId: string,
        mutationId: string,
        type: string,
        hlc: string,
        status: 'applied' | 'rejected',
        reason: string | null,
        now: number,
      ]
    >(
      `insert into sync_mutations (id, user_id, device_id, mutation_id, type, hlc, status, reason, applied_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id, device_id, mutation_id) do nothing`,
    ),
    refuseMutation: client.prepare<[reason: string, userId: string, deviceId: string, mutationId: string]>(
      `update sync_mutations set status = 'rejected', reason = ? where user_id = ? and device_id = ? and mutation_id = ?`,
    ),
    progress: client.prepare<[string, string], TProgressRow>(
      `select id, current_page, total_pages, furthest_page, last_read_at, hlc, device_id
       from reading_progress where user_id = ? and book_id = ?`,
    ),
    insertProgress: client.prepare(
      `insert into reading_progress (id, user_id, book_id, current_page, total_pages, progress_percentage, furthest_page, last_read_at, hlc, device_id, created_at, updated_at)
       values (@id, @userId, @bookId, @currentPage, @totalPages, @percentage, @furthestPage, @lastReadAt, @hlc, @deviceId, @now, @now)`,
    ),
    updateProgress: client.prepare(
      `update reading_progress set current_page = @currentPage, total_pages = @totalPages, progress_percentage = @percentage,
         furthest_page = @furthestPage, last_read_at = @lastReadAt, hlc = @hlc, device_id = @deviceId, updated_at = @now
       where id = @id`,
    ),
    bookmark: client.prepare<[string], TBookmarkRow>(
      'select id, user_id, book_id, page, note, hlc, deleted_at from bookmarks where id = ?',
    ),
    insertBookmark: client.prepare(
      `insert into bookmarks (id, user_id, book_id, page, note, hlc, deleted_at, created_at, updated_at)
       values (@id, @userId, @bookId, @page, @note, @hlc, @deletedAt, @now, @now)`,
    ),
    updateBookmark: client.prepare(
      'update bookmarks set page = @page, note = @note, hlc = @hlc, deleted_at = @deletedAt, updated_at = @now where id = @id',
    ),
    session: client.prepare<[string], TSessionRow>(
      'select id, user_id, book_id, started_at, ended_at from reading_sessions where id = ?',
    ),
    insertSession: client.prepare(
      `insert into reading_sessions (id, user_id, book_id, started_at, device, app_version, created_at, updated_at)
       values (@id, @userId, @bookId, @startedAt, @device, @appVersion, @now, @now)`,
    ),
    completeSession: client.prepare(
      `update reading_sessions set started_at = @startedAt, device = coalesce(device, @device),
         app_version = coalesce(app_version, @appVersion), updated_at = @now where id = @id`,
    ),
    endSession: client.prepare('update reading_sessions set ended_at = @endedAt, updated_at = @now where id = @id'),
    insertEvent: client.prepare<
      [
        id: string,
        sessionId: string,
        userId: string,
        bookId: string,
        eventType: string,
        pageNumber: number | null,
        progressPct: number | null,
        durationMs: number | null,
        meta: string | null,
        occurredAt: number,
        now: number,
      ]
    >(
      `insert into reading_events (id, session_id, user_id, book_id, event_type, page_number, progress_pct, duration_ms, meta, occurred_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do nothing`,
    ),
    eventOwner: client.prepare<[string], string>('select user_id from reading_events where id = ?').pluck(),
    bookCharacters: client
      .prepare<[string], number>(
        `select pa.total_characters from books b join pdf_assets pa on pa.book_id = b.id and pa.version = b.content_version where b.id = ?`,
      )
      .pluck(),
  };
});
