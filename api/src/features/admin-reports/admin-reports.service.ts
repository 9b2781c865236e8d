/**
 * Financial reports (docs/product/metrics.md): revenue by month and by plan, MRR movements, ARPU, trial conversion,
 * churn and refunds for a date range. Read-only. The report sums the day totals the database keeps with each write
 * (docs/product/metrics.md#day-totals); the helpers the overview uses for its rolling windows read the source tables.
 * MRR at an instant is the sum of the movements before it (each reader's movements form a chain from 0, so the sum of
 * their deltas is their current MRR), which is what makes the month rows add up.
 */
import { sql } from 'drizzle-orm';
import type {
  TChurnMonth,
  TFinancialReport,
  TMrrMonth,
  TRevenueMonth,
  TRevenuePlan,
  TTrialMonth,
} from '@shared/admin-reports';
import { monthsOf } from '@shared/admin-reports';
import type { TReportRangeQuery } from '@shared/admin-reports.schemas';
import type { TMrrMovementKind } from '@shared/mrr';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { cachedStatement } from '../../db/statement-cache';
import { loadPlans } from '../billing/billing.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIERS = ['basic', 'premium'] as const;

/** The UTC day of an instant as the day-total tables key it, YYYY-MM-DD. */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * MRR and paying subscribers just before `at`: the sums of every movement before it, read from the day totals for the
 * whole days before `at`'s day (docs/product/metrics.md#day-totals) and from the movements themselves for the rest.
 */
export function mrrAt(db: Db, at: number): { mrr: number; subscribers: number } {
  const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
  const row = db.get<{ mrr: number | null; subscribers: number | null }>(sql`
    select sum(mrr) as mrr, sum(subscribers) as subscribers from (
      select sum(net_change) as mrr,
        sum(case kind when 'new' then movements when 'churn' then -movements else 0 end) as subscribers
      from mrr_movement_days where day < ${utcDay(dayStart)}
      union all
      select sum(mrr_after - mrr_before),
        sum(case kind when 'new' then 1 when 'churn' then -1 else 0 end)
      from mrr_movements where occurred_at >= ${dayStart} and occurred_at < ${at})`);
  return { mrr: row?.mrr ?? 0, subscribers: row?.subscribers ?? 0 };
}

/** Positive totals of each kind of movement in [from, to). */
export function mrrMovementsBetween(db: Db, from: number, to: number): Record<TMrrMovementKind, number> {
  const totals: Record<TMrrMovementKind, number> = { new: 0, expansion: 0, contraction: 0, churn: 0 };
  const rows = db.all<{ kind: TMrrMovementKind; amount: number }>(sql`
    select kind, sum(abs(mrr_after - mrr_before)) as amount from mrr_movements
    where occurred_at >= ${from} and occurred_at < ${to} group by kind`);
  for (const row of rows) totals[row.kind] = row.amount;
  return totals;
}

/**
 * Trials whose end fell in [from, to) (and has passed by `now`), and how many of those readers started a paid plan.
 * The trial's end is `coalesce(trial_ends_at, free_trial_ended_at)`, the expression users_trial_end_idx indexes.
 */
export function trialConversionBetween(db: Db, from: number, to: number, now: number) {
  const until = Math.min(to, now);
  const row = db.get<{ ended: number; converted: number | null }>(sql`
    select count(*) as ended,
      sum(exists(select 1 from mrr_movements m where m.user_id = u.id and kind = 'new' and tier_before = 'trial')) as converted
    from users u
    where coalesce(u.trial_ends_at, u.free_trial_ended_at) >= ${from}
      and coalesce(u.trial_ends_at, u.free_trial_ended_at) < ${until}
      and u.trial_started_at is not null`);
  const ended = row?.ended ?? 0;
  const converted = row?.converted ?? 0;
  return { trialsEnded: ended, converted, rate: ended > 0 ? converted / ended : null };
}

/** Paying subscribers at `from` and the subscriptions that ended in [from, to). */
export function churnBetween(db: Db, from: number, to: number) {
  const subscribersAtStart = mrrAt(db, from).subscribers;
  const churned =
    db.get<{ n: number }>(
      sql`select count(*) as n from mrr_movements where kind = 'churn' and occurred_at >= ${from} and occurred_at < ${to}`,
    )?.n ?? 0;
  return { subscribersAtStart, churned, rate: subscribersAtStart > 0 ? churned / subscribersAtStart : null };
}

/**
 * [from, to) cut at UTC midnights: the whole days inside it, as the day-total tables key them ([firstDay, endDay)),
 * and the parts before the first and after the last midnight, which only the source tables can answer. A window
 * shorter than a day has no whole days.
 */
export function splitAtMidnights(from: number, to: number) {
  const firstMidnight = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastMidnight = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstMidnight >= lastMidnight) return { days: null, edges: [[from, to]] as [number, number][] };
  return {
    days: { firstDay: utcDay(firstMidnight), endDay: utcDay(lastMidnight) },
    edges: (
      [
        [from, firstMidnight],
        [lastMidnight, to],
      ] as [number, number][]
    ).filter(([start, end]) => end > start),
  };
}

const MOVEMENT_TOTALS_SQL = `
  select kind, sum(movements) as movements, sum(amount) as amount from (
    select kind, movements, amount from mrr_movement_days where day >= @firstDay and day < @endDay
    union all
    select kind, 1, abs(mrr_after - mrr_before) from mrr_movements where occurred_at >= @headFrom and occurred_at < @headTo
    union all
    select kind, 1, abs(mrr_after - mrr_before) from mrr_movements where occurred_at >= @tailFrom and occurred_at < @tailTo)
  group by kind`;

/**
 * Movements of each kind in [from, to) and their positive amounts: whole days from the day totals
 * (docs/product/metrics.md#day-totals), the partial first and last day from the movements themselves. The same
 * figures as `mrrMovementsBetween` and a count of churn movements over the source rows.
 */
export function mrrMovementTotalsBetween(db: Db, from: number, to: number) {
  const { days, edges } = splitAtMidnights(from, to);
  const [head = [0, 0], tail = [0, 0]] = edges;
  const rows = cachedStatement(db, MOVEMENT_TOTALS_SQL).all({
    firstDay: days?.firstDay ?? '',
    endDay: days?.endDay ?? '',
    headFrom: head[0],
    headTo: head[1],
    tailFrom: tail[0],
    tailTo: tail[1],
  }) as { kind: TMrrMovementKind; movements: number; amount: number }[];
  const amounts: Record<TMrrMovementKind, number> = { new: 0, expansion: 0, contraction: 0, churn: 0 };
  const counts: Record<TMrrMovementKind, number> = { new: 0, expansion: 0, contraction: 0, churn: 0 };
  for (const row of rows) {
    amounts[row.kind] = row.amount;
    counts[row.kind] = row.movements;
  }
  return { amounts, counts };
}

/**
 * The same figures as `trialConversionBetween`, with the whole days of the window read from the day totals
 * (docs/product/metrics.md#day-totals) and only the partial first and last day from the readers: a rolling 30-day
 * window reads two days of readers instead of thirty.
 */
export function trialConversionFromDayTotals(db: Db, from: number, to: number, now: number) {
  const until = Math.min(to, now);
  if (until <= from) return { trialsEnded: 0, converted: 0, rate: null };
  const { days, edges } = splitAtMidnights(from, until);
  let ended = 0;
  let converted = 0;
  if (days) {
    const row = cachedStatement(
      db,
      'select sum(trials_ended) as ended, sum(converted) as converted from trial_end_days where day >= ? and day < ?',
    ).get(days.firstDay, days.endDay) as { ended: number | null; converted: number | null };
    ended += row.ended ?? 0;
    converted += row.converted ?? 0;
  }
  for (const [start, end] of edges) {
    const part = trialConversionBetween(db, start, end, end);
    ended += part.trialsEnded;
    converted += part.converted;
  }
  return { trialsEnded: ended, converted, rate: ended > 0 ? converted / ended : null };
}

export function buildFinancialReport(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { range: TReportRangeQuery },
): TFinancialReport {
  const { db } = deps;
  const from = Date.parse(`${input.range.from}T00:00:00Z`);
  const to = Date.parse(`${input.range.to}T00:00:00Z`) + DAY_MS;
  const now = deps.now().getTime();
  const plans = loadPlans(deps);
  const months = monthsOf(from, to);
  const monthBounds = (month: (typeof months)[number]) => ({
    month: month.month,
    from: new Date(month.from).toISOString(),
    to: new Date(month.to).toISOString(),
  });

  // Revenue is counted when it was paid, refunds when they were given (cash basis); a £0.00 invoice (the rest of a
  // free trial after buying a plan) took no money, so it is not revenue (docs/product/metrics.md#converted-trials).
  // Every figure below reads the day totals the database keeps with each write (docs/product/metrics.md#day-totals):
  // the range is whole UTC days, so summing days gives exactly what a scan of the invoices would.
  const fromDay = utcDay(from);
  const toDay = utcDay(to);
  const revenueRows = db.all<{
    month: string;
    tier: 'basic' | 'premium';
    invoices: number;
    gross: number;
    refunded: number;
  }>(sql`
    select substr(day, 1, 7) as month, tier, sum(paid_invoices) as invoices, sum(paid_amount) as gross,
      sum(refunded_amount) as refunded
    from revenue_days where day >= ${fromDay} and day < ${toDay}
    group by month, tier`);
  const sumOf = (rows: typeof revenueRows) => {
    const gross = rows.reduce((sum, row) => sum + row.gross, 0);
    const refunds = rows.reduce((sum, row) => sum + row.refunded, 0);
    return { invoices: rows.reduce((sum, row) => sum + row.invoices, 0), gross, refunds, net: gross - refunds };
  };
  const revenueByMonth: TRevenueMonth[] = months.map((month) => ({
    ...monthBounds(month),
    ...sumOf(revenueRows.filter((row) => row.month === month.month)),
  }));
  const revenueByPlan: TRevenuePlan[] = TIERS.map((tier) => ({
    tier,
    planName: plans[tier].name,
    ...sumOf(revenueRows.filter((row) => row.tier === tier)),
  }));

  // MRR: the state before the range (the sum of every earlier day), then each month's movements.
  let running = mrrAt(db, from);
  const moveRows = db.all<{ month: string; kind: TMrrMovementKind; n: number; delta: number; amount: number }>(sql`
    select substr(day, 1, 7) as month, kind, sum(movements) as n, sum(net_change) as delta, sum(amount) as amount
    from mrr_movement_days where day >= ${fromDay} and day < ${toDay}
    group by month, kind`);
  const mrrByMonth: TMrrMonth[] = [];
  const churnByMonth: TChurnMonth[] = [];
  for (const month of months) {
    const rows = moveRows.filter((row) => row.month === month.month);
    const of = (kind: TMrrMovementKind) => rows.find((row) => row.kind === kind);
    const start = running;
    const delta = rows.reduce((sum, row) => sum + row.delta, 0);
    const end = {
      mrr: start.mrr + delta,
      subscribers: start.subscribers + (of('new')?.n ?? 0) - (of('churn')?.n ?? 0),
    };
    mrrByMonth.push({
      ...monthBounds(month),
      startMrr: start.mrr,
      new: of('new')?.amount ?? 0,
      expansion: of('expansion')?.amount ?? 0,
      contraction: of('contraction')?.amount ?? 0,
      churn: of('churn')?.amount ?? 0,
      endMrr: end.mrr,
      subscribers: end.subscribers,
      arpu: end.subscribers > 0 ? Math.round(end.mrr / end.subscribers) : 0,
    });
    const churned = of('churn')?.n ?? 0;
    churnByMonth.push({
      ...monthBounds(month),
      subscribersAtStart: start.subscribers,
      churned,
      rate: start.subscribers > 0 ? churned / start.subscribers : null,
    });
    running = end;
  }

  // Trials count once their end has passed: whole days before today from the day totals, today's part live.
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const trialRows = db.all<{ month: string; ended: number; converted: number }>(sql`
    select substr(day, 1, 7) as month, sum(trials_ended) as ended, sum(converted) as converted
    from trial_end_days where day >= ${fromDay} and day < ${utcDay(Math.min(to, todayStart))}
    group by month`);
  const today =
    todayStart >= from && todayStart < to ? trialConversionBetween(db, todayStart, todayStart + DAY_MS, now) : null;
  const trialConversionByMonth: TTrialMonth[] = months.map((month) => {
    const row = trialRows.find((candidate) => candidate.month === month.month);
    const includesToday = today !== null && todayStart >= month.from && todayStart < month.to;
    const ended = (row?.ended ?? 0) + (includesToday ? today.trialsEnded : 0);
    const converted = (row?.converted ?? 0) + (includesToday ? today.converted : 0);
    return { ...monthBounds(month), trialsEnded: ended, converted, rate: ended > 0 ? converted / ended : null };
  });

  const refundLines = db
    .all<{
      id: string;
      created_at: number;
      number: string;
      customer_email: string;
      tier: 'basic' | 'premium';
      amount: number;
      reason: string | null;
    }>(sql`
    select r.id, r.created_at, i.number, i.customer_email, r.tier, r.amount, r.reason
    from refunds r join invoices i on i.id = r.invoice_id
    where r.created_at >= ${from} and r.created_at < ${to}
    order by r.created_at desc limit 500`)
    .map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      invoiceNumber: row.number,
      customerEmail: row.customer_email,
      tier: row.tier,
      amount: row.amount,
      reason: row.reason,
    }));

  const totals = revenueByMonth.reduce(
    (sum, month) => ({
      invoices: sum.invoices + month.invoices,
      gross: sum.gross + month.gross,
      refunds: sum.refunds + month.refunds,
      net: sum.net + month.net,
    }),
    { invoices: 0, gross: 0, refunds: 0, net: 0 },
  );
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    currency: plans.basic.currency,
    totals,
    revenueByMonth,
    revenueByPlan,
    mrrByMonth,
    trialConversionByMonth,
    churnByMonth,
    refunds: refundLines,
  };
}
