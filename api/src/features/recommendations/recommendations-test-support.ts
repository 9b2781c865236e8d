/**
 * Helpers for the recommendation tests: a small catalogue with two clear tastes (focus/productivity and
 * stoic/philosophy), readers whose shelves follow them, and direct writes of the reading signals the job reads.
 */
import { bookProgressSnapshot, readingProgress } from '../../db/schema';
import type { Db } from '../../db/client';
import { createBook, createCategory } from '../../test-factories';
import type { setup } from '../selections/selections-test-support';

export function createTasteCatalogue(db: Db) {
  const productivity = createCategory(db, { name: 'Productivity' });
  const philosophy = createCategory(db, { name: 'Philosophy' });
  const focus = Array.from({ length: 40 }, (_, index) =>
    createBook(db, {
      title: `Deep Focus ${index + 1}`,
      author: index < 2 ? 'Cal Worker' : `Focus Author ${index}`,
      description: `Attention, focus and daily habits: deep work routines, distraction and calendar planning ${index}.`,
      pageCount: index % 6 === 5 ? 90 : 240,
      rating: 4.5,
      totalRatings: index === 6 ? 40 : 2,
      categories: [productivity],
      skipIndex: true,
    }),
  );
  const stoic = Array.from({ length: 8 }, (_, index) =>
    createBook(db, {
      title: `Stoic Letters ${index + 1}`,
      author: `Stoic Author ${index}`,
      description: `Virtue, stoic philosophy, fate and the calm mind: letters on courage and wisdom ${index}.`,
      pageCount: 200,
      rating: 3.8,
      totalRatings: 3,
      categories: [philosophy],
      skipIndex: true,
    }),
  );
  return { productivity, philosophy, focus, stoic };
}

/** A book read to the end `daysAgo` days before `now`. */
export function markFinished(db: Db, userId: string, bookId: string, now: Date, daysAgo = 1) {
  const at = new Date(now.getTime() - daysAgo * 86_400_000);
  db.insert(readingProgress)
    .values({
      userId,
      bookId,
      currentPage: 100,
      totalPages: 100,
      furthestPage: 100,
      progressPercentage: 100,
      lastReadAt: at,
    })
    .run();
  db.insert(bookProgressSnapshot)
    .values({ userId, bookId, lastPage: 100, progressPct: 100, lastReadAt: at, completedAt: at })
    .run();
}

/** A book read part of the way. */
export function markStarted(db: Db, userId: string, bookId: string, now: Date, share = 0.3) {
  db.insert(readingProgress)
    .values({
      userId,
      bookId,
      currentPage: Math.round(100 * share),
      totalPages: 100,
      furthestPage: Math.round(100 * share),
      progressPercentage: share * 100,
      lastReadAt: now,
    })
    .run();
}

/** Readers with clear shelves: three focus readers (books 1, 3 and 4) and two stoic readers (the first four stoics). */
export async function addTasteReaders(
  t: ReturnType<typeof setup>,
  { focus, stoic }: ReturnType<typeof createTasteCatalogue>,
): Promise<void> {
  const now = t.clock.now();
  for (const n of [1, 2, 3]) {
    const other = await t.reader('basic', { firstName: `Focus${n}` });
    for (const book of [focus[0]!, focus[2]!, focus[3]!]) markFinished(t.db, other.user.id, book.id, now, 10 + n);
  }
  for (const n of [1, 2]) {
    const other = await t.reader('basic', { firstName: `Stoic${n}` });
    for (const book of stoic.slice(0, 4)) markFinished(t.db, other.user.id, book.id, now, 5);
  }
}
