/**
 * Financial reports (docs/product/metrics.md): revenue by month and by plan, MRR movements, ARPU, trial conversion,
 * churn and refunds for a date range. Read-only. Every figure is one indexed range query over invoices, refunds,
 * mrr_movements or users; MRR at an instant is the sum of the movements before it (each reader's movements form a
 * chain from 0, so the sum of their deltas is their current MRR), which is what makes the month rows add up.
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
import { loadPlans } from '../billing/billing.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIERS = ['basic', 'premium'] as const;

/** Month key of an epoch-ms column, as monthsOf names them. */
const monthOf = (column: string) => sql.raw(`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`);

/** MRR and paying subscribers just before `at`: the sums of every movement before it. */
export function mrrAt(db: Db, at: number): { mrr: number; subscribers: number } {
  const row = db.get<{ mrr: number | null; subscribers: number | null }>(sql`
    select sum(mrr_after - mrr_before) as mrr,
      sum(case kind when 'new' then 1 when 'churn' then -1 else 0 end) as subscribers
    from mrr_movements where occurred_at < ${at}`);
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

  // Revenue is counted when it was paid, refunds when they were given (cash basis). One range per month keeps
  // each sum inside invoices_paid_idx (no per-row date formatting). A £0.00 invoice (the rest of a free trial after
  // buying a plan) took no money, so it is not revenue (docs/product/metrics.md#converted-trials).
  const paidRows = months.flatMap((month) =>
    db
      .all<{ tier: 'basic' | 'premium'; invoices: number; gross: number }>(sql`
        select tier, count(*) as invoices, sum(amount_paid) as gross
        from invoices where paid_at >= ${month.from} and paid_at < ${month.to} and status = 'paid' and amount_paid > 0
        group by tier`)
      .map((row) => ({ ...row, month: month.month })),
  );
  const refundRows = db.all<{ month: string; tier: 'basic' | 'premium'; amount: number }>(sql`
    select ${monthOf('created_at')} as month, tier, sum(amount) as amount
    from refunds where created_at >= ${from} and created_at < ${to}
    group by month, tier`);

  const revenueByMonth: TRevenueMonth[] = months.map((month) => {
    const paid = paidRows.filter((row) => row.month === month.month);
    const gross = paid.reduce((sum, row) => sum + row.gross, 0);
    const refunded = refundRows.filter((row) => row.month === month.month).reduce((sum, row) => sum + row.amount, 0);
    return {
      ...monthBounds(month),
      invoices: paid.reduce((sum, row) => sum + row.invoices, 0),
      gross,
      refunds: refunded,
      net: gross - refunded,
    };
  });
  const revenueByPlan: TRevenuePlan[] = TIERS.map((tier) => {
    const paid = paidRows.filter((row) => row.tier === tier);
    const gross = paid.reduce((sum, row) => sum + row.gross, 0);
    const refunded = refundRows.filter((row) => row.tier === tier).reduce((sum, row) => sum + row.amount, 0);
    return {
      tier,
      planName: plans[tier].name,
      invoices: paid.reduce((sum, row) => sum + row.invoices, 0),
      gross,
      refunds: refunded,
      net: gross - refunded,
    };
  });

  // MRR: the state before the range in one sum, then each month's movements in one grouped pass.
  let running = mrrAt(db, from);
  const moveRows = db.all<{ month: string; kind: TMrrMovementKind; n: number; delta: number; amount: number }>(sql`
    select ${monthOf('occurred_at')} as month, kind, count(*) as n, sum(mrr_after - mrr_before) as delta,
      sum(abs(mrr_after - mrr_before)) as amount
    from mrr_movements where occurred_at >= ${from} and occurred_at < ${to}
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
  const trialConversionByMonth: TTrialMonth[] = months.map((month) => ({
    ...monthBounds(month),
    ...trialConversionBetween(db, month.from, month.to, now),
  }));

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
