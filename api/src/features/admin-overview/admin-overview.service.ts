/**
 * The back office's first screen (docs/product/metrics.md): subscribers, trials, conversion and churn over the last
 * 30 days, MRR and this month's movements, reading minutes, sign-ups per day and the latest critical audit events.
 * Read-only; the figures come from the same tables as the financial reports, so the two screens always agree. Money
 * figures read the totals the database keeps with each write (docs/product/metrics.md#day-totals and
 * #paying-subscriber-counts) and touch source rows only for the part of a window that is not a whole UTC day; each
 * statement is prepared once per connection (docs/product/metrics.md#speed).
 */
import type { TAdminOverview } from '@shared/admin-reports';
import { startOfUtcDay, startOfUtcMonth } from '@shared/admin-reports';
import { MAX_DURATION_MS } from '@shared/sync.schemas';
import type { AppDeps } from '../../deps';
import { loadPlans } from '../billing/billing.service';
import type { Db } from '../../db/client';
import { cachedStatement } from '../../db/statement-cache';
import { mrrAt, mrrMovementTotalsBetween, trialConversionFromDayTotals } from '../admin-reports/admin-reports.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-ups chart: this many days up to today. */
export const SIGNUP_DAYS = 30;
const CRITICAL_EVENTS_SHOWN = 8;

export function buildOverview(deps: Pick<AppDeps, 'db' | 'now'>): TAdminOverview {
  const { db } = deps;
  const now = deps.now().getTime();
  const windowStart = now - 30 * DAY_MS;
  const today = startOfUtcDay(now);

  // Paying subscribers: live subscriptions whose first charge has been paid, i.e. that have an MRR movement
  // (docs/product/metrics.md#converted-trials); the same readers MRR and ARPU count. Kept per plan by triggers
  // (docs/product/metrics.md#paying-subscriber-counts).
  const subscribers = cachedStatement(db, 'select tier, subscribers from paying_subscriber_counts').all() as {
    tier: string;
    subscribers: number;
  }[];
  const basic = subscribers.find((row) => row.tier === 'basic')?.subscribers ?? 0;
  const premium = subscribers.find((row) => row.tier === 'premium')?.subscribers ?? 0;

  const { trialsRunning, reading, signupRows } = sourceFigures(db, now, today);

  const firstDay = today - (SIGNUP_DAYS - 1) * DAY_MS;
  const signupsByDay = Array.from({ length: SIGNUP_DAYS }, (_, index) => {
    const day = firstDay + index * DAY_MS;
    return {
      day: new Date(day).toISOString().slice(0, 10),
      count: signupRows.find((row) => row.day === day)?.n ?? 0,
    };
  });

  const criticalEvents = (
    cachedStatement(
      db,
      `select id, created_at, action, user_id, ip_address from audit_logs
       where severity = 'critical' order by created_at desc limit ${CRITICAL_EVENTS_SHOWN}`,
    ).all() as { id: string; created_at: number; action: string; user_id: string | null; ip_address: string | null }[]
  ).map((row) => ({
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    userId: row.user_id,
    ipAddress: row.ip_address,
  }));

  // Churn over the window: the paying subscribers at its start (MRR chain) and the churn movements in it.
  const subscribersAtStart = mrrAt(db, windowStart).subscribers;
  const churned = mrrMovementTotalsBetween(db, windowStart, now + 1).counts.churn;

  return {
    generatedAt: new Date(now).toISOString(),
    currency: loadPlans(deps).basic.currency,
    activeSubscribers: { basic, premium, total: basic + premium },
    trialsRunning,
    trialConversion30d: trialConversionFromDayTotals(db, windowStart, now + 1, now + 1),
    churn30d: { subscribersAtStart, churned, rate: subscribersAtStart > 0 ? churned / subscribersAtStart : null },
    mrr: mrrAt(db, now + 1).mrr,
    mrrThisMonth: mrrMovementTotalsBetween(db, startOfUtcMonth(now), now + 1).amounts,
    readingMinutes: {
      today: Math.round(reading.today / 60_000),
      last7Days: Math.round(reading.last7Days / 60_000),
    },
    signupsByDay,
    criticalEvents,
  };
}

// The day length is written into the SQL, not bound: a bound number is a REAL, which would make the division exact.
const SIGNUPS_SQL = `select (created_at / ${DAY_MS}) * ${DAY_MS} as day, count(*) as n from users
  where created_at >= ? group by day`;

/** The figures that are not money: read from their own rows with indexed range queries. */
function sourceFigures(db: Db, now: number, today: number) {
  // Trials running: the trial tier before its end, and plans bought during a trial whose free days still run (the
  // second count reads billing_subscriptions_free_days_idx, which holds only such rows).
  const trialUsers = cachedStatement(
    db,
    `select count(*) as n from users
     where subscription_tier = 'trial' and coalesce(trial_ends_at, free_trial_ended_at) > ?`,
  ).get(now) as { n: number };
  const freeDays = cachedStatement(
    db,
    `select count(*) as n from billing_subscriptions
     where status = 'active' and current_period_end <= trial_end and trial_end > ?`,
  ).get(now) as { n: number };

  // One pass over the last 7 days of sessions gives both reading figures (today is inside the 7 days). A session
  // counts on the day it started, for at most the longest session sync accepts.
  const reading = cachedStatement(
    db,
    `select sum(min(ended_at - started_at, ${MAX_DURATION_MS})) as last7Days,
       sum(case when started_at >= @today then min(ended_at - started_at, ${MAX_DURATION_MS}) end) as today
     from reading_sessions
     where started_at >= @from and started_at <= @now and ended_at is not null`,
  ).get({ today, from: now - 7 * DAY_MS, now }) as { last7Days: number | null; today: number | null };

  const signupRows = cachedStatement(db, SIGNUPS_SQL).all(today - (SIGNUP_DAYS - 1) * DAY_MS) as {
    day: number;
    n: number;
  }[];
  return {
    trialsRunning: trialUsers.n + freeDays.n,
    reading: { today: reading.today ?? 0, last7Days: reading.last7Days ?? 0 },
    signupRows,
  };
}
