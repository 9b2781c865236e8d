/**
 * The back office's first screen (docs/product/metrics.md): subscribers, trials, conversion and churn over the last
 * 30 days, MRR and this month's movements, reading minutes, sign-ups per day and the latest critical audit events.
 * Read-only; the figures come from the same queries as the financial reports, so the two screens always agree.
 */
import { sql } from 'drizzle-orm';
import type { TAdminOverview } from '@shared/admin-reports';
import { startOfUtcDay, startOfUtcMonth } from '@shared/admin-reports';
import { MAX_DURATION_MS } from '@shared/sync.schemas';
import type { AppDeps } from '../../deps';
import { loadPlans } from '../billing/billing.service';
import {
  churnBetween,
  mrrAt,
  mrrMovementsBetween,
  trialConversionBetween,
} from '../admin-reports/admin-reports.service';

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
  // (docs/product/metrics.md#converted-trials); the same readers MRR and ARPU count.
  const subscribers = db.all<{ tier: 'basic' | 'premium'; n: number }>(sql`
    select b.tier, count(*) as n from billing_subscriptions b
    where b.status in ('active', 'past_due')
      and exists (select 1 from mrr_movements m where m.user_id = b.user_id and m.subscription_id = b.subscription_id)
    group by b.tier`);
  const basic = subscribers.find((row) => row.tier === 'basic')?.n ?? 0;
  const premium = subscribers.find((row) => row.tier === 'premium')?.n ?? 0;

  // Trials running: the trial tier before its end, and plans bought during a trial whose free days still run.
  const trialsRunning =
    (db.get<{ n: number }>(sql`
      select count(*) as n from users
      where subscription_tier = 'trial' and coalesce(trial_ends_at, free_trial_ended_at) > ${now}`)?.n ?? 0) +
    (db.get<{ n: number }>(sql`
      select count(*) as n from billing_subscriptions
      where status = 'active' and trial_end > ${now} and current_period_end <= trial_end`)?.n ?? 0);

  // A session counts on the day it started, for at most the longest session sync accepts.
  const readingMs = (from: number) =>
    db.get<{ ms: number | null }>(sql`
      select sum(min(ended_at - started_at, ${MAX_DURATION_MS})) as ms from reading_sessions
      where started_at >= ${from} and started_at <= ${now} and ended_at is not null`)?.ms ?? 0;

  const firstDay = today - (SIGNUP_DAYS - 1) * DAY_MS;
  // The day length is written into the SQL, not bound: a bound number is a REAL, which would make this division exact.
  const dayMs = sql.raw(String(DAY_MS));
  const signupRows = db.all<{ day: number; n: number }>(sql`
    select (created_at / ${dayMs}) * ${dayMs} as day, count(*) as n from users
    where created_at >= ${firstDay} group by day`);
  const signupsByDay = Array.from({ length: SIGNUP_DAYS }, (_, index) => {
    const day = firstDay + index * DAY_MS;
    return {
      day: new Date(day).toISOString().slice(0, 10),
      count: signupRows.find((row) => row.day === day)?.n ?? 0,
    };
  });

  const criticalEvents = db
    .all<{ id: string; created_at: number; action: string; user_id: string | null; ip_address: string | null }>(sql`
      select id, created_at, action, user_id, ip_address from audit_logs
      where severity = 'critical' order by created_at desc limit ${CRITICAL_EVENTS_SHOWN}`)
    .map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      action: row.action,
      userId: row.user_id,
      ipAddress: row.ip_address,
    }));

  return {
    generatedAt: new Date(now).toISOString(),
    currency: loadPlans(deps).basic.currency,
    activeSubscribers: { basic, premium, total: basic + premium },
    trialsRunning,
    trialConversion30d: trialConversionBetween(db, windowStart, now + 1, now + 1),
    churn30d: churnBetween(db, windowStart, now + 1),
    mrr: mrrAt(db, now + 1).mrr,
    mrrThisMonth: mrrMovementsBetween(db, startOfUtcMonth(now), now + 1),
    readingMinutes: {
      today: Math.round(readingMs(today) / 60_000),
      last7Days: Math.round(readingMs(now - 7 * DAY_MS) / 60_000),
    },
    signupsByDay,
    criticalEvents,
  };
}
