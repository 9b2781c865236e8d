/**
 * A year of reading for the demo readers (docs/product/reading-stats.md#counting-rules), so every chart on their
 * dashboard has a shape: evening sessions on most days (fewer at weekends' ends, a quiet fortnight in summer), the
 * odd commute in the morning, pages of 20 s to 3 min, books read through to the end and started again. Written as the
 * reader's device would have synced them (reading_sessions and page_view / finish_book events with the device's zone,
 * and the positions and snapshots a sync leaves), so the statistics come from the same counting rules as real reading. Deterministic and idempotent: a reader who
 * already has reading events gets nothing.
 */
import { encodeHlc } from '@shared/hlc';
import type { Db } from '../client';
import { readingEvents, readingSessions } from '../schema';
import { demoEmail } from './users';
import { createPrng } from './prng';

const DAY_MS = 86_400_000;
const DEMO_READING_ZONE = 'Europe/London';
/** Demo readers given a reading history, with how keen each is (share of days read). */
const DEMO_READERS = [
  { localPart: 'reader.premium', keenness: 0.8 },
  { localPart: 'reader.basic', keenness: 0.6 },
];
const INSERT_BATCH = 500;

export function seedDemoReading(db: Db, now: Date): number {
  const client = db.$client;
  const books = client
    .prepare<[], { id: string; page_count: number }>(
      `select id, coalesce(page_count, 0) as page_count from books
       where is_published = 1 and coalesce(page_count, 0) >= 40 order by created_at, id limit 12`,
    )
    .all();
  if (books.length === 0) return 0;
  let seeded = 0;
  for (const [index, spec] of DEMO_READERS.entries()) {
    const userId = client
      .prepare<[string], string>('select id from users where email = ?')
      .pluck()
      .get(demoEmail({ localPart: spec.localPart }));
    if (userId === undefined) continue;
    const hasEvents = client.prepare('select 1 from reading_events where user_id = ? limit 1').get(userId);
    if (hasEvents) continue;
    writeReadingYear(db, { userId, books, keenness: spec.keenness, seed: 1800 + index, nowMs: now.getTime() });
    seeded += 1;
  }
  return seeded;
}

function writeReadingYear(
  db: Db,
  options: {
    userId: string;
    books: { id: string; page_count: number }[];
    keenness: number;
    seed: number;
    nowMs: number;
  },
): void {
  const { userId, books, keenness, nowMs } = options;
  const prng = createPrng(options.seed);
  const sessions: (typeof readingSessions.$inferInsert)[] = [];
  const events: (typeof readingEvents.$inferInsert)[] = [];
  let bookIndex = 0;
  let page = 1;
  /** Where each book was left, for the reader's positions ("Continue reading", time left, finished books). */
  const positions = new Map<
    string,
    { page: number; furthest: number; at: number; finishedAt: number | null; ms: number }
  >();
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS;
  for (let daysAgo = 365; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = midnight - daysAgo * DAY_MS;
    const summerBreak = daysAgo > 140 && daysAgo < 155;
    // The last week is always read, so the demo shows a live streak.
    const lastWeek = daysAgo <= 7;
    if (!lastWeek && (summerBreak || !prng.chance(keenness))) continue;
    const sessionCount = prng.chance(0.25) ? 2 : 1;
    for (let s = 0; s < sessionCount; s += 1) {
      const morning = s === 1 || prng.chance(0.15);
      const startHour = morning ? prng.int(7, 8) : prng.int(19, 22);
      let at = dayStart + startHour * 3_600_000 + prng.int(0, 59) * 60_000;
      if (at >= nowMs) continue;
      const book = books[bookIndex % books.length]!;
      const sessionId = crypto.randomUUID();
      const startedAt = at;
      const pages = prng.int(morning ? 4 : 8, morning ? 15 : 40);
      events.push(event(sessionId, userId, book.id, 'open_book', page, null, at));
      for (let p = 0; p < pages && page <= book.page_count; p += 1) {
        const durationMs = prng.int(20, 180) * 1000;
        at += durationMs;
        events.push(event(sessionId, userId, book.id, 'page_view', page, durationMs, at));
        const position = positions.get(book.id) ?? { page, furthest: page, at, finishedAt: null, ms: 0 };
        positions.set(book.id, {
          page,
          furthest: Math.max(position.furthest, page),
          at,
          finishedAt: position.finishedAt ?? (page === book.page_count ? at : null),
          ms: position.ms + Math.min(durationMs, 300_000),
        });
        if (page === book.page_count) {
          events.push(event(sessionId, userId, book.id, 'finish_book', page, null, at + 1000));
          bookIndex += 1;
          page = 1;
          break;
        }
        page += 1;
      }
      sessions.push({
        id: sessionId,
        userId,
        bookId: book.id,
        startedAt: new Date(startedAt),
        endedAt: new Date(at),
        device: 'web Chrome desktop',
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    }
  }
  for (let i = 0; i < sessions.length; i += INSERT_BATCH)
    db.insert(readingSessions)
      .values(sessions.slice(i, i + INSERT_BATCH))
      .run();
  for (let i = 0; i < events.length; i += INSERT_BATCH)
    db.insert(readingEvents)
      .values(events.slice(i, i + INSERT_BATCH))
      .run();
  const pageCounts = new Map(books.map((book) => [book.id, book.page_count]));
  const insertProgress = db.$client.prepare(
    `insert into reading_progress (id, user_id, book_id, current_page, total_pages, progress_percentage, furthest_page, last_read_at, hlc, device_id, created_at, updated_at)
     values (@id, @userId, @bookId, @page, @total, @percentage, @furthest, @at, @hlc, null, @at, @at)
     on conflict do nothing`,
  );
  const insertSnapshot = db.$client.prepare(
    `insert into book_progress_snapshot (id, user_id, book_id, last_page, progress_pct, last_read_at, completed_at, time_spent_ms, tts_time_ms, created_at, updated_at)
     values (@id, @userId, @bookId, @page, @percentage, @at, @finishedAt, @ms, 0, @at, @at)
     on conflict do nothing`,
  );
  for (const [bookId, position] of positions) {
    const total = pageCounts.get(bookId) ?? position.furthest;
    const row = {
      userId,
      bookId,
      ...position,
      total,
      percentage: Math.min(100, Math.round((position.furthest / total) * 1000) / 10),
      hlc: encodeHlc({ wallMs: position.at, counter: 0, node: 'demo-seed' }),
    };
    insertProgress.run({ ...row, id: crypto.randomUUID() });
    insertSnapshot.run({ ...row, id: crypto.randomUUID() });
  }
}

function event(
  sessionId: string,
  userId: string,
  bookId: string,
  eventType: 'open_book' | 'page_view' | 'finish_book',
  pageNumber: number,
  durationMs: number | null,
  at: number,
): typeof readingEvents.$inferInsert {
  return {
    id: crypto.randomUUID(),
    sessionId,
    userId,
    bookId,
    eventType,
    pageNumber,
    durationMs,
    meta: { timeZone: DEMO_READING_ZONE },
    occurredAt: new Date(at),
    createdAt: new Date(at),
  };
}
