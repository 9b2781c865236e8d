/** Billing API: test-mode checkout, webhooks, plan changes, cancel/renew via the clock advance, receipts. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@shared/billing';
import { DAY_MS } from '@shared/entitlement';
import { auditLogs, billingSubscriptions, loans, userSubscriptionCycles, users, webhookEvents } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { outbox, send } from '../auth/auth-test-helpers';
import { sendTrialEndingReminders } from './billing-jobs';
import { billingSetup, card } from './billing-test-support';

describe('test-mode checkout', () => {
  it('4242 succeeds: subscription, invoice, payment, user basic active, receipt e-mail, conversion of an ended trial recorded', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    const { checkout, sessionId, pay, payBody } = await t.subscribe(reader, 'basic');
    expect(checkout.status).toBe(200);
    expect(pay.status).toBe(200);
    expect(payBody).toEqual({
      outcome: 'succeeded',
      message: 'Payment succeeded.',
      redirectUrl: `/payment-success?session_id=${sessionId}`,
    });

    const state = t.billingState(reader.user.id);
    expect(state.user).toMatchObject({ tier: 'basic', status: 'active' });
    expect(state.user?.subscription).toMatch(/^sub_test_/);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      amountDue: 599,
      amountPaid: 599,
      currency: 'GBP',
      status: 'paid',
      tier: 'basic',
    });
    expect(state.invoices[0].description).toContain('converted from the free trial');
    expect(state.payments).toMatchObject([{ amount: 599, status: 'succeeded' }]);
    expect(state.mirror).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242', status: 'active' });

    const session = await (await reader.client.billing.checkout[':sessionId'].$get({ param: { sessionId } })).json();
    expect(session).toMatchObject({
      status: 'complete',
      tier: 'basic',
      amount: 599,
      currency: 'GBP',
      lastError: null,
      customerEmail: reader.user.email,
    });
    const sub = await (await reader.client.billing.subscription.$get()).json();
    expect(sub).toMatchObject({
      provider: 'test',
      tier: 'basic',
      status: 'active',
      cancelAtPeriodEnd: false,
      nextChargeAmount: 599,
      paymentMethod: { brand: 'Visa', last4: '4242' },
    });
    expect(outbox(t.db, reader.user.email, 'payment_receipt')).toHaveLength(1);
    expect(
      t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, reader.user.id), eq(auditLogs.action, 'billing.trial_converted')))
        .all(),
    ).toHaveLength(1);
    // The entitlements follow at once: a Basic cycle with the plan's 10 picks.
    const cycle = t.db
      .select()
      .from(userSubscriptionCycles)
      .where(and(eq(userSubscriptionCycles.userId, reader.user.id), eq(userSubscriptionCycles.isActive, true)))
      .get();
    expect(cycle).toMatchObject({ tier: 'basic', maxBooks: 10, booksSelectedCount: 0 });

    // Paying again, or a second checkout for the same tier, is refused.
    const payAgain = await reader.client.billing.checkout[':sessionId'].pay.$post({
      param: { sessionId },
      json: card(),
    });
    expect(payAgain.status).toBe(409);
    const again = await reader.client.billing.checkout.$post({ json: { tier: 'basic' } });
    expect(again.status).toBe(409);
    expect((await problemBody(again)).detail).toBe('You already have the Basic plan.');
  });

  it.each([
    [TEST_CARDS.declined, 'declined', 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 1234', 'declined', 'Your card was declined.'],
  ])('%s changes nothing but lastError', async (number, outcome, message) => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    const before = t.billingState(reader.user.id);
    const { pay, payBody, sessionId } = await t.subscribe(reader, 'premium', number);
    expect(pay.status).toBe(200);
    expect(payBody).toEqual({ outcome, message, redirectUrl: null });
    const after = t.billingState(reader.user.id);
    expect(after).toEqual(before);
    expect(after.user).toMatchObject({ tier: 'trial' });
    const checkout = reader.client.billing.checkout[':sessionId'];
    const session = await (await checkout.$get({ param: { sessionId } })).json();
    expect(session).toMatchObject({ status: 'open', lastError: message });
    // The same session can still be paid with a good card.
    const retry = await checkout.pay.$post({ param: { sessionId }, json: card() });
    expect((await successBody(retry)).outcome).toBe('succeeded');
    expect(t.billingState(reader.user.id).user).toMatchObject({ tier: 'premium', status: 'active' });
  });

  it('checkout sessions are owner-only (404 for another reader)', async () => {
    const t = billingSetup();
    const owner = await t.reader('trial');
    const other = await t.reader('trial');
    const { url } = await successBody(await owner.client.billing.checkout.$post({ json: { tier: 'basic' } }));
    const sessionId = url.split('/').pop()!;
    const checkout = other.client.billing.checkout[':sessionId'];
    expect((await checkout.$get({ param: { sessionId } })).status).toBe(404);
    expect((await checkout.pay.$post({ param: { sessionId }, json: card() })).status).toBe(404);
    expect(t.billingState(owner.user.id).provider).toEqual([]);
  });

  it('answers 400 (never 500) for bad bodies', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    const { url } = await successBody(await reader.client.billing.checkout.$post({ json: { tier: 'basic' } }));
    const id = url.split('/').pop();
    // raw request: bodies the routes' types forbid (unknown tier, arrays, numbers, null) alongside invalid strings
    for (const [path, body] of [
      ['/api/billing/checkout', { tier: 'gold' }],
      ['/api/billing/checkout', []],
      ['/api/billing/change-plan', { tier: 7 }],
      [`/api/billing/checkout/${id}/pay`, { cardNumber: 'abc', expiry: '13/99', cvc: '1', nameOnCard: '' }],
      [`/api/billing/checkout/${id}/pay`, null],
      ['/api/billing/payment-method', { cardNumber: 4242 }],
    ] as const) {
      const response = await reader.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(
      (await reader.client.billing.checkout[':sessionId'].$get({ param: { sessionId: 'not-a-uuid' } })).status,
    ).toBe(400);
    // raw request: malformed JSON on purpose
    const malformed = await t.app.request('/api/billing/checkout', {
      method: 'POST',
      body: '{"tier":',
      headers: { 'content-type': 'application/json', cookie: reader.cookie },
    });
    expect(malformed.status).toBe(400);
    // No subscription yet: cancel/resume/change-plan are conflicts, not errors.
    for (const route of [reader.client.billing.cancel, reader.client.billing.resume])
      expect((await route.$post()).status).toBe(409);
    expect((await reader.client.billing['change-plan'].$post({ json: { tier: 'premium' } })).status).toBe(409);
  });
});

describe('webhook endpoint', () => {
  async function capturedCheckout() {
    const t = billingSetup();
    const reader = await t.reader('trial');
    const captured = t.captureWebhooks();
    await t.subscribe(reader, 'basic');
    return { t, reader, captured };
  }

  it('applies a validly signed event; a Stripe-style request (JSON with charset, no Origin) passes the CSRF check', async () => {
    const { t, reader, captured } = await capturedCheckout();
    expect(captured.map((event) => JSON.parse(event.body).type)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect(t.billingState(reader.user.id).user?.tier).toBe('trial'); // nothing delivered yet
    const response = await t.deliver(captured[0], {
      ...captured[0].headers,
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(t.billingState(reader.user.id).user).toMatchObject({ tier: 'basic', status: 'active' });
  });

  it('refuses a bad, missing or tampered signature with 400 and stores nothing', async () => {
    const { t, reader, captured } = await capturedCheckout();
    const [event] = captured;
    const signature = event.headers['wb-signature'];
    const cases: { body: string; headers: Record<string, string> }[] = [
      { body: event.body, headers: { 'content-type': 'application/json' } },
      // Flip the first hex digit to a different one (replacing it with a fixed digit would be a no-op 1 time in 16).
      {
        body: event.body,
        headers: {
          ...event.headers,
          'wb-signature': signature.replace(/v1=(.)/, (_m, digit: string) => `v1=${digit === '0' ? '1' : '0'}`),
        },
      },
      { body: event.body.replace('basic', 'premium'), headers: event.headers },
      { body: event.body, headers: { ...event.headers, 'wb-signature': 'garbage' } },
    ];
    for (const attempt of cases) {
      const response = await t.deliver(attempt);
      expect(response.status).toBe(400);
      expect((await problemBody(response)).code).toBe('invalid_signature');
    }
    expect(t.db.select().from(webhookEvents).all()).toEqual([]);
    expect(t.billingState(reader.user.id).user?.tier).toBe('trial');
  });

  it('refuses a stale signature (older than 5 minutes)', async () => {
    const { t, captured } = await capturedCheckout();
    t.clock.advance(5 * 60 * 1000 + 1000);
    const response = await t.deliver(captured[0]);
    expect(response.status).toBe(400);
    expect((await problemBody(response)).detail).toMatch(/tolerance/);
  });

  it('acknowledges a duplicate event id with 200 without applying it again', async () => {
    const { t, reader, captured } = await capturedCheckout();
    const invoicePaid = captured[1];
    expect((await (await t.deliver(invoicePaid)).json()).duplicate).toBe(false);
    const again = await t.deliver(invoicePaid);
    expect(again.status).toBe(200);
    expect((await again.json()).duplicate).toBe(true);
    expect(t.db.select().from(webhookEvents).all()).toHaveLength(1);
    expect(outbox(t.db, reader.user.email, 'payment_receipt')).toHaveLength(1);
  });
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('webhook order independence', () => {
  const scenarios = {
    'checkout, paid, cancelled, ended': async (t: ReturnType<typeof billingSetup>, userId: string) => {
      const subId = t.billingState(userId).provider[0].subscriptionId;
      await t.provider.cancelAtPeriodEnd(subId);
      await t.provider.advanceClock(40);
    },
    'checkout, paid, card changed, renewal failed': async (t: ReturnType<typeof billingSetup>, userId: string) => {
      const subId = t.billingState(userId).provider[0].subscriptionId;
      await t.provider.updatePaymentMethod({
        subscriptionId: subId,
        card: { cardNumber: '4000000000000341', expiry: '12/34' },
      });
      await t.provider.advanceClock(31);
    },
  };

  it.each(Object.keys(scenarios))('every permutation of 4 events (%s) reaches the same state', async (name) => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    const [book] = t.books(1);
    const captured = t.captureWebhooks();
    await t.subscribe(reader, 'basic');
    await scenarios[name as keyof typeof scenarios](t, reader.user.id);
    const types = captured.map((event) => JSON.parse(event.body).type as string);
    // Four distinct kinds of event (the renewal's own subscription.updated is left out to keep 24 orders).
    const picked = [
      'checkout.session.completed',
      'invoice.paid',
      'customer.subscription.updated',
      types.includes('customer.subscription.deleted') ? 'customer.subscription.deleted' : 'invoice.payment_failed',
    ].map((type) => captured[types.indexOf(type)]);
    expect(picked.every(Boolean)).toBe(true);

    const initialUser = t.db.select().from(users).where(eq(users.id, reader.user.id)).get()!;
    const snapshot = () => {
      const state = t.billingState(reader.user.id);
      const { id: _id, createdAt: _c, updatedAt: _u, ...mirror } = state.mirror ?? ({} as Record<string, unknown>);
      return {
        user: state.user,
        mirror,
        cycles: t.db
          .select({
            tier: userSubscriptionCycles.tier,
            active: userSubscriptionCycles.isActive,
            count: userSubscriptionCycles.booksSelectedCount,
          })
          .from(userSubscriptionCycles)
          .where(and(eq(userSubscriptionCycles.userId, reader.user.id), eq(userSubscriptionCycles.isActive, true)))
          .all(),
        loans: t.db.select({ status: loans.status }).from(loans).where(eq(loans.userId, reader.user.id)).all(),
        events: t.db.select().from(webhookEvents).all().length,
      };
    };

    const finals = new Set<string>();
    const orders = permutations(picked);
    expect(orders).toHaveLength(24);
    for (const order of orders) {
      // Back to the reader's state before any webhook: trial, a loan, no mirror, no processed events.
      t.db.delete(webhookEvents).run();
      t.db.delete(billingSubscriptions).run();
      t.db.delete(userSubscriptionCycles).where(eq(userSubscriptionCycles.userId, reader.user.id)).run();
      t.db.delete(loans).where(eq(loans.userId, reader.user.id)).run();
      t.db.update(users).set(initialUser).where(eq(users.id, reader.user.id)).run();
      t.db
        .insert(loans)
        .values({
          userId: reader.user.id,
          bookId: book.id,
          loanType: 'subscription',
          status: 'active',
          startedAt: t.clock.now(),
        })
        .run();
      for (const event of order) expect((await t.deliver(event)).status).toBe(200);
      finals.add(JSON.stringify(snapshot()));
    }
    expect(finals.size).toBe(1);
    const final = JSON.parse([...finals][0]);
    if (name.includes('ended')) {
      expect(final.user).toMatchObject({ tier: 'free', status: 'inactive' });
      expect(final.loans).toEqual([{ status: 'revoked' }]);
    } else {
      // Past due within the grace period: access kept, the billing page says past_due.
      expect(final.user).toMatchObject({ tier: 'basic', status: 'active' });
      expect(final.mirror.status).toBe('past_due');
    }
  });
});

describe('plan changes, cancellation and renewals', () => {
  it('upgrade applies at once with a prorated invoice; downgrade waits for the period end', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    await t.subscribe(reader, 'basic');
    t.clock.advance(10 * DAY_MS);
    const changePlan = reader.client.billing['change-plan'];
    const up = await changePlan.$post({ json: { tier: 'premium' } });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({
      tier: 'premium',
      status: 'active',
      pendingTier: null,
      nextChargeAmount: 999,
    });
    const invoices = (await (await reader.client.billing.invoices.$get()).json()).items;
    expect(invoices).toHaveLength(2);
    const proration = invoices.find((invoice) => invoice.description.startsWith('Upgrade'))!;
    // 400p difference for the remaining ~21 of 31 days.
    expect(proration.amountPaid).toBeGreaterThan(250);
    expect(proration.amountPaid).toBeLessThan(300);
    expect(outbox(t.db, reader.user.email, 'plan_changed')).toHaveLength(1);

    const down = await changePlan.$post({ json: { tier: 'basic' } });
    expect(down.status).toBe(200);
    expect(await down.json()).toMatchObject({ tier: 'premium', pendingTier: 'basic', nextChargeAmount: 599 });
    expect((await changePlan.$post({ json: { tier: 'basic' } })).status).toBe(409);

    const admin = await t.admin();
    const report = await successBody(await admin.advance(25));
    expect(report.downgraded).toHaveLength(1);
    expect(report.renewed).toMatchObject([{ tier: 'basic' }]);
    const after = await (await reader.client.billing.subscription.$get()).json();
    expect(after).toMatchObject({ tier: 'basic', pendingTier: null, status: 'active' });
  });

  it('cancel keeps access until the period end, resume undoes it, then the clock advance ends it (tier free, loans revoked)', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    await t.subscribe(reader, 'basic');
    const [book] = t.books(1);
    expect((await reader.client.selections.$post({ json: { bookId: book.id } })).status).toBeLessThan(300);
    expect((await reader.client.loans.$post({ json: { bookId: book.id } })).status).toBeLessThan(300);

    const { cancel: cancelRoute, resume } = reader.client.billing;
    const cancel = await cancelRoute.$post();
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      tier: 'basic',
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
    });
    expect(outbox(t.db, reader.user.email, 'subscription_cancelled')).toHaveLength(1);
    expect((await cancelRoute.$post()).status).toBe(409);
    expect(await (await resume.$post()).json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    await cancelRoute.$post();
    // Still reading during the paid period.
    expect((await reader.client.loans.$get()).status).toBe(200);
    expect(
      t.db
        .select()
        .from(loans)
        .where(eq(loans.userId, reader.user.id))
        .all()
        .map((loan) => loan.status),
    ).toEqual(['active']);

    const admin = await t.admin();
    const report = await successBody(await admin.advance(32));
    expect(report.ended).toMatchObject([{ userId: reader.user.id, reason: 'cancelled_at_period_end' }]);
    const sub = await (await reader.client.billing.subscription.$get()).json();
    expect(sub).toMatchObject({ tier: 'free', status: 'inactive', cancelAtPeriodEnd: false });
    expect(
      t.db
        .select()
        .from(loans)
        .where(eq(loans.userId, reader.user.id))
        .all()
        .map((loan) => loan.status),
    ).toEqual(['revoked']);
    // A new checkout is possible again.
    expect((await reader.client.billing.checkout.$post({ json: { tier: 'premium' } })).status).toBe(200);
  });

  it('a renewal through the clock advance bills again and resets the Basic pick count', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    await t.subscribe(reader, 'basic');
    for (const book of t.books(2))
      expect((await reader.client.selections.$post({ json: { bookId: book.id } })).status).toBeLessThan(300);
    const activeCycle = () =>
      t.db
        .select()
        .from(userSubscriptionCycles)
        .where(and(eq(userSubscriptionCycles.userId, reader.user.id), eq(userSubscriptionCycles.isActive, true)))
        .get();
    expect(activeCycle()?.booksSelectedCount).toBe(2);

    const admin = await t.admin();
    const report = await successBody(await admin.advance(31));
    expect(report.renewed).toHaveLength(1);
    expect(activeCycle()?.booksSelectedCount).toBe(0);
    expect((await (await reader.client.billing.invoices.$get()).json()).items).toHaveLength(2);
    expect(outbox(t.db, reader.user.email, 'payment_receipt')).toHaveLength(2);
    // Delivering the same state again does not reset twice.
    const mirror = t.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, reader.user.id))
      .get();
    expect(mirror?.cycleResetPeriodStart?.getTime()).toBe(mirror?.currentPeriodStart.getTime());
  });

  it('a failed renewal is past_due with access during the grace period; a new card pays it', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial');
    await t.subscribe(reader, 'basic');
    const paymentMethod = reader.client.billing['payment-method'];
    const declined = await paymentMethod.$post({ json: card(TEST_CARDS.declined) });
    expect(declined.status).toBe(402);
    expect((await problemBody(declined)).detail).toBe('Your card was declined.');
    expect((await paymentMethod.$post({ json: card('4000 0000 0000 0341') })).status).toBe(200);
    const admin = await t.admin();
    const report = await successBody(await admin.advance(31));
    expect(report.failedRenewals).toHaveLength(1);
    const sub = await successBody(await reader.client.billing.subscription.$get());
    expect(sub.status).toBe('past_due');
    expect(t.billingState(reader.user.id).user).toMatchObject({ tier: 'basic', status: 'active' });
    expect(outbox(t.db, reader.user.email, 'payment_failed')).toHaveLength(1);

    const fixed = await paymentMethod.$post({ json: card() });
    expect(await fixed.json()).toMatchObject({ status: 'active', paymentMethod: { last4: '4242' } });
    const { items } = await successBody(await reader.client.billing.invoices.$get());
    expect(items.every((invoice) => invoice.status === 'paid')).toBe(true);
  });

  it('the clock advance is for plans:manage only and validates days', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    expect((await reader.client.admin.billing['advance-clock'].$post({ json: { days: 1 } })).status).toBe(403);
    const admin = await t.admin();
    expect((await admin.advance(0)).status).toBe(400);
    // raw request: a string where the route's type wants a number of days
    expect(
      (await send(t.app, '/api/admin/billing/advance-clock', { days: 'x' }, { cookie: admin.cookie })).status,
    ).toBe(400);
    const ok = await admin.advance(3);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ days: 3, offsetDays: 3, renewed: [], ended: [] });
  });
});

describe('invoices and receipts', () => {
  it('lists own invoices; the receipt is an escaped HTML attachment, owner-only (404 for others)', async () => {
    const t = billingSetup();
    const reader = await t.reader('expired-trial', { firstName: '<script>alert(1)</script>' });
    await t.subscribe(reader, 'premium');
    const { items } = await successBody(await reader.client.billing.invoices.$get());
    expect(items).toHaveLength(1);
    // raw request: follows the receipt URL the list returned, as the billing page's link does
    const receipt = await reader.get(items[0].receiptUrl);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toMatch(/^text\/html/);
    expect(receipt.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wonderful-books-receipt-WB-\d{4}-\d{6}\.html"$/,
    );
    const html = await receipt.text();
    expect(html).toContain('£9.99');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');

    const other = await t.reader('trial');
    // raw request: the same URL, followed by another reader
    expect((await other.get(items[0].receiptUrl)).status).toBe(404);
    expect((await successBody(await other.client.billing.invoices.$get())).items).toEqual([]);
    const receiptRoute = other.client.billing.invoices[':id'].receipt;
    expect((await receiptRoute.$get({ param: { id: crypto.randomUUID() } })).status).toBe(404);
  });

  it('portal: test mode sends the reader to the billing page payment-method form', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial');
    expect(await (await reader.client.billing.portal.$post()).json()).toEqual({
      url: '/billing?payment-method=update',
    });
  });
});

describe('trial-ending reminders job', () => {
  it('mails 2 days before and on the last day, once each', async () => {
    const t = billingSetup();
    const reader = await t.reader('trial'); // trial ends in 7 days
    expect(await sendTrialEndingReminders(t)).toBe(0);
    t.clock.advance(5 * DAY_MS + 60_000);
    expect(await sendTrialEndingReminders(t)).toBe(1);
    expect(await sendTrialEndingReminders(t)).toBe(0);
    t.clock.advance(DAY_MS);
    expect(await sendTrialEndingReminders(t)).toBe(1);
    expect(await sendTrialEndingReminders(t)).toBe(0);
    expect(outbox(t.db, reader.user.email, 'trial_ending_2_days')).toHaveLength(1);
    expect(outbox(t.db, reader.user.email, 'trial_ending_today')).toHaveLength(1);
    t.clock.advance(2 * DAY_MS);
    expect(await sendTrialEndingReminders(t)).toBe(0);
  });
});
