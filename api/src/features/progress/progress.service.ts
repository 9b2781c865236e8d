/**
 * Reading position and bookmarks, read side (docs/API.md: progress): one book's position, the reader's
 * recent books for "Continue where you left off", and bookmarks. Every query is scoped to the session
 * user; another reader's rows are never visible (404, as for a missing row). Writes arrive through
 * POST /api/sync (features/sync), which also uses readProgress/readBookmarks for its answer.
 */
import {
  readingStatus,
  type TBookmark,
  type TBookmarkList,
  type TProgressSummary,
  type TReadingProgress,
} from '@shared/progress';
import type { TBookmarksQuery, TProgressListQuery } from '@shared/sync.schemas';
import { canReadBook } from '@shared/entitlement';
import type { TBookTier } from '@shared/tiers';
import type { Db } from '../../db/client';
import { syncEntitlements } from '../selections/entitlement-state';
import { perConnection } from '../../db/per-connection';
import { cachedStatement } from '../../db/statement-cache';
import { notFound } from '../../lib/app-error';
import { primaryCategorySql, readerCoverUrl } from '../catalogue/cover-svg';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

interface TProgressRow {
  book_id: string;
  current_page: number;
  total_pages: number | null;
  progress_percentage: number;
  furthest_page: number;
  last_read_at: number | null;
  hlc: string | null;
  device_id: string | null;
  device_name: string | null;
  completed_at: number | null;
  updated_at: number;
}

interface TBookmarkRow {
  id: string;
  book_id: string;
  page: number;
  note: string | null;
  hlc: string | null;
  created_at: number;
  updated_at: number;
}

const PROGRESS_COLUMNS = `
  rp.book_id, rp.current_page, rp.total_pages, rp.progress_percentage, rp.furthest_page, rp.last_read_at,
  rp.hlc, rp.device_id, d.name as device_name, snap.completed_at, rp.updated_at`;
const PROGRESS_JOINS = `
  left join devices d on d.id = rp.device_id and d.user_id = rp.user_id
  left join book_progress_snapshot snap on snap.user_id = rp.user_id and snap.book_id = rp.book_id`;

/** These run on every reader open and after every sync, so they are prepared once per connection. */
const statements = perConnection((db) => ({
  progressOfBook: db.$client.prepare<[string, string], TProgressRow>(
    `select ${PROGRESS_COLUMNS} from reading_progress rp ${PROGRESS_JOINS} where rp.user_id = ? and rp.book_id = ?`,
  ),
  progressOfBookRef: db.$client.prepare<{ userId: string; ref: string }, TProgressRow>(
    `select ${PROGRESS_COLUMNS} from reading_progress rp ${PROGRESS_JOINS}
     where rp.user_id = @userId and rp.book_id = coalesce((select id from books where id = @ref), (select id from books where slug = @ref))`,
  ),
  recentProgress: db.$client.prepare<
    { userId: string; limit: number; onlyInProgress: number },
    TProgressRow & TBookColumns
  >(
    `select ${PROGRESS_COLUMNS}, b.title, b.slug, b.author, b.cover_image_url, ${primaryCategorySql('b')} as category, b.required_tier
     from reading_progress rp join books b on b.id = rp.book_id ${PROGRESS_JOINS}
     where rp.user_id = @userId and b.is_published = 1
       and (@onlyInProgress = 0 or (snap.completed_at is null and rp.furthest_page >= 1))
     order by coalesce(rp.last_read_at, rp.updated_at) desc, rp.book_id
     limit @limit`,
  ),
  bookmarksOfBook: db.$client.prepare<[string, string], TBookmarkRow>(
    `select id, book_id, page, note, hlc, created_at, updated_at from bookmarks
     where user_id = ? and book_id = ? and deleted_at is null order by page, created_at, id`,
  ),
}));

interface TBookColumns {
  title: string;
  slug: string;
  author: string;
  cover_image_url: string | null;
  category: string | null;
  required_tier: TBookTier;
}

function toProgress(row: TProgressRow): TReadingProgress {
  return {
    bookId: row.book_id,
    currentPage: row.current_page,
    totalPages: row.total_pages,
    progressPercentage: row.progress_percentage,
    furthestPage: row.furthest_page,
    lastReadAt: iso(row.last_read_at),
    completedAt: iso(row.completed_at),
    hlc: row.hlc,
    deviceId: row.device_id,
    deviceName: row.device_name,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function toBookmark(row: TBookmarkRow): TBookmark {
  return {
    id: row.id,
    bookId: row.book_id,
    page: row.page,
    note: row.note,
    hlc: row.hlc,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The reader's position in a book (by its id), or null. */
export function readProgress(db: Db, userId: string, bookId: string): TReadingProgress | null {
  const row = statements(db).progressOfBook.get(userId, bookId);
  return row ? toProgress(row) : null;
}

/** The reader's live bookmarks in a book (by its id), ordered by page. */
export function readBookmarks(db: Db, userId: string, bookId: string): TBookmark[] {
  return statements(db).bookmarksOfBook.all(userId, bookId).map(toBookmark);
}

/** GET /api/progress/:bookId: the position by book uuid or slug; 404 when the reader has none. */
export function getProgress(options: { db: Db; userId: string; bookRef: string }): TReadingProgress {
  const row = statements(options.db).progressOfBookRef.get({ userId: options.userId, ref: options.bookRef });
  if (!row) throw notFound('Reading progress');
  return toProgress(row);
}

/** GET /api/progress: the reader's books by most recent reading first. */
export function listRecentProgress(options: {
  db: Db;
  userId: string;
  query: TProgressListQuery;
  now: Date;
}): TProgressSummary[] {
  const { db, userId, query, now } = options;
  // Whether each book opens now, by the rule of POST /api/loans: "Continue reading" is offered only then.
  const { user, sync } = syncEntitlements({ db, userId, now, write: false });
  return statements(db)
    .recentProgress.all({ userId, limit: query.limit, onlyInProgress: query.status === 'in_progress' ? 1 : 0 })
    .map((row) => ({
      ...toProgress(row),
      title: row.title,
      slug: row.slug,
      author: row.author,
      coverImageUrl: readerCoverUrl({
        id: row.book_id,
        title: row.title,
        author: row.author,
        coverImageUrl: row.cover_image_url,
        category: row.category,
      }),
      status: readingStatus({ completedAt: row.completed_at, furthestPage: row.furthest_page }),
      canOpen: canReadBook(user, { id: row.book_id, requiredTier: row.required_tier }, sync.selections, now).ok,
    }));
}

/**
 * GET /api/bookmarks: live bookmarks of one book (by page) when `bookId` is given, otherwise the
 * reader's most recently changed bookmarks across books. A book the reader has no bookmarks in (or
 * that does not exist) simply gives an empty list.
 */
export function listBookmarks(options: { db: Db; userId: string; query: TBookmarksQuery }): TBookmarkList {
  const { db, userId, query } = options;
  const offset = (query.page - 1) * query.limit;
  const filter =
    query.bookId === undefined
      ? ''
      : 'and bm.book_id = coalesce((select id from books where id = @ref), (select id from books where slug = @ref))';
  const order = query.bookId === undefined ? 'bm.updated_at desc, bm.id' : 'bm.page, bm.created_at, bm.id';
  const params = { userId, ref: query.bookId ?? null, limit: query.limit, offset };
  const where = `where bm.user_id = @userId and bm.deleted_at is null ${filter}`;
  const total = (cachedStatement(db, `select count(*) as n from bookmarks bm ${where}`).get(params) as { n: number }).n;
  const rows = cachedStatement(
    db,
    `select bm.id, bm.book_id, bm.page, bm.note, bm.hlc, bm.created_at, bm.updated_at, b.title as book_title, b.slug as book_slug
       from bookmarks bm join books b on b.id = bm.book_id ${where} order by ${order} limit @limit offset @offset`,
  ).all(params) as (TBookmarkRow & { book_title: string; book_slug: string })[];
  return {
    items: rows.map((row) => ({ ...toBookmark(row), bookTitle: row.book_title, bookSlug: row.book_slug })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
