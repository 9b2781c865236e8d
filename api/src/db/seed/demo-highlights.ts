/**
 * Demo highlights, notes and review cards for the demo Premium reader (docs/product/highlights.md), so
 * /highlights, /review, the library's counts and the reader's marks have something to show. Each is a
 * sentence of a demo book found on its typeset page (book_pages of the current version), so it is
 * written only once that book's PDF has been ingested: the seed calls this at start, and the
 * demo-book-pdfs job again after each book. Written as a device's sync would have left them; a few
 * cards carry reviews on the days before, so the review streak shows. Idempotent: a quote the reader
 * already highlighted in that book is skipped.
 */
import { anchorText } from '@shared/highlights';
import type { THighlightColor } from '@shared/highlights.schemas';
import { encodeHlc } from '@shared/hlc';
import type { Db } from '../client';
import { demoEmail } from './users';

const DAY_MS = 86_400_000;

interface TDemoHighlight {
  slug: string;
  quote: string;
  color: THighlightColor;
  note: string | null;
  /** Make a card of it, reviewed this many days before now (oldest first), or no card. */
  cardReviewsDaysAgo?: number[];
}

const DEMO_HIGHLIGHTS: TDemoHighlight[] = [
  {
    slug: 'self-help',
    quote:
      'The spirit of self-help is the root of all genuine growth in the individual; and, exhibited in the lives of many, it constitutes the true source of national vigour and strength.',
    color: 'yellow',
    note: 'The thesis of the whole book.',
    cardReviewsDaysAgo: [3, 2, 1],
  },
  {
    slug: 'the-art-of-war',
    quote: 'All warfare is based on deception.',
    color: 'pink',
    note: null,
    cardReviewsDaysAgo: [],
  },
  { slug: 'walden', quote: 'The mass of men lead lives of quiet desperation.', color: 'blue', note: null },
  {
    slug: 'walden',
    quote:
      'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach, and not, when I came to die, discover that I had not lived.',
    color: 'green',
    note: 'Why he went to Walden Pond.',
    cardReviewsDaysAgo: [2, 1],
  },
];

const DEMO_READER = 'reader.premium';

/** Seeds the demo highlights of every book in `slugs` (all when omitted) that has its page text; answers how many were added. */
export function seedDemoHighlights(db: Db, now: Date, slugs?: readonly string[]): number {
  const client = db.$client;
  const userId = client
    .prepare<[string], string>('select id from users where email = ?')
    .pluck()
    .get(demoEmail({ localPart: DEMO_READER }));
  if (userId === undefined) return 0;
  const bookOf = client.prepare<[string], { id: string; content_version: number | null }>(
    'select id, content_version from books where slug = ?',
  );
  const pagesOf = client.prepare<[string, number], { page_number: number; text: string }>(
    'select page_number, text from book_pages where book_id = ? and version = ? order by page_number',
  );
  const exists = client.prepare<[string, string, string], number>(
    'select 1 from highlights where user_id = ? and book_id = ? and quote = ?',
  );
  const insertHighlight = client.prepare(
    `insert into highlights (id, user_id, book_id, page, start_offset, end_offset, quote, color, note, hlc, deleted_at, created_at, updated_at)
     values (@id, @userId, @bookId, @page, @start, @end, @quote, @color, @note, @hlc, null, @at, @at)`,
  );
  const insertCard = client.prepare(
    `insert into review_cards (id, user_id, book_id, highlight_id, kind, hlc, deleted_at, created_at, updated_at)
     values (@id, @userId, @bookId, @highlightId, @kind, @hlc, null, @at, @at)`,
  );
  const insertReview = client.prepare(
    'insert into card_reviews (id, user_id, card_id, rating, reviewed_at, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  const nowMs = now.getTime();
  let added = 0;
  client.transaction(() => {
    for (const [index, spec] of DEMO_HIGHLIGHTS.entries()) {
      if (slugs && !slugs.includes(spec.slug)) continue;
      const book = bookOf.get(spec.slug);
      if (!book || book.content_version === null || exists.get(userId, book.id, spec.quote)) continue;
      const wanted = anchorText(spec.quote);
      const found = pagesOf
        .all(book.id, book.content_version)
        .map((page) => ({ page: page.page_number, at: anchorText(page.text).indexOf(wanted) }))
        .find((page) => page.at >= 0);
      if (!found) continue;
      const at = nowMs - (7 - index) * DAY_MS;
      const highlightId = crypto.randomUUID();
      insertHighlight.run({
        id: highlightId,
        userId,
        bookId: book.id,
        page: found.page,
        start: found.at,
        end: found.at + wanted.length,
        quote: spec.quote,
        color: spec.color,
        note: spec.note,
        hlc: encodeHlc({ wallMs: at, counter: 0, node: 'demo-seed' }),
        at,
      });
      added += 1;
      if (!spec.cardReviewsDaysAgo) continue;
      const cardId = crypto.randomUUID();
      insertCard.run({
        id: cardId,
        userId,
        bookId: book.id,
        highlightId,
        kind: spec.note ? 'note' : 'quote',
        hlc: encodeHlc({ wallMs: at, counter: 1, node: 'demo-seed' }),
        at,
      });
      for (const daysAgo of spec.cardReviewsDaysAgo) {
        const reviewedAt = nowMs - daysAgo * DAY_MS;
        insertReview.run(crypto.randomUUID(), userId, cardId, 3, reviewedAt, reviewedAt);
      }
    }
  })();
  return added;
}
