/**
 * The financial reports against a known history built through the real API and the test-mode provider: readers whose
 * trial had ended and who are charged at once, a plan bought during a trial (charged first at the trial's end, moved
 * there with the test clock), a plan bought during a trial and cancelled before its first charge, a trial never
 * converted, a reader without a trial, an upgrade, a scheduled downgrade, a cancellation at the period end, an
 * immediate cancellation by an admin, renewals and two refunds. Every figure is checked against numbers worked out by
 * hand under docs/product/metrics.md#converted-trials, and against each other and the invoices and refunds rows.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ADMIN_SUBSCRIPTION_MESSAGES } from '@shared/admin-subscriptions';
import { billingSubscriptions, invoices, mrrMovements, payments, refunds, subscriptionPlans } from '../../db/schema';
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
  const readerClient = (member: { cookie: string }) => ctx.clientFor(member.cookie);
  const invoicesOf = (userId: string) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(invoices.issuedAt).all();
  const movementsOf = (userId: string) =>
    ctx.db.select().from(mrrMovements).where(eq(mrrMovements.userId, userId)).orderBy(mrrMovements.occurredAt).all();

  // 1 March 09:00: A and B, whose trials ended on 28 February, subscribe and are charged at once; D has no trial and
  // subscribes; C, E and F start 7-day trials (to 8 March 09:00); E buys Basic and F Premium during the trial.
  expect(ctx.clock.now().getTime()).toBe(START);
  const a = await ctx.reader('expired-trial');
  const b = await ctx.reader('expired-trial');
  const c = await ctx.reader('trial');
  const d = await ctx.reader('free');
  const e = await ctx.reader('trial');
  const f = await ctx.reader('trial');
  await ctx.subscribe(a, 'basic');
  await ctx.subscribe(b, 'premium');
  await ctx.subscribe(d, 'basic');
  await ctx.subscribe(e, 'basic');
  await ctx.subscribe(f, 'premium');
  // Bought during the trial: a £0.00 invoice for its rest, no MRR yet.
  for (const member of [e, f]) {
    expect(invoicesOf(member.user.id)).toMatchObject([
      { amountPaid: 0, status: 'paid', periodEnd: new Date(at('2026-03-08T09:00:00Z')) },
    ]);
    expect(movementsOf(member.user.id)).toEqual([]);
  }

  // 5 March: F cancels at the period end, before the first charge.
  moveTo('2026-03-05T09:00:00Z');
  f.signInAgain();
  expect((await readerClient(f).billing.cancel.$post()).status).toBe(200);
  const overviewInTrials = await successBody(adminClient().admin.overview.$get());

  // 8 March 12:00, the test clock: the trials end; E's first charge is taken (at 09:00), F's subscription ends.
  moveTo('2026-03-08T12:00:00Z');
  await ctx.provider.advanceClock(0);

  // 11 March: A upgrades (prorated 400 × 21/31 days = 271), B schedules a downgrade, D cancels at the period end.
  moveTo('2026-03-11T09:00:00Z');
  for (const member of [a, b, d]) member.signInAgain();
  expect((await readerClient(a).billing['change-plan'].$post({ json: { tier: 'premium' } })).status).toBe(200);
  expect((await readerClient(b).billing['change-plan'].$post({ json: { tier: 'basic' } })).status).toBe(200);
  expect((await readerClient(d).billing.cancel.$post()).status).toBe(200);

  // 15 March: an admin refunds £2.00 of A's first invoice and all of D's.
  moveTo('2026-03-15T12:00:00Z');
  const refund = (invoiceId: string, amount: number, reason?: string) =>
    adminClient().admin.invoices[':id'].refund.$post({ param: { id: invoiceId }, json: { amount, reason } });
  expect((await refund(invoicesOf(a.user.id)[0].id, 200, 'Goodwill: reader could not open a book')).status).toBe(200);
  expect((await refund(invoicesOf(d.user.id)[0].id, 599)).status).toBe(200);

  // 1 April 09:00: the provider's renewals: A renews Premium, B renews as Basic, D's subscription ends.
  moveTo('2026-04-01T09:00:00Z');
  await ctx.provider.advanceClock(0);

  // 10 April: E's renewal of 8 April is taken; an admin ends B's subscription at once.
  moveTo('2026-04-10T10:00:00Z');
  await ctx.provider.advanceClock(0);
  const cancelled = await adminClient().admin.subscriptions[':userId'].cancel.$post({
    param: { userId: b.user.id },
    json: { when: 'now' },
  });
  expect(cancelled.status).toBe(200);

  return { ctx, admin, adminClient, refund, invoicesOf, movementsOf, overviewInTrials, a, b, c, d, e, f };
}

describe('financial reports: a known history', () => {
  it('gives every figure as worked out by hand, consistent with itself and with the invoices', async () => {
    const { ctx, adminClient, a, d } = await buildHistory();
    const response = await adminClient().admin.reports.financial.$get({
      query: { from: '2026-03-01', to: '2026-04-30' },
    });
    expect(response.status).toBe(200);
    const report = await successBody(response);

    // The £0.00 invoices of E and F took no money: not revenue, not counted.
    expect(
      report.revenueByMonth.map(({ month, invoices: n, gross, refunds: r, net }) => ({ month, n, gross, r, net })),
    ).toEqual([
      { month: '2026-03', n: 5, gross: 599 + 999 + 599 + 599 + 271, r: 200 + 599, net: 3067 - 799 },
      { month: '2026-04', n: 3, gross: 999 + 599 + 599, r: 0, net: 2197 },
    ]);
    expect(report.totals).toEqual({ invoices: 8, gross: 5264, refunds: 799, net: 4465 });
    expect(
      report.revenueByPlan.map(({ tier, invoices: n, gross, refunds: r, net }) => ({ tier, n, gross, r, net })),
    ).toEqual([
      { tier: 'basic', n: 5, gross: 599 * 5, r: 799, net: 2995 - 799 },
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
        // New: A, B and D on 1 March, E at its first charge on 8 March; F never paid, so neither new nor churn.
        month: '2026-03',
        startMrr: 0,
        added: 599 + 999 + 599 + 599,
        expansion: 400,
        contraction: 0,
        churn: 0,
        endMrr: 3196,
        subscribers: 4,
        arpu: Math.round(3196 / 4),
      },
      {
        month: '2026-04',
        startMrr: 3196,
        added: 0,
        expansion: 0,
        contraction: 400,
        churn: 599 + 599,
        endMrr: 999 + 599,
        subscribers: 2,
        arpu: Math.round(1598 / 2),
      },
    ]);

    // Trials ended in March: C, E and F (A's and B's ended in February); only E paid a first charge.
    expect(
      report.trialConversionByMonth.map(({ month, trialsEnded, converted, rate }) => ({
        month,
        trialsEnded,
        converted,
        rate,
      })),
    ).toEqual([
      { month: '2026-03', trialsEnded: 3, converted: 1, rate: 1 / 3 },
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
      { month: '2026-04', subscribersAtStart: 4, churned: 2, rate: 2 / 4 },
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
    // ... with the invoices and refunds as stored (two of the paid invoices are the £0.00 ones) ...
    const paid = ctx.db.select().from(invoices).where(eq(invoices.status, 'paid')).all();
    expect(paid).toHaveLength(report.totals.invoices + 2);
    expect(paid.filter((invoice) => invoice.amountPaid > 0)).toHaveLength(report.totals.invoices);
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
    // ... and with MRR worked out from the live subscriptions past their free days and today's plan prices.
    const live = ctx.db
      .select()
      .from(billingSubscriptions)
      .where(inArray(billingSubscriptions.status, ['active', 'past_due']))
      .all()
      .filter((subscription) => !subscription.trialEnd || subscription.currentPeriodEnd > subscription.trialEnd);
    const prices = new Map(
      ctx.db
        .select()
        .from(subscriptionPlans)
        .all()
        .map((plan) => [plan.tier, plan.priceAmount]),
    );
    expect(live).toHaveLength(2);
    expect(sum(live.map((subscription) => prices.get(subscription.tier) ?? 0))).toBe(report.mrrByMonth[1].endMrr);
  });

  it('starts the MRR of a plan bought during a trial at its first charge, as its conversion', async () => {
    const { ctx, movementsOf, invoicesOf, e, f } = await buildHistory();
    expect(
      movementsOf(e.user.id).map(({ kind, tierBefore, tierAfter, mrrBefore, mrrAfter, occurredAt }) => ({
        kind,
        tierBefore,
        tierAfter,
        mrrBefore,
        mrrAfter,
        occurredAt,
      })),
    ).toEqual([
      {
        kind: 'new',
        tierBefore: 'trial',
        tierAfter: 'basic',
        mrrBefore: 0,
        mrrAfter: 599,
        occurredAt: new Date(at('2026-03-08T09:00:00Z')),
      },
    ]);
    expect(invoicesOf(e.user.id).map((invoice) => [invoice.amountPaid, invoice.paidAt?.toISOString()])).toEqual([
      [0, '2026-03-01T09:00:00.000Z'],
      [599, '2026-03-08T09:00:00.000Z'],
      [599, '2026-04-08T09:00:00.000Z'],
    ]);
    // F cancelled in the free days: ended at the trial's end, never charged, no movement at all.
    expect(movementsOf(f.user.id)).toEqual([]);
    expect(invoicesOf(f.user.id).map((invoice) => invoice.amountPaid)).toEqual([0]);
    expect(
      ctx.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, f.user.id)).get()?.status,
    ).toBe('canceled');
  });

  it('shows the refunds on the invoices and their payments, and refuses to refund a £0.00 invoice', async () => {
    const { ctx, refund, invoicesOf, a, d, e } = await buildHistory();
    const [aFirst] = invoicesOf(a.user.id);
    expect(aFirst).toMatchObject({ amountPaid: 599, amountRefunded: 200, status: 'paid' });
    const [dFirst] = invoicesOf(d.user.id);
    expect(dFirst).toMatchObject({ amountPaid: 599, amountRefunded: 599 });
    const dPayment = ctx.db.select().from(payments).where(eq(payments.invoiceId, dFirst.id)).get();
    expect(dPayment?.status).toBe('refunded');
    // The reader's own invoice list shows what came back.
    const own = await successBody(
      ctx.clientFor(signIn(ctx.db, a.user.id, ctx.clock.now()).cookie).billing.invoices.$get(),
    );
    expect(own.items.find((invoice) => invoice.id === aFirst.id)).toMatchObject({ amountRefunded: 200 });
    // E's rest-of-the-trial invoice took nothing.
    const free = await refund(invoicesOf(e.user.id)[0].id, 1);
    expect(free.status).toBe(409);
    expect((await problemBody(free)).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.nothingCharged);
  });

  it('puts the same figures on the overview, and counts plans in their free days as trials', async () => {
    const { adminClient, overviewInTrials } = await buildHistory();
    // 5 March: C on the trial tier and E and F in their free days are trials; A, B and D pay.
    expect(overviewInTrials.trialsRunning).toBe(3);
    expect(overviewInTrials.activeSubscribers).toEqual({ basic: 2, premium: 1, total: 3 });
    expect(overviewInTrials.mrr).toBe(599 + 999 + 599);
    expect(overviewInTrials.mrrThisMonth).toEqual({ new: 2197, expansion: 0, contraction: 0, churn: 0 });

    const overview = await successBody(adminClient().admin.overview.$get());
    expect(overview.mrr).toBe(999 + 599);
    expect(overview.activeSubscribers).toEqual({ basic: 1, premium: 1, total: 2 });
    // 10 April: this month's movements are B's downgrade and the two endings.
    expect(overview.mrrThisMonth).toEqual({ new: 0, expansion: 0, contraction: 400, churn: 1198 });
    // The last 30 days (11 March to 10 April): the trials ended on 8 March, outside; subscribers on 11 March: 4.
    expect(overview.trialConversion30d).toEqual({ trialsEnded: 0, converted: 0, rate: null });
    expect(overview.churn30d).toEqual({ subscribersAtStart: 4, churned: 2, rate: 2 / 4 });
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
