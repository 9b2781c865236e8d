/**
 * Money moments (docs/product/trial-policy.md#converting-a-trial, docs/product/plans-and-picks.md#what-a-plan-change-costs):
 * a trial bought out keeps its days and its picks, and every plan choice is quoted before it is confirmed.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { problemBody, successBody } from '../../test-utils';
import { billingSetup } from './billing-test-support';

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
