import { describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import {
  DEFAULT_READING_EMAIL_PREFERENCES,
  bookRecommendations,
  emailPreferences,
  userReadingPreferences,
} from '../../db/schema';
import { createBook } from '../../test-factories';
import { deliveredMail } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { ensureEmailPreferences } from '../email/email.service';
import { isoWeekKey, sendNewBookAlerts, sendWeeklyRecommendationEmails } from './recommendation-emails';
import { computeRecommendations } from './recommendations.service';
import { createTasteCatalogue, markFinished } from './recommendations-test-support';

async function world() {
  const t = setup();
  const catalogue = createTasteCatalogue(t.db);
  const now = t.clock.now();
  const active = { lastLoginAt: now, emailVerified: true };
  const ada = await t.reader('premium', { firstName: 'Ada', ...active });
  const quiet = await t.reader('premium', { firstName: 'Quiet', ...active });
  const away = await t.reader('premium', { firstName: 'Away', emailVerified: true, lastLoginAt: null });
  const unsubscribed = await t.reader('premium', { firstName: 'Gone', ...active });
  const noConsent = await t.reader('premium', { firstName: 'Nope', ...active });
  ensureEmailPreferences({ db: t.db, user: noConsent.user, now });
  for (const reader of [ada, quiet, away, unsubscribed, noConsent])
    markFinished(t.db, reader.user.id, catalogue.focus[0]!.id, now, 2);
  t.db
    .insert(userReadingPreferences)
    .values({
      userId: quiet.user.id,
      emailPreferences: { ...DEFAULT_READING_EMAIL_PREFERENCES, weeklyRecommendations: false, newBookAlerts: false },
    })
    .run();
  // Marketing mail needs consent: everyone but `away`'s neighbour opts in; the one-click unsubscribe takes it back.
  for (const reader of [ada, quiet, away, unsubscribed]) ensureEmailPreferences({ db: t.db, user: reader.user, now });
  t.db
    .update(emailPreferences)
    .set({ marketingEmails: true })
    .where(ne(emailPreferences.userId, noConsent.user.id))
    .run();
  const token = ensureEmailPreferences({ db: t.db, user: unsubscribed.user, now }).unsubscribeToken;
  const oneClick = await t.app.request(`/api/email/unsubscribe/one-click?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(204);
  await computeRecommendations(t);
  return { t, ada, quiet, away, unsubscribed, noConsent, ...catalogue };
}

describe('recommendation e-mails', () => {
  it('mails the weekly picks once a week, only to readers who opted in, from the same rows', async () => {
    const { t, ada, quiet, away, unsubscribed, noConsent } = await world();
    expect(await sendWeeklyRecommendationEmails(t)).toBe(1);
    const [mail, ...others] = deliveredMail(t.db);
    expect(others).toEqual([]);
    expect(mail?.to).toBe(ada.user.email);
    expect(mail?.subject).toBe('Your Wonderful Books picks for this week');
    expect(mail?.text).toContain('Because you read Deep Focus 1');
    expect(mail?.text).toMatch(/Deep Focus \d+ by .+\. Because you read Deep Focus 1: /);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const reader of [quiet, away, unsubscribed, noConsent])
      expect(deliveredMail(t.db, reader.user.email)).toEqual([]);
    const mailed = t.db.select().from(bookRecommendations).where(eq(bookRecommendations.userId, ada.user.id)).all();
    expect(mailed.filter((row) => row.emailSent).length).toBeGreaterThanOrEqual(3);

    // The same week again (a repeated run, a second worker): nothing more.
    t.clock.advance(3_600_000);
    expect(await sendWeeklyRecommendationEmails(t)).toBe(0);
    expect(deliveredMail(t.db, ada.user.email)).toHaveLength(1);
    t.clock.advance(7 * 86_400_000);
    ada.signInAgain();
    t.db.$client.prepare('update users set last_login_at = ? where id = ?').run(t.clock.now().getTime(), ada.user.id);
    expect(await sendWeeklyRecommendationEmails(t)).toBe(1);
  });

  it('alerts readers to a new book by a favourite author or in a favourite genre, once', async () => {
    const { t, ada, quiet, productivity } = await world();
    t.db
      .insert(userReadingPreferences)
      .values({ userId: ada.user.id, preferredAuthors: ['Nora New'], favoriteGenres: [] })
      .run();
    createBook(t.db, { title: 'Fresh Pages', author: 'Nora New', createdAt: t.clock.now(), skipIndex: true });
    createBook(t.db, { title: 'Unrelated', author: 'Someone Else', createdAt: t.clock.now(), skipIndex: true });
    expect(await sendNewBookAlerts(t)).toBe(1);
    const [alert] = deliveredMail(t.db, ada.user.email);
    expect(alert?.subject).toBe('New on Wonderful Books: Fresh Pages by Nora New');
    expect(alert?.text).toContain('New from Nora New, one of your favourite authors');
    expect(alert?.text).not.toContain('Unrelated');
    expect(await sendNewBookAlerts(t)).toBe(0);

    t.db
      .update(userReadingPreferences)
      .set({ favoriteGenres: ['Productivity'] })
      .where(eq(userReadingPreferences.userId, ada.user.id))
      .run();
    createBook(t.db, {
      title: 'Focus Anew',
      author: 'Another',
      categories: [productivity],
      createdAt: t.clock.now(),
      skipIndex: true,
    });
    expect(await sendNewBookAlerts(t)).toBe(1);
    expect(deliveredMail(t.db, ada.user.email).at(-1)?.text).toContain('Focus Anew by Another');
    expect(deliveredMail(t.db, quiet.user.email)).toEqual([]);
  });

  it('names ISO weeks', () => {
    expect(isoWeekKey(new Date('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeekKey(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekKey(new Date('2026-11-26T12:00:00Z'))).toBe('2026-W48');
  });
});
