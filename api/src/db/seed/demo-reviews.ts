/**
 * Demo reviews (docs/product/reviews-and-challenges.md#book-rating): the catalogue's seeded ratings become reviews
 * written by the demo readers of demo-money.ts, so every book's rating, totalRatings and totalReviews are the real
 * figures of reviews that exist. Each book gets a few to a few dozen ratings (more for books the catalogue rated
 * more often), spread around its seeded rating; about a third carry a title and text. Deterministic; runs once
 * (a database that already has reviews is left alone).
 */
import { asc, count, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { bookReviews, books, users } from '../schema';
import { DEMO_READER_DOMAIN } from './demo-money';
import { createPrng } from './prng';

const REVIEW_TEXTS: Record<number, { title: string; text: string }[]> = {
  5: [
    {
      title: 'One I will keep coming back to',
      text: 'Clear, practical and kind. I changed two habits in the first week.',
    },
    { title: 'Worth every page', text: 'The chapters build on each other well and the examples stay with you.' },
  ],
  4: [
    {
      title: 'Very good, a little long',
      text: 'Strong ideas throughout; the middle chapters could have been shorter.',
    },
    { title: 'Recommended', text: 'Easy to read on the train, and the summaries at the end of each chapter help.' },
  ],
  3: [{ title: 'Some good ideas', text: 'A few chapters were excellent, others repeated what I had read elsewhere.' }],
  2: [{ title: 'Not for me', text: 'I expected more depth. The advice felt too general for my situation.' }],
  1: [{ title: 'Disappointing', text: 'I stopped half-way: the same point made over and over.' }],
};

export function seedDemoReviews(db: Db, now: Date): number {
  if ((db.select({ total: count() }).from(bookReviews).get()?.total ?? 0) > 0) return 0;
  const readers = db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_READER_DOMAIN}`))
    .orderBy(asc(users.email))
    .all()
    .map((reader) => reader.id);
  if (readers.length === 0) return 0;
  const catalogue = db
    .select({ id: books.id, rating: books.rating, totalRatings: books.totalRatings })
    .from(books)
    .orderBy(asc(books.slug))
    .all();
  const prng = createPrng(1812);
  const insert = db.$client.prepare(
    `insert into book_reviews (id, user_id, book_id, rating, review_title, review_text, is_verified_purchase, helpful_votes, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  let written = 0;
  for (const book of catalogue) {
    const target = book.rating > 0 ? book.rating : 4;
    const howMany = Math.min(readers.length, Math.max(3, Math.round(Math.log2(Math.max(2, book.totalRatings)) * 2.5)));
    for (const readerId of prng.sample(readers, howMany)) {
      // Around the seeded rating: most within half a star, a few further out.
      const rating = Math.max(1, Math.min(5, Math.round(target + (prng.next() - 0.5) * (prng.chance(0.15) ? 4 : 1.6))));
      const words = prng.chance(0.35) ? prng.pick(REVIEW_TEXTS[rating]) : null;
      const createdAt = now.getTime() - prng.int(1, 400) * 86_400_000;
      insert.run(
        crypto.randomUUID(),
        readerId,
        book.id,
        rating,
        words?.title ?? null,
        words?.text ?? null,
        words ? prng.int(0, 12) : 0,
        createdAt,
        createdAt,
      );
      written += 1;
    }
  }
  // The figures come from the reviews, as every review write keeps them (reviews.service recomputeBookRating).
  db.run(sql`update books set
    rating = coalesce((select round(avg(r.rating), 2) from book_reviews r where r.book_id = books.id and r.is_approved = 1), 0),
    total_ratings = (select count(*) from book_reviews r where r.book_id = books.id and r.is_approved = 1),
    total_reviews = (select count(*) from book_reviews r where r.book_id = books.id and r.is_approved = 1
                     and coalesce(r.review_text, r.review_title) is not null)`);
  return written;
}
