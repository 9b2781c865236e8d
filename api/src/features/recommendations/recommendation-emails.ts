/**
 * Recommendation e-mails (docs/product/recommendations.md#e-mails): the weekly e-mail built from the reader's rows and
 * the new-book alert for favourite authors and genres. Only readers who opted in get them: marketing e-mail switched
 * on (it starts off: consent first; the one-click unsubscribe switches it off again) and the profile's weekly
 * recommendations / new book alerts choice on, for active accounts with a verified address that signed in recently. Each decision is
 * written to recommendation_mailings before the mail goes, so a run repeated, or two workers, never mail twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { bookRecommendations, recommendationMailings } from '../../db/schema';
import { sendEmail } from '../email/email.service';
import { newBookAlertEmail, weeklyRecommendationsEmail, type TEmailedBook } from '../email/templates';
import { getRecommendationRows } from './recommendations.service';

type TMailDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'mailer' | 'now'>;

const DAY_MS = 86_400_000;
/** docs/product/recommendations.md#e-mails */
export const ACTIVE_READER_DAYS = 60;
export const NEW_BOOK_WINDOW_DAYS = 7;
export const WEEKLY_ROWS = 3;
export const WEEKLY_BOOKS_PER_ROW = 3;
export const WEEKLY_MIN_BOOKS = 3;
const ALERT_MAX_BOOKS = 5;

export const RECOMMENDATION_EMAIL_TYPES = {
  weekly: 'weekly_recommendations',
  newBook: 'new_book_alert',
} as const;

/** ISO 8601 week of a date in UTC, e.g. "2026-W48": the weekly e-mail's once-a-week key. */
export function isoWeekKey(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface TOptedInReader {
  id: string;
  email: string;
  firstName: string | null;
  favoriteGenres: string[];
  preferredAuthors: string[];
}

/** Readers who may get this kind of recommendation mail now (see the header). */
function optedInReaders(db: Db, choice: 'weeklyRecommendations' | 'newBookAlerts', now: Date): TOptedInReader[] {
  const rows = db.$client
    .prepare<
      { since: number; choice: string },
      {
        id: string;
        email: string;
        first_name: string | null;
        favorite_genres: string | null;
        preferred_authors: string | null;
      }
    >(
      `select u.id, u.email, u.first_name, p.favorite_genres, p.preferred_authors
         from users u
         left join user_reading_preferences p on p.user_id = u.id
         join email_preferences e on e.user_id = u.id
        where u.is_active = 1 and u.email_verified = 1 and u.last_login_at >= @since
          and coalesce(json_extract(p.email_preferences, '$.' || @choice), 1) = 1
          and e.is_unsubscribed_all = 0 and e.marketing_emails = 1`,
    )
    .all({ since: now.getTime() - ACTIVE_READER_DAYS * DAY_MS, choice });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    favoriteGenres: parseList(row.favorite_genres),
    preferredAuthors: parseList(row.preferred_authors),
  }));
}

function parseList(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Claims one mailing; false when it was already made (this run repeated, or another worker). */
function claimMailing(db: Db, userId: string, kind: 'weekly' | 'new_book', key: string, now: Date): boolean {
  const result = db
    .insert(recommendationMailings)
    .values({ userId, kind, key, sentAt: now })
    .onConflictDoNothing()
    .run();
  return result.changes === 1;
}

/** The weekly e-mail to every opted-in reader with enough recommendations, once per ISO week. */
export async function sendWeeklyRecommendationEmails(deps: TMailDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const week = isoWeekKey(now);
  let sent = 0;
  for (const reader of optedInReaders(db, 'weeklyRecommendations', now)) {
    const { rows } = getRecommendationRows({ db, userId: reader.id });
    const sections = rows.slice(0, WEEKLY_ROWS).map((row) => ({
      title: row.title,
      items: row.items.slice(0, WEEKLY_BOOKS_PER_ROW),
    }));
    const bookIds = sections.flatMap((section) => section.items.map((item) => item.book.id));
    if (bookIds.length < WEEKLY_MIN_BOOKS) continue;
    if (!claimMailing(db, reader.id, 'weekly', week, now)) continue;
    await sendEmail(deps, {
      user: reader,
      emailType: RECOMMENDATION_EMAIL_TYPES.weekly,
      category: 'marketing',
      template: weeklyRecommendationsEmail({
        firstName: reader.firstName,
        sections: sections.map((section) => ({
          title: section.title,
          books: section.items.map(
            (item): TEmailedBook => ({
              title: item.book.title,
              author: item.book.author,
              reason: item.reason,
              path: `/book/${item.book.slug}`,
            }),
          ),
        })),
      }),
    });
    db.update(bookRecommendations)
      .set({ emailSent: true, updatedAt: now })
      .where(and(eq(bookRecommendations.userId, reader.id), inArray(bookRecommendations.bookId, bookIds)))
      .run();
    sent += 1;
  }
  return sent;
}

/**
 * New-book alerts: books that became public in the last NEW_BOOK_WINDOW_DAYS (added, or out of Premium early access)
 * by a reader's favourite author or in a favourite genre, not read or dismissed by them; each book once per reader.
 */
export async function sendNewBookAlerts(deps: TMailDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const since = now.getTime() - NEW_BOOK_WINDOW_DAYS * DAY_MS;
  const newBooks = db.$client
    .prepare<
      { since: number; now: number },
      { id: string; slug: string; title: string; author: string; names: string; slugs: string }
    >(
      `select b.id, b.slug, b.title, b.author,
              (select json_group_array(lower(c.name)) from book_categories bc
                 join categories c on c.id = bc.category_id where bc.book_id = b.id) as names,
              (select json_group_array(lower(c.slug)) from book_categories bc
                 join categories c on c.id = bc.category_id where bc.book_id = b.id) as slugs
         from books b
        where b.is_published = 1 and coalesce(b.public_release_at, b.created_at) between @since and @now
        order by coalesce(b.public_release_at, b.created_at) desc`,
    )
    .all({ since, now: now.getTime() });
  if (newBooks.length === 0) return 0;
  const touched = db.$client.prepare<[string, string, string, string], { found: number }>(
    `select exists (select 1 from reading_progress where user_id = ? and book_id = ?)
         or exists (select 1 from recommendation_dismissals where user_id = ? and book_id = ?) as found`,
  );
  let sent = 0;
  for (const reader of optedInReaders(db, 'newBookAlerts', now)) {
    const authors = new Set(reader.preferredAuthors.map((author) => author.trim().toLowerCase()));
    const genres = new Set(reader.favoriteGenres.map((genre) => genre.trim().toLowerCase()));
    if (authors.size === 0 && genres.size === 0) continue;
    const matches: TEmailedBook[] = [];
    for (const book of newBooks) {
      const categories = [...parseList(book.names), ...parseList(book.slugs)];
      const byAuthor = authors.has(book.author.toLowerCase());
      const genre = categories.find((category) => genres.has(category));
      if (!byAuthor && !genre) continue;
      if (touched.get(reader.id, book.id, reader.id, book.id)?.found) continue;
      if (!claimMailing(db, reader.id, 'new_book', book.id, now)) continue;
      matches.push({
        title: book.title,
        author: book.author,
        reason: byAuthor
          ? `New from ${book.author}, one of your favourite authors`
          : 'New in one of your favourite genres',
        path: `/book/${book.slug}`,
      });
      if (matches.length >= ALERT_MAX_BOOKS) break;
    }
    if (matches.length === 0) continue;
    await sendEmail(deps, {
      user: reader,
      emailType: RECOMMENDATION_EMAIL_TYPES.newBook,
      category: 'marketing',
      template: newBookAlertEmail({ firstName: reader.firstName, books: matches }),
    });
    sent += 1;
  }
  return sent;
}
