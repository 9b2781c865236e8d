/**
 * Reading reminders (docs/product/reading-stats.md#reading-reminder): in the reader's local evening, a reader whose day
 * streak would break tonight (read yesterday, not yet today) gets one e-mail, if they opted in (reading preferences).
 * `reading_reminders` holds one row per reader and local day, claimed before sending, so two workers or two runs never
 * send twice in a day. The e-mail's one-click link switches only the reminders off.
 */
import { addDays, localDay, localHour } from '@shared/reading-stats';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { ensureEmailPreferences, sendReadingReminderEmail } from '../email/email.service';
import { userIdForUnsubscribeToken } from '../email/preferences.service';
import { readingPreferencesOf, saveReadingPreferences } from './reading-preferences.service';
import { currentDayStreak, readerDayOptions, readingTotals, rebuildDirtyReadingStats } from './reading-stats.service';

/** The reader's evening: reminders go out from 19:00 until 23:00 local time. */
export const READING_REMINDER_FROM_HOUR = 19;
export const READING_REMINDER_UNTIL_HOUR = 23;

type TReminderDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'mailer' | 'now'>;

/** The link in the e-mail: the unsubscribe page switches reading reminders off with one click. */
export function readingReminderStopUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}&list=reading-reminders`;
}

/** The job: sends the reminders due now; returns how many were sent. */
export async function sendReadingReminders(deps: TReminderDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const nowMs = now.getTime();
  const client = db.$client;
  // Summaries first: the candidates come from them.
  rebuildDirtyReadingStats({ db, now: deps.now });
  // Readers who read in the last few days (local days; a wide UTC window covers every zone).
  const candidates = client
    .prepare<[string], string>(
      `select s.user_id from reading_day_stats s join users u on u.id = s.user_id
       where s.pages > 0 and u.is_active = 1 group by s.user_id having max(s.day) >= ?`,
    )
    .pluck()
    .all(addDays(now.toISOString().slice(0, 10), -3));
  const claim = client.prepare(
    'insert into reading_reminders (user_id, day, sent_at) values (?, ?, ?) on conflict do nothing',
  );
  let sent = 0;
  for (const userId of candidates) {
    if (!readingPreferencesOf(db, userId).emailPreferences.readingReminders) continue;
    readingTotals(db, userId, now); // brings the summaries up to date first
    const { timeZone, dayStartMinutes } = readerDayOptions(db, userId, undefined);
    const hour = localHour(nowMs, timeZone);
    if (hour < READING_REMINDER_FROM_HOUR || hour >= READING_REMINDER_UNTIL_HOUR) continue;
    const today = localDay(nowMs, timeZone, dayStartMinutes);
    const streak = currentDayStreak(db, userId, today);
    // At risk: the streak is alive and its last day was yesterday (today not read yet).
    if (streak.current === 0 || streak.lastDay !== addDays(today, -1)) continue;
    if (claim.run(userId, today, nowMs).changes === 0) continue;
    const user = client
      .prepare<[string], { id: string; email: string; first_name: string | null }>(
        'select id, email, first_name from users where id = ?',
      )
      .get(userId);
    if (!user) continue;
    const preferences = ensureEmailPreferences({ db, user, now });
    const result = await sendReadingReminderEmail(deps, {
      user: { id: user.id, email: user.email, firstName: user.first_name },
      streakDays: streak.current,
      stopUrl: readingReminderStopUrl(deps.env.publicUrl, preferences.unsubscribeToken),
    });
    if (result.status === 'sent') sent += 1;
  }
  return sent;
}

/** POST /api/email/unsubscribe/reading-reminders?token=: the one click; only switches reading reminders off. */
export function stopReadingReminders(options: { db: Db; token: string; now: Date }): void {
  const { db, token, now } = options;
  const userId = userIdForUnsubscribeToken(db, token);
  const current = readingPreferencesOf(db, userId);
  if (!current.emailPreferences.readingReminders) return;
  saveReadingPreferences({
    db,
    userId,
    input: { ...current, emailPreferences: { ...current.emailPreferences, readingReminders: false } },
    now,
  });
}
