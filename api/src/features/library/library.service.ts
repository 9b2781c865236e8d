/**
 * The reader's shelf (docs/API.md: library; docs/product/data-model.md#stored-tables: user_library): the books they
 * added, the books they picked (active selections, as the entitlement rules see them now) and the books they have
 * started, each with its reading progress, filterable by status; adding and removing shelf entries (each recorded as a
 * reading event, add_to_library / remove_from_library); and the dashboard's reading figures. Always scoped to the
 * session user.
 */
import { readingTotals } from '../reading-stats/reading-stats.service';
import {
  readingStatus,
  type TLibraryEntry,
  type TLibraryFilter,
  type TLibraryItem,
  type TLibraryList,
  type TReadingStats,
} from '@shared/progress';
import type { TLibraryQuery, TReadingEventType } from '@shared/sync.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { AppError } from '../../lib/app-error';
import { primaryCategorySql, readerCoverUrl } from '../catalogue/cover-svg';
import { recordLibraryChange } from '../progress/reading-aggregates';
import { canReadBook } from '@shared/entitlement';
import { findBook, syncEntitlements } from '../selections/entitlement-state';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * reading_events need a session; a shelf change is not reading, so each one gets its own zero-length
 * session marked with this device label, which reading-time figures never include.
 */
export const LIBRARY_SESSION_DEVICE = 'library';

interface TShelfProgressRow {
  book_id: string;
  current_page: number;
  total_pages: number | null;
  progress_percentage: number;
  furthest_page: number;
  last_read_at: number | null;
  completed_at: number | null;
}

interface TShelfBookRow {
  id: string;
  title: string;
  slug: string;
  author: string;
  cover_image_url: string | null;
  category: string | null;
  required_tier: TLibraryItem['requiredTier'];
}

const statements = perConnection((db) => {
  const client = db.$client;
  return {
    library: client.prepare<[string], { book_id: string; added_at: number }>(
      'select book_id, added_at from user_library where user_id = ?',
    ),
    progress: client.prepare<[string], TShelfProgressRow>(
      `select rp.book_id, rp.current_page, rp.total_pages, rp.progress_percentage, rp.furthest_page, rp.last_read_at, snap.completed_at
       from reading_progress rp
       left join book_progress_snapshot snap on snap.user_id = rp.user_id and snap.book_id = rp.book_id
       where rp.user_id = ?`,
    ),
    books: client.prepare<[string], TShelfBookRow>(
      `select b.id, b.title, b.slug, b.author, b.cover_image_url, ${primaryCategorySql('b')} as category, b.required_tier
       from books b where b.is_published = 1 and b.id in (select value from json_each(?))`,
    ),
    totals: client.prepare<{ userId: string }, { time_read_ms: number; listened_ms: number; sessions: number }>(
      `select
         coalesce((select sum(time_spent_ms) from book_progress_snapshot where user_id = @userId), 0) as time_read_ms,
         coalesce((select sum(tts_time_ms) from book_progress_snapshot where user_id = @userId), 0) as listened_ms,
         coalesce((select sum(session_count) from analytics_user_library where user_id = @userId), 0) as sessions`,
    ),
    addToLibrary: client.prepare(
      'insert into user_library (id, user_id, book_id, added_at) values (?, ?, ?, ?) on conflict (user_id, book_id) do nothing',
    ),
    libraryEntry: client
      .prepare<[string, string], number>('select added_at from user_library where user_id = ? and book_id = ?')
      .pluck(),
    libraryBookByRef: client
      .prepare<{ userId: string; ref: string }, string>(
        `select book_id from user_library where user_id = @userId
           and book_id = coalesce((select id from books where id = @ref), (select id from books where slug = @ref))`,
      )
      .pluck(),
    removeFromLibrary: client.prepare('delete from user_library where user_id = ? and book_id = ?'),
    insertSession: client.prepare(
      `insert into reading_sessions (id, user_id, book_id, started_at, ended_at, device, created_at, updated_at)
       values (@id, @userId, @bookId, @now, @now, '${LIBRARY_SESSION_DEVICE}', @now, @now)`,
    ),
    insertEvent: client.prepare(
      `insert into reading_events (id, session_id, user_id, book_id, event_type, occurred_at, created_at)
       values (@id, @sessionId, @userId, @bookId, @eventType, @now, @now)`,
    ),
  };
});

/** Every book on the reader's shelf with its state, most recent activity first. */
function shelf(db: Db, userId: string, now: Date): TLibraryItem[] {
  const s = statements(db);
  const state = syncEntitlements({ db, userId, now, write: false });
  const selections = state.sync.selections;
  const library = new Map(s.library.all(userId).map((row) => [row.book_id, row.added_at]));
  const progress = new Map(s.progress.all(userId).map((row) => [row.book_id, row]));
  const selected = new Map(selections.map((selection) => [selection.bookId, selection]));
  const bookIds = new Set([...library.keys(), ...progress.keys(), ...selected.keys()]);
  if (bookIds.size === 0) return [];
  const items = s.books.all(JSON.stringify([...bookIds])).map((book): TLibraryItem & { activity: number } => {
    const addedAt = library.get(book.id) ?? null;
    const selection = selected.get(book.id) ?? null;
    const read = progress.get(book.id) ?? null;
    return {
      bookId: book.id,
      title: book.title,
      slug: book.slug,
      author: book.author,
      coverImageUrl: readerCoverUrl({ ...book, coverImageUrl: book.cover_image_url }),
      requiredTier: book.required_tier,
      // The same rule as opening the book, so no screen offers "Continue reading" for a book that then refuses.
      canOpen: canReadBook(state.user, { id: book.id, requiredTier: book.required_tier }, selections, now).ok,
      inLibrary: addedAt !== null,
      addedAt: iso(addedAt),
      selected: selection !== null,
      selectedAt: iso(selection?.selectedAt ?? null),
      lockedUntil: iso(selection?.lockedUntil ?? null),
      status: readingStatus(read ? { completedAt: read.completed_at, furthestPage: read.furthest_page } : null),
      progress: read
        ? {
            currentPage: read.current_page,
            totalPages: read.total_pages,
            progressPercentage: read.progress_percentage,
            furthestPage: read.furthest_page,
            lastReadAt: iso(read.last_read_at),
          }
        : null,
      completedAt: iso(read?.completed_at ?? null),
      activity: Math.max(read?.last_read_at ?? 0, addedAt ?? 0, selection?.selectedAt ?? 0),
    };
  });
  items.sort((a, b) => b.activity - a.activity || a.title.localeCompare(b.title) || (a.bookId < b.bookId ? -1 : 1));
  return items.map(({ activity: _activity, ...item }) => item);
}

const matches: Record<TLibraryFilter, (item: TLibraryItem) => boolean> = {
  all: () => true,
  in_progress: (item) => item.status === 'in_progress',
  finished: (item) => item.status === 'finished',
  selected: (item) => item.selected,
};

/** GET /api/library. */
export function listLibrary(options: { db: Db; userId: string; query: TLibraryQuery; now: Date }): TLibraryList {
  const { db, userId, query, now } = options;
  const items = shelf(db, userId, now);
  const counts = {
    all: items.length,
    in_progress: items.filter(matches.in_progress).length,
    finished: items.filter(matches.finished).length,
    selected: items.filter(matches.selected).length,
  };
  const filtered = items.filter(matches[query.status]);
  const start = (query.page - 1) * query.limit;
  return {
    items: filtered.slice(start, start + query.limit),
    total: filtered.length,
    page: query.page,
    limit: query.limit,
    counts,
  };
}

/** GET /api/library/stats: the dashboard's figures. */
export function getReadingStats(options: { db: Db; userId: string; now: Date }): TReadingStats {
  const { db, userId, now } = options;
  const items = shelf(db, userId, now);
  const totals = statements(db).totals.get({ userId })!;
  const counted = readingTotals(db, userId, now);
  const lastReadAt = items.reduce<string | null>((latest, item) => {
    const at = item.progress?.lastReadAt ?? null;
    return at !== null && (latest === null || at > latest) ? at : latest;
  }, null);
  return {
    // Every book the shelf shows (added, picked or started), as /library's "All" counts them.
    booksInLibrary: items.length,
    inProgress: items.filter(matches.in_progress).length,
    finished: items.filter(matches.finished).length,
    selected: items.filter(matches.selected).length,
    // Counted by the counting rules (docs/product/reading-stats.md#counting-rules), not by the furthest page reached.
    pagesRead: counted.pages,
    timeReadMs: counted.readingMs,
    listenedMs: counted.ttsMs,
    sessions: totals.sessions,
    lastReadAt,
  };
}

function recordShelfEvent(
  db: Db,
  options: { userId: string; bookId: string; eventType: TReadingEventType; nowMs: number },
): void {
  const s = statements(db);
  const sessionId = crypto.randomUUID();
  s.insertSession.run({ id: sessionId, userId: options.userId, bookId: options.bookId, now: options.nowMs });
  s.insertEvent.run({
    id: crypto.randomUUID(),
    sessionId,
    userId: options.userId,
    bookId: options.bookId,
    eventType: options.eventType,
    now: options.nowMs,
  });
}

/** POST /api/library: adds a published book to the shelf (idempotent; the event is recorded once per addition). */
export function addToLibrary(options: { db: Db; userId: string; bookRef: string; now: Date }): {
  entry: TLibraryEntry;
  created: boolean;
} {
  const { db, userId, now } = options;
  const nowMs = now.getTime();
  return immediateTransaction(db, () => {
    const book = findBook(db, options.bookRef);
    const s = statements(db);
    const created = s.addToLibrary.run(crypto.randomUUID(), userId, book.id, nowMs).changes > 0;
    if (created) {
      recordShelfEvent(db, { userId, bookId: book.id, eventType: 'add_to_library', nowMs });
      recordLibraryChange(db, { userId, bookId: book.id, change: 'added', nowMs });
    }
    const addedAt = s.libraryEntry.get(userId, book.id)!;
    return { entry: { bookId: book.id, inLibrary: true, addedAt: new Date(addedAt).toISOString() }, created };
  });
}

/** DELETE /api/library/:bookId: takes a book off the shelf; 404 when it is not on the reader's shelf. */
export function removeFromLibrary(options: { db: Db; userId: string; bookRef: string; now: Date }): void {
  const { db, userId, now } = options;
  const nowMs = now.getTime();
  const removed = immediateTransaction(db, () => {
    const s = statements(db);
    const bookId = s.libraryBookByRef.get({ userId, ref: options.bookRef });
    if (bookId === undefined) return false;
    s.removeFromLibrary.run(userId, bookId);
    recordShelfEvent(db, { userId, bookId, eventType: 'remove_from_library', nowMs });
    recordLibraryChange(db, { userId, bookId, change: 'removed', nowMs });
    return true;
  });
  if (!removed) throw new AppError('not_found', 404, 'This book is not in your library');
}
