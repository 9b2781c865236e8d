/**
 * Response types of the financial reports API and the pure date helpers the reports and their screen share
 * (docs/product/metrics.md). Money is integer minor units (pence) in the service's one currency. Pure: no I/O.
 */
import type { TMrrMovementKind } from './mrr';

/** One calendar month (UTC) of the chosen range, clipped to it. */
export interface TReportMonth {
  /** YYYY-MM */
  month: string;
  /** ISO bounds actually covered: [from, to). */
  from: string;
  to: string;
}

export interface TRevenueMonth extends TReportMonth {
  invoices: number;
  gross: number;
  refunds: number;
  net: number;
}

export interface TRevenuePlan {
  tier: 'basic' | 'premium';
  planName: string;
  invoices: number;
  gross: number;
  refunds: number;
  net: number;
}

export interface TMrrMonth extends TReportMonth {
  startMrr: number;
  new: number;
  expansion: number;
  contraction: number;
  churn: number;
  endMrr: number;
  /** Paying subscribers at the end of the month. */
  subscribers: number;
  /** endMrr / subscribers, rounded to the penny; 0 without subscribers. */
  arpu: number;
}

export interface TTrialMonth extends TReportMonth {
  trialsEnded: number;
  converted: number;
  /** 0..1, null when no trial ended. */
  rate: number | null;
}

export interface TChurnMonth extends TReportMonth {
  subscribersAtStart: number;
  churned: number;
  /** 0..1, null without subscribers at the start. */
  rate: number | null;
}

export interface TRefundLine {
  id: string;
  createdAt: string;
  invoiceNumber: string;
  customerEmail: string;
  tier: 'basic' | 'premium';
  amount: number;
  reason: string | null;
}

export interface TFinancialReport {
  from: string;
  to: string;
  currency: string;
  totals: { invoices: number; gross: number; refunds: number; net: number };
  revenueByMonth: TRevenueMonth[];
  revenueByPlan: TRevenuePlan[];
  mrrByMonth: TMrrMonth[];
  trialConversionByMonth: TTrialMonth[];
  churnByMonth: TChurnMonth[];
  refunds: TRefundLine[];
}

export type TMrrMovementTotals = Record<TMrrMovementKind, number>;

export interface TAdminOverview {
  generatedAt: string;
  currency: string;
  activeSubscribers: { basic: number; premium: number; total: number };
  trialsRunning: number;
  trialConversion30d: { trialsEnded: number; converted: number; rate: number | null };
  churn30d: { subscribersAtStart: number; churned: number; rate: number | null };
  mrr: number;
  /** Movements since the first day of this month (UTC), each a positive amount. */
  mrrThisMonth: TMrrMovementTotals;
  readingMinutes: { today: number; last7Days: number };
  signupsByDay: { day: string; count: number }[];
  criticalEvents: { id: string; at: string; action: string; userId: string | null; ipAddress: string | null }[];
}

const DAY = 24 * 60 * 60 * 1000;

/** Start of the UTC day of `time`. */
export function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY) * DAY;
}

export function startOfUtcMonth(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The calendar months of [from, to), each clipped to the range. */
export function monthsOf(from: number, to: number): { month: string; from: number; to: number }[] {
  const months: { month: string; from: number; to: number }[] = [];
  let start = startOfUtcMonth(from);
  while (start < to) {
    const date = new Date(start);
    const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    months.push({
      month: `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`,
      from: Math.max(start, from),
      to: Math.min(next, to),
    });
    start = next;
  }
  return months;
}

/** A share as the screens print it: one decimal place, or a dash when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)}%`;
}

/**
 * The one-line definition of each figure, shown on hover and focus in the back office; the full rules are in
 * docs/product/metrics.md#definitions.
 */
export const METRIC_DEFINITIONS = {
  activeSubscribers:
    'Readers with a paid Basic or Premium subscription that has not ended and whose first charge is paid (including ones set to cancel or past due).',
  trialsRunning:
    'Readers whose free trial has not ended yet, including those who chose a plan that starts charging at its end.',
  trialConversion:
    'Of the trials that ended in the period, the share whose reader has paid a first charge for a plan (whenever they did).',
  churn: 'Paid subscriptions that ended in the period, divided by the paying subscribers at its start.',
  mrr: 'Monthly recurring revenue: the monthly plan price of every paid subscription that has not ended, without tax. Trials (including a plan bought during a trial, until its first charge) and free plans add nothing; the service sells no discounts, and only a discount lasting forever would lower it.',
  newMrr: 'MRR from subscriptions whose first charge was paid this month, first-time or returning.',
  expansionMrr: 'MRR added this month by upgrades and renewals at a higher price.',
  contractionMrr: 'MRR lost this month by downgrades and renewals at a lower price.',
  churnedMrr: 'MRR lost this month by subscriptions that ended.',
  readingMinutes: 'Minutes of reading sessions that started today (UTC) or in the last 7 days and have ended.',
  signups: 'Accounts created each day (UTC), whatever their plan.',
  arpu: 'Average revenue per paying user: MRR at the month’s end divided by the paying subscribers then.',
  grossRevenue:
    'Invoices paid in the period, by the day they were paid, tax included as charged (£0.00 invoices excluded).',
  refunds: 'Money given back in the period, by the day it was refunded.',
  netRevenue: 'Gross revenue minus refunds.',
} as const;
