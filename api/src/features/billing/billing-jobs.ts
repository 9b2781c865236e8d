/**
 * Scheduled billing upkeep: 'trial-ending-reminders' e-mails trial readers 2 days before the trial
 * ends and on its last day, once each (email_logs remembers what was sent: one row per user and
 * reminder kind, whatever its delivery status); 'billing-grace-expiry' ends access of past-due
 * readers whose grace period is over (billing-reconcile.ts expireGracePeriods).
 */
import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { DAY_MS } from '@shared/entitlement';
import type { AppDeps } from '../../deps';
import { emailLogs, users } from '../../db/schema';
import { BILLING_EMAIL_TYPES, sendTrialEndingEmail } from '../email/email.service';

export async function sendTrialEndingReminders(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger' | 'mailer' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const horizon = new Date(now.getTime() + 2 * DAY_MS);
  const candidates = deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.subscriptionTier, 'trial'),
        eq(users.isActive, true),
        or(
          and(gt(users.trialEndsAt, now), lte(users.trialEndsAt, horizon)),
          and(gt(users.freeTrialEndedAt, now), lte(users.freeTrialEndedAt, horizon)),
        ),
      ),
    )
    .all();
  let sent = 0;
  for (const user of candidates) {
    const ends = [user.trialEndsAt, user.freeTrialEndedAt].filter((d): d is Date => d !== null).map((d) => d.getTime());
    const trialEndsAt = new Date(Math.max(...ends));
    const remaining = trialEndsAt.getTime() - now.getTime();
    if (remaining <= 0 || remaining > 2 * DAY_MS) continue;
    // The last day gets the "today" reminder; a 2-day reminder that was missed is not sent late.
    const which = remaining <= DAY_MS ? 'today' : '2_days';
    const emailType = which === 'today' ? BILLING_EMAIL_TYPES.trialEndingToday : BILLING_EMAIL_TYPES.trialEnding2Days;
    const already = deps.db
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(and(eq(emailLogs.userId, user.id), inArray(emailLogs.emailType, [emailType])))
      .get();
    if (already) continue;
    await sendTrialEndingEmail(deps, {
      user: { id: user.id, email: user.email, firstName: user.firstName },
      which,
      trialEndsAt,
      daysLeft: Math.ceil(remaining / DAY_MS) - (which === 'today' ? 1 : 0),
    });
    sent += 1;
  }
  return sent;
}
