/**
 * Shelves for the demo readers of demo-money.ts (docs/product/recommendations.md#demo-data): a year of books read,
 * finished or left part-way, as the positions and reading snapshots a sync leaves (reading_progress,
 * book_progress_snapshot). Each reader has tastes like a real one: one or two favourite categories they mostly read,
 * a liking for authors they have read before, and now and then a popular book from anywhere. This gives "readers with
 * similar shelves" something to find and the offline evaluation (bench/recommendations.bench.ts) a history to hold
 * out. Deterministic and idempotent: a reader who already has positions gets nothing.
 */
import { encodeHlc } from '@shared/hlc';
import type { Db } from '../client';
import { DEMO_READER_DOMAIN } from './demo-money';
import { createPrng, type Prng } from './prng';

const DAY_MS = 86_400_000;
const SHELF_SIZE = { min: 6, max: 24 };
const SHARE_FROM_FAVOURITES = 0.72;
const SHARE_FROM_KNOWN_AUTHORS = 0.13;
const SHARE_FINISHED = 0.7;

interface TShelfBook {
  id: string;
  author: string;
  pageCount: number;
  weight: number;
  categoryIds: string[];
}

export function seedDemoShelves(db: Db, now: Date): number {
  const client = db.$client;
  const readers = client
    .prepare<[string], { id: string }>(
      `select u.id from users u where u.email like ? and not exists (select 1 from reading_progress p where p.user_id = u.id)
        order by u.email`,
    )
    .all(`%@${DEMO_READER_DOMAIN}`);
  if (readers.length === 0) return 0;
  const books = client
    .prepare<[], { id: string; author: string; page_count: number | null; total_ratings: number; categories: string }>(
      `select b.id, b.author, b.page_count, b.total_ratings,
              (select json_group_array(bc.category_id) from (select category_id from book_categories
                 where book_id = b.id order by position) bc) as categories
         from books b where b.is_published = 1 order by b.slug`,
    )
    .all()
    .map(
      (row): TShelfBook => ({
        id: row.id,
        author: row.author,
        pageCount: Math.max(20, row.page_count ?? 200),
        // Popular books are read more, but not only they: a floor keeps the long tail in reach.
        weight: Math.sqrt(row.total_ratings + 4),
        categoryIds: JSON.parse(row.categories) as string[],
      }),
    );
  if (books.length === 0) return 0;
  const byPrimaryCategory = new Map<string, TShelfBook[]>();
  const byAuthor = new Map<string, TShelfBook[]>();
  for (const book of books) {
    const primary = book.categoryIds[0];
    if (primary) byPrimaryCategory.set(primary, [...(byPrimaryCategory.get(primary) ?? []), book]);
    byAuthor.set(book.author, [...(byAuthor.get(book.author) ?? []), book]);
  }
  const categoryIds = [...byPrimaryCategory.keys()];
  const prng = createPrng(2024);
  const insertProgress = client.prepare(
    `insert into reading_progress (id, user_id, book_id, current_page, total_pages, progress_percentage, furthest_page, last_read_at, hlc, device_id, created_at, updated_at)
     values (@id, @userId, @bookId, @page, @total, @percentage, @page, @at, @hlc, null, @at, @at)
     on conflict do nothing`,
  );
  const insertSnapshot = client.prepare(
    `insert into book_progress_snapshot (id, user_id, book_id, last_page, progress_pct, last_read_at, completed_at, time_spent_ms, tts_time_ms, created_at, updated_at)
     values (@id, @userId, @bookId, @page, @percentage, @at, @completedAt, @ms, 0, @at, @at)
     on conflict do nothing`,
  );
  for (const reader of readers) {
    const favourites = prng.sample(categoryIds, prng.chance(0.5) ? 1 : 2);
    const shelf: TShelfBook[] = [];
    const onShelf = new Set<string>();
    const size = prng.int(SHELF_SIZE.min, SHELF_SIZE.max);
    for (let attempts = 0; shelf.length < size && attempts < size * 10; attempts += 1) {
      const roll = prng.next();
      const knownAuthors = shelf.flatMap((book) => byAuthor.get(book.author) ?? []);
      const pool =
        roll < SHARE_FROM_FAVOURITES
          ? (byPrimaryCategory.get(prng.pick(favourites)) ?? books)
          : roll < SHARE_FROM_FAVOURITES + SHARE_FROM_KNOWN_AUTHORS && knownAuthors.length > 0
            ? knownAuthors
            : books;
      const book = weightedPick(prng, pool);
      if (onShelf.has(book.id)) continue;
      onShelf.add(book.id);
      shelf.push(book);
    }
    // Spread over the past year in reading order, the latest a few days ago.
    const start = now.getTime() - 365 * DAY_MS;
    shelf.forEach((book, index) => {
      const at = start + Math.round(((index + 1) / (shelf.length + 1)) * 360 * DAY_MS) + prng.int(0, 12) * 3_600_000;
      const finished = prng.chance(SHARE_FINISHED);
      const page = finished ? book.pageCount : prng.int(2, Math.max(3, book.pageCount - 1));
      const row = {
        userId: reader.id,
        bookId: book.id,
        page,
        total: book.pageCount,
        percentage: Math.min(100, Math.round((page / book.pageCount) * 1000) / 10),
        at,
        completedAt: finished ? at : null,
        ms: page * prng.int(40, 120) * 1000,
        hlc: encodeHlc({ wallMs: at, counter: 0, node: 'demo-seed' }),
      };
      insertProgress.run({ ...row, id: crypto.randomUUID() });
      insertSnapshot.run({ ...row, id: crypto.randomUUID() });
    });
  }
  return readers.length;
}

function weightedPick(prng: Prng, pool: TShelfBook[]): TShelfBook {
  const total = pool.reduce((sum, book) => sum + book.weight, 0);
  let roll = prng.next() * total;
  for (const book of pool) {
    roll -= book.weight;
    if (roll <= 0) return book;
  }
  return pool[pool.length - 1]!;
}
