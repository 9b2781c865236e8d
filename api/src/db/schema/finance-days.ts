/**
 * Day totals behind the financial reports (docs/product/metrics.md#day-totals): revenue and refunds per UTC day and
 * plan, MRR movements per UTC day and kind, trials ending per UTC day and how many of those readers converted. SQLite
 * triggers on invoices, refunds, mrr_movements and users keep them exact in the same transaction as every write (the
 * triggers are hand-written in migration 0017_finance_days.sql). A 12-month report reads about 2,000 of these rows
 * instead of every invoice of the year.
 *
 * A later migration that rebuilds invoices, refunds, mrr_movements, users or billing_subscriptions (drizzle-kit's
 * "__new_" table copy) drops their triggers: it must create them again. `finance-days.test.ts` fails when any is
 * missing.
 */
import { sql } from 'drizzle-orm';
import { type SQLiteColumn, check, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MRR_MOVEMENT_KINDS } from '../../../../shared/mrr';
import { PAID_TIERS } from './billing';
import { enumCheck } from './columns';

const dayCheck = (name: string, column: SQLiteColumn) => check(name, sql`length(${column}) = 10`);

export const revenueDays = sqliteTable(
  'revenue_days',
  {
    /** UTC day of the payment or refund, YYYY-MM-DD. */
    day: text('day').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    /** Paid invoices that took money (amount_paid > 0), by paid_at. */
    paidInvoices: integer('paid_invoices').notNull().default(0),
    paidAmount: integer('paid_amount').notNull().default(0),
    /** Refunds given that day, by refunds.created_at. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.tier] }),
    dayCheck('revenue_days_day_check', table.day),
    enumCheck('revenue_days_tier_check', table.tier, PAID_TIERS),
  ],
);

export const mrrMovementDays = sqliteTable(
  'mrr_movement_days',
  {
    day: text('day').notNull(),
    kind: text('kind', { enum: MRR_MOVEMENT_KINDS }).notNull(),
    movements: integer('movements').notNull().default(0),
    /** Sum of mrr_after - mrr_before: MRR at a day's start is the sum of every earlier day's net change. */
    netChange: integer('net_change').notNull().default(0),
    /** Sum of abs(mrr_after - mrr_before). */
    amount: integer('amount').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.kind] }),
    dayCheck('mrr_movement_days_day_check', table.day),
    enumCheck('mrr_movement_days_kind_check', table.kind, MRR_MOVEMENT_KINDS),
  ],
);

export const trialEndDays = sqliteTable(
  'trial_end_days',
  {
    /** UTC day of coalesce(trial_ends_at, free_trial_ended_at) of readers who had a trial. */
    day: text('day').primaryKey(),
    trialsEnded: integer('trials_ended').notNull().default(0),
    /** Of those readers, the ones with a 'new' MRR movement from the trial (at any time). */
    converted: integer('converted').notNull().default(0),
  },
  (table) => [dayCheck('trial_end_days_day_check', table.day)],
);

/**
 * Paying subscribers per plan (docs/product/metrics.md#paying-subscriber-counts): live subscriptions (active or past
 * due) whose first charge has been paid, i.e. that have an MRR movement. Triggers on billing_subscriptions and
 * mrr_movements (migration 0024) keep it exact in the same transaction as each write, so the overview reads two rows
 * instead of probing every live subscription.
 */
export const payingSubscriberCounts = sqliteTable(
  'paying_subscriber_counts',
  {
    tier: text('tier', { enum: PAID_TIERS }).primaryKey(),
    subscribers: integer('subscribers').notNull().default(0),
  },
  (table) => [enumCheck('paying_subscriber_counts_tier_check', table.tier, PAID_TIERS)],
);
