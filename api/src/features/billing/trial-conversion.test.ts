/**
 * Money moments (docs/product/trial-policy.md#converting-a-trial, docs/product/plans-and-picks.md#what-a-plan-change-costs):
 * a trial bought out keeps its days and its picks, and every plan choice is quoted before it is confirmed.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { eq } from 'drizzle-orm';
import { mrrMovements } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { billingSetup, card } from './billing-test-support';

describe('converting a trial to Basic', () => {
  it('quotes nothing today and the first charge at the trial end, then keeps the days, the picks and their loans', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    const trialEnd = reader.user.trialEndsAt as Date;
    const [a, b] = t.books(2);
    for (const book of [a, b])
      expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    // Picking opened each book's loan: a trial loan that ends with the trial.
    expect(t.state(reader.user.id).loans).toMatchObject([{ loanType: 'trial' }, { loanType: 'trial' }]);

    const quote = await successBody(reader.client.billing.quote.$get({ query: { tier: 'basic' } }));
    expect(quote).toEqual({
      tier: 'basic',
      planName: expect.any(String),
      kind: 'subscribe',
      currency: 'GBP',
      amountToday: 0,
      nextChargeAmount: 599,
      nextChargeAt: trialEnd.toISOString(),
      trialKeptUntil: trialEnd.toISOString(),
    });

    t.clock.advance(2 * DAY_MS);
    const { payBody } = await t.subscribe(reader, 'basic');
    expect(payBody.outcome).toBe('succeeded');
    const state = t.billingState(reader.user.id);
    expect(state.user).toMatchObject({ tier: 'basic', status: 'active' });
    expect(state.invoices).toMatchObject([{ amountDue: 0, amountPaid: 0, status: 'paid' }]);
    const subscription = await successBody(reader.client.billing.subscription.$get());
    expect(subscription).toMatchObject({ tier: 'basic', nextChargeAt: trialEnd.toISOString(), nextChargeAmount: 599 });

    // The two trial picks are the first Basic cycle's, locked as Basic picks from when they were made.
    const entitlements = await successBody(reader.api.me.entitlements.$get());
    expect(entitlements).toMatchObject({ tier: 'basic', picksUsed: 2, picksLimit: 10 });
    const after = t.state(reader.user.id);
    expect(after.selections.map((s) => s.bookId).sort()).toEqual([a.id, b.id].sort());
    for (const selection of after.selections) {
      expect(selection.subscriptionTier).toBe('basic');
      expect(selection.lockedUntil?.getTime()).toBe(selection.selectedAt.getTime() + 30 * DAY_MS);
    }
    const loan = after.loans.find((row) => row.bookId === a.id);
    expect(loan).toMatchObject({ status: 'active', loanType: 'subscription', expiresAt: null });
    expect((await reader.api.loans.$post({ json: { bookId: b.id } })).status).toBe(200);

    // At the trial's end the first charge is taken and the picks, still locked, stay readable.
    const admin = await t.admin();
    t.clock.advance(5 * DAY_MS + 60_000);
    expect((await admin.advance(1)).status).toBe(200);
    reader.signInAgain();
    const charged = t.billingState(reader.user.id).invoices.filter((invoice) => invoice.amountPaid === 599);
    expect(charged).toHaveLength(1);
    expect((await reader.api.loans.$post({ json: { bookId: a.id } })).status).toBe(200);
    expect((await successBody(reader.api.me.entitlements.$get())).tier).toBe('basic');
  });

  it('a reader whose trial has ended is charged today', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    const quote = await successBody(reader.client.billing.quote.$get({ query: { tier: 'premium' } }));
    expect(quote).toMatchObject({ kind: 'subscribe', amountToday: 999, nextChargeAmount: 999, trialKeptUntil: null });
  });
});

describe('MRR of a plan bought during a trial (docs/product/metrics.md#converted-trials)', () => {
  const movementsOf = (t: ReturnType<typeof billingSetup>, userId: string) =>
    t.db
      .select()
      .from(mrrMovements)
      .where(eq(mrrMovements.userId, userId))
      .all()
      .map(({ kind, tierBefore, mrrBefore, mrrAfter, occurredAt }) => ({
        kind,
        tierBefore,
        mrrBefore,
        mrrAfter,
        occurredAt: occurredAt.getTime(),
      }));

  it('adds nothing while the first charge fails, and starts when it is paid', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    await t.subscribe(reader, 'premium');
    // A card that saves but whose charges fail, before the first charge at the trial's end.
    expect((await reader.client.billing['payment-method'].$post({ json: card('4000 0000 0000 0341') })).status).toBe(
      200,
    );
    const admin = await t.admin();
    const report = await successBody(await admin.advance(8));
    expect(report.failedRenewals).toHaveLength(1);
    expect(t.billingState(reader.user.id).mirror?.status).toBe('past_due');
    expect(movementsOf(t, reader.user.id)).toEqual([]);

    t.clock.advance(DAY_MS);
    const paidAt = t.clock.now().getTime();
    expect((await reader.client.billing['payment-method'].$post({ json: card() })).status).toBe(200);
    // The first charge is paid now: the conversion and its MRR are dated when the app hears of it.
    expect(movementsOf(t, reader.user.id)).toEqual([
      { kind: 'new', tierBefore: 'trial', mrrBefore: 0, mrrAfter: 999, occurredAt: paidAt },
    ]);
  });

  it('never adds MRR, nor churn, when the plan ends in the free days', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    await t.subscribe(reader, 'basic');
    expect((await reader.client.billing.cancel.$post()).status).toBe(200);
    const admin = await t.admin();
    expect((await successBody(await admin.advance(8))).ended).toHaveLength(1);
    expect(t.billingState(reader.user.id).user).toMatchObject({ tier: 'free' });
    expect(movementsOf(t, reader.user.id)).toEqual([]);
  });
});

describe('GET /api/billing/quote', () => {
  it('quotes an upgrade at exactly what the upgrade then charges, and a downgrade at nothing today', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    await t.subscribe(reader, 'basic');
    t.clock.advance(10 * DAY_MS);
    const upgrade = await successBody(reader.client.billing.quote.$get({ query: { tier: 'premium' } }));
    expect(upgrade.kind).toBe('upgrade');
    expect(upgrade.amountToday).toBeGreaterThan(250);
    expect(upgrade.amountToday).toBeLessThan(400);
    expect((await reader.client.billing['change-plan'].$post({ json: { tier: 'premium' } })).status).toBe(200);
    const invoices = t.billingState(reader.user.id).invoices;
    expect(invoices.find((invoice) => invoice.description.startsWith('Upgrade'))?.amountPaid).toBe(upgrade.amountToday);

    const subscription = await successBody(reader.client.billing.subscription.$get());
    const downgrade = await successBody(reader.client.billing.quote.$get({ query: { tier: 'basic' } }));
    expect(downgrade).toMatchObject({
      kind: 'downgrade',
      amountToday: 0,
      nextChargeAmount: 599,
      nextChargeAt: subscription.currentPeriodEnd,
    });
    const same = await reader.client.billing.quote.$get({ query: { tier: 'premium' } });
    expect(same.status).toBe(409);
    expect((await problemBody(same)).detail).toBe('You already have the Premium plan.');
  });

  it('answers 400 naming the field for a bad tier and 401 signed out', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    const bad = await reader.get('/api/billing/quote?tier=gold');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([{ field: 'tier', message: 'Choose the Basic or Premium plan' }]);
    expect((await t.api.billing.quote.$get({ query: { tier: 'basic' } })).status).toBe(401);
  });
});
