/**
 * The financial reports against a known history built through the real API and the test-mode provider: sign-ups
 * (trials and a reader without one), subscriptions, an upgrade, a scheduled downgrade, a cancellation at the period
 * end, an immediate cancellation by an admin, renewals and two refunds. Every figure is checked against numbers
 * worked out by hand, and the figures are checked against each other and against the invoices and refunds rows.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { billingSubscriptions, invoices, payments, refunds, subscriptionPlans } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { billingSetup } from '../billing/billing-test-support';
import { insertUser, signIn } from '../profile/profile-test-support';

const START = new Date('2026-03-01T09:00:00Z').getTime();
const at = (iso: string) => new Date(iso).getTime();

async function buildHistory() {
  const ctx = billingSetup();
  const admin = await insertUser(ctx.db, { role: 'admin' });
  const adminClient = () => ctx.clientFor(signIn(ctx.db, admin.id, ctx.clock.now()).cookie);
  const moveTo = (iso: string) => ctx.clock.advance(at(iso) - ctx.clock.now().getTime());

  // 1 March 09:00: three trials start (A, B, C); A and B subscribe at once, C never does; D has no trial.
  expect(ctx.clock.now().getTime()).toBe(START);
  const a = await ctx.reader('trial');
  const b = await ctx.reader('trial');
  const c = await ctx.reader('trial');
  const d = await ctx.reader('free');
  await ctx.subscribe(a, 'basic');
  await ctx.subscribe(b, 'premium');
  await ctx.subscribe(d, 'basic');

  // 11 March: A upgrades (prorated 400 × 21/31 days = 271), B schedules a downgrade, D cancels at the period end.
  moveTo('2026-03-11T09:00:00Z');
  for (const member of [a, b, d]) member.signInAgain();
  const readerClient = (member: { cookie: string }) => ctx.clientFor(member.cookie);
  expect((await readerClient(a).billing['change-plan'].$post({ json: { tier: 'premium' } })).status).toBe(200);
  expect((await readerClient(b).billing['change-plan'].$post({ json: { tier: 'basic' } })).status).toBe(200);
  expect((await readerClient(d).billing.cancel.$post()).status).toBe(200);

  // 15 March: an admin refunds £2.00 of A's first invoice and all of D's.
  moveTo('2026-03-15T12:00:00Z');
  const firstInvoiceOf = (userId: string) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(invoices.issuedAt).all()[0];
  const refund = (invoiceId: string, amount: number, reason?: string) =>
    adminClient().admin.invoices[':id'].refund.$post({ param: { id: invoiceId }, json: { amount, reason } });
  expect((await refund(firstInvoiceOf(a.user.id).id, 200, 'Goodwill: reader could not open a book')).status).toBe(200);
  expect((await refund(firstInvoiceOf(d.user.id).id, 599)).status).toBe(200);

  // 1 April 09:00: the provider's renewals: A renews Premium, B renews as Basic, D's subscription ends.
  moveTo('2026-04-01T09:00:00Z');
  await ctx.provider.advanceClock(0);

  // 10 April: an admin ends B's subscription at once.
  moveTo('2026-04-10T10:00:00Z');
  const cancelled = await adminClient().admin.subscriptions[':userId'].cancel.$post({
    param: { userId: b.user.id },
    json: { when: 'now' },
  });
  expect(cancelled.status).toBe(200);

  return { ctx, admin, adminClient, a, b, c, d };
}

describe('financial reports: a known history', () => {
  it('gives every figure as worked out by hand, consistent with itself and with the invoices', async () => {
    const { ctx, adminClient, a, d } = await buildHistory();
    const response = await adminClient().admin.reports.financial.$get({
      query: { from: '2026-03-01', to: '2026-04-30' },
    });
    expect(response.status).toBe(200);
    const report = await successBody(response);

    expect(
      report.revenueByMonth.map(({ month, invoices: n, gross, refunds: r, net }) => ({ month, n, gross, r, net })),
    ).toEqual([
      { month: '2026-03', n: 4, gross: 599 + 999 + 599 + 271, r: 200 + 599, net: 2468 - 799 },
      { month: '2026-04', n: 2, gross: 999 + 599, r: 0, net: 1598 },
    ]);
    expect(report.totals).toEqual({ invoices: 6, gross: 4066, refunds: 799, net: 3267 });
    expect(
      report.revenueByPlan.map(({ tier, invoices: n, gross, refunds: r, net }) => ({ tier, n, gross, r, net })),
    ).toEqual([
      { tier: 'basic', n: 3, gross: 599 * 3, r: 799, net: 1797 - 799 },
      { tier: 'premium', n: 3, gross: 999 + 271 + 999, r: 0, net: 2269 },
    ]);

    expect(
      report.mrrByMonth.map(
        ({ month, startMrr, new: added, expansion, contraction, churn, endMrr, subscribers, arpu }) => ({
          month,
          startMrr,
          added,
          expansion,
          contraction,
          churn,
          endMrr,
          subscribers,
          arpu,
        }),
      ),
    ).toEqual([
      {
        month: '2026-03',
        startMrr: 0,
        added: 599 + 999 + 599,
        expansion: 400,
        contraction: 0,
        churn: 0,
        endMrr: 2597,
        subscribers: 3,
        arpu: Math.round(2597 / 3),
      },
      {
        month: '2026-04',
        startMrr: 2597,
        added: 0,
        expansion: 0,
        contraction: 400,
        churn: 599 + 599,
        endMrr: 999,
        subscribers: 1,
        arpu: 999,
      },
    ]);

    expect(
      report.trialConversionByMonth.map(({ month, trialsEnded, converted, rate }) => ({
        month,
        trialsEnded,
        converted,
        rate,
      })),
    ).toEqual([
      { month: '2026-03', trialsEnded: 3, converted: 2, rate: 2 / 3 },
      { month: '2026-04', trialsEnded: 0, converted: 0, rate: null },
    ]);
    expect(
      report.churnByMonth.map(({ month, subscribersAtStart, churned, rate }) => ({
        month,
        subscribersAtStart,
        churned,
        rate,
      })),
    ).toEqual([
      { month: '2026-03', subscribersAtStart: 0, churned: 0, rate: null },
      { month: '2026-04', subscribersAtStart: 3, churned: 2, rate: 2 / 3 },
    ]);
    expect(
      report.refunds
        .map((line) => [line.amount, line.customerEmail, line.reason])
        .sort((x, y) => Number(x[0]) - Number(y[0])),
    ).toEqual([
      [200, a.user.email, 'Goodwill: reader could not open a book'],
      [599, d.user.email, null],
    ]);

    // The figures agree with each other ...
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(report.revenueByMonth.map((month) => month.net))).toBe(report.totals.net);
    expect(sum(report.revenueByPlan.map((plan) => plan.net))).toBe(report.totals.net);
    expect(sum(report.refunds.map((line) => line.amount))).toBe(report.totals.refunds);
    for (const [index, month] of report.mrrByMonth.entries()) {
      expect(month.startMrr + month.new + month.expansion - month.contraction - month.churn).toBe(month.endMrr);
      if (index > 0) expect(month.startMrr).toBe(report.mrrByMonth[index - 1].endMrr);
    }
    // ... with the invoices and refunds as stored ...
    const paid = ctx.db.select().from(invoices).where(eq(invoices.status, 'paid')).all();
    expect(sum(paid.map((invoice) => invoice.amountPaid))).toBe(report.totals.gross);
    expect(sum(paid.map((invoice) => invoice.amountRefunded))).toBe(report.totals.refunds);
    expect(
      sum(
        ctx.db
          .select()
          .from(refunds)
          .all()
          .map((row) => row.amount),
      ),
    ).toBe(report.totals.refunds);
    // ... and with MRR worked out from the live subscriptions and today's plan prices.
    const live = ctx.db
      .select()
      .from(billingSubscriptions)
      .where(inArray(billingSubscriptions.status, ['active', 'past_due']))
      .all();
    const prices = new Map(
      ctx.db
        .select()
        .from(subscriptionPlans)
        .all()
        .map((plan) => [plan.tier, plan.priceAmount]),
    );
    expect(sum(live.map((subscription) => prices.get(subscription.tier) ?? 0))).toBe(report.mrrByMonth[1].endMrr);
  });

  it('shows the refunds on the invoices and their payments', async () => {
    const { ctx, a, d } = await buildHistory();
    const [aFirst] = ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, a.user.id))
      .orderBy(invoices.issuedAt)
      .all();
    expect(aFirst).toMatchObject({ amountPaid: 599, amountRefunded: 200, status: 'paid' });
    const [dFirst] = ctx.db.select().from(invoices).where(eq(invoices.userId, d.user.id)).all();
    expect(dFirst).toMatchObject({ amountPaid: 599, amountRefunded: 599 });
    const dPayment = ctx.db.select().from(payments).where(eq(payments.invoiceId, dFirst.id)).get();
    expect(dPayment?.status).toBe('refunded');
    // The reader's own invoice list shows what came back.
    const own = await successBody(
      ctx.clientFor(signIn(ctx.db, a.user.id, ctx.clock.now()).cookie).billing.invoices.$get(),
    );
    expect(own.items.find((invoice) => invoice.id === aFirst.id)).toMatchObject({ amountRefunded: 200 });
  });

  it('puts the same figures on the overview', async () => {
    const { adminClient } = await buildHistory();
    const overview = await successBody(adminClient().admin.overview.$get());
    expect(overview.mrr).toBe(999);
    expect(overview.activeSubscribers).toEqual({ basic: 0, premium: 1, total: 1 });
    // 10 April: this month's movements are B's downgrade and the two endings.
    expect(overview.mrrThisMonth).toEqual({ new: 0, expansion: 0, contraction: 400, churn: 1198 });
    // The last 30 days (11 March to 10 April): the trials ended on 8 March, outside; subscribers on 11 March: 3.
    expect(overview.trialConversion30d).toEqual({ trialsEnded: 0, converted: 0, rate: null });
    expect(overview.churn30d).toEqual({ subscribersAtStart: 3, churned: 2, rate: 2 / 3 });
    expect(overview.trialsRunning).toBe(0);
    expect(overview.signupsByDay).toHaveLength(30);
    expect(overview.signupsByDay.at(-1)?.day).toBe('2026-04-10');
  });
});

describe('financial reports: input', () => {
  it('answers each bad range with its message', async () => {
    const ctx = billingSetup();
    const admin = await insertUser(ctx.db, { role: 'admin' });
    const client = ctx.clientFor(signIn(ctx.db, admin.id, ctx.clock.now()).cookie);
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2026-13-01', to: '2026-12-31' }, 'from', 'Enter the date as YYYY-MM-DD'],
      [{ from: '2026-02-30', to: '2026-12-31' }, 'from', 'Enter the date as YYYY-MM-DD'],
      [{ from: '2026-05-01', to: '2026-04-01' }, 'to', 'The start date must not be after the end date'],
      [{ from: '2010-01-01', to: '2026-04-01' }, 'to', 'Choose a range of at most five years'],
    ];
    for (const [query, field, message] of cases) {
      const response = await client.admin.reports.financial.$get({ query: query as { from: string; to: string } });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect((await problemBody(response)).errors).toContainEqual({ field, message });
    }
    const missing = await client.admin.reports.financial.$get({ query: {} as { from: string; to: string } });
    expect(missing.status).toBe(400);
  });
});
