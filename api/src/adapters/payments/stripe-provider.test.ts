/** The Stripe adapter without network: webhooks signed with Stripe's own test header, the SDK's reads mocked. */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createTestContext } from '../../test-utils';
import { createPlan } from '../../test-factories';
import { insertUser } from '../../features/profile/profile-test-support';
import { mapStripeSubscription } from './stripe-provider';
import { createStripePaymentsProvider } from './stripe-provider';
import { WebhookSignatureError } from './payments';

const SECRET = 'whsec_test_secret';
const prices = { basic: 'price_basic', premium: 'price_premium' };
const NOW = new Date('2026-03-10T12:00:00Z');
const sec = (date: string) => Math.floor(Date.parse(date) / 1000);

function subscription(overrides: Partial<Record<string, unknown>> = {}, price = 'price_basic'): Stripe.Subscription {
  return {
    id: 'sub_123',
    object: 'subscription',
    customer: 'cus_123',
    status: 'active',
    cancel_at_period_end: false,
    metadata: { userId: 'user-1' },
    default_payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: price },
          current_period_start: sec('2026-03-01T00:00:00Z'),
          current_period_end: sec('2026-04-01T00:00:00Z'),
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function stripeClient() {
  const client = new Stripe('sk_test_not_a_real_key');
  return client;
}

function signed(client: Stripe, event: object, at = NOW) {
  const payload = JSON.stringify(event);
  const header = client.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    timestamp: Math.floor(at.getTime() / 1000),
  });
  return { payload, header };
}

describe('mapStripeSubscription', () => {
  it('maps tier, period, card and cancel flag', () => {
    expect(mapStripeSubscription(subscription({ cancel_at_period_end: true }), prices, NOW)).toMatchObject({
      provider: 'stripe',
      subscriptionId: 'sub_123',
      customerId: 'cus_123',
      userId: 'user-1',
      tier: 'basic',
      status: 'active',
      cancelAtPeriodEnd: true,
      pendingTier: null,
      card: { brand: 'visa', last4: '4242' },
      currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    });
  });

  it('keeps the paid-for tier until the period end after a downgrade', () => {
    const downgraded = subscription(
      {
        metadata: {
          userId: 'user-1',
          wb_previous_tier: 'premium',
          wb_pending_until: String(sec('2026-04-01T00:00:00Z')),
        },
      },
      'price_basic',
    );
    expect(mapStripeSubscription(downgraded, prices, NOW)).toMatchObject({ tier: 'premium', pendingTier: 'basic' });
    expect(mapStripeSubscription(downgraded, prices, new Date('2026-04-02T00:00:00Z'))).toMatchObject({
      tier: 'basic',
      pendingTier: null,
    });
  });

  it('maps a trialing subscription as active with its trial end, which stays after the trial', () => {
    const trialEnd = sec('2026-03-08T00:00:00Z');
    const trialing = subscription({
      status: 'trialing',
      trial_end: trialEnd,
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            price: { id: 'price_basic' },
            current_period_start: sec('2026-03-01T00:00:00Z'),
            current_period_end: trialEnd,
          },
        ],
      },
    } as never);
    expect(mapStripeSubscription(trialing, prices, NOW)).toMatchObject({
      status: 'active',
      trialEnd: new Date('2026-03-08T00:00:00Z'),
      currentPeriodEnd: new Date('2026-03-08T00:00:00Z'),
    });
    expect(mapStripeSubscription(subscription({ trial_end: trialEnd }), prices, NOW)?.trialEnd).toEqual(
      new Date('2026-03-08T00:00:00Z'),
    );
    expect(mapStripeSubscription(subscription(), prices, NOW)?.trialEnd).toBeNull();
  });

  it('maps past_due with a grace end, unpaid/canceled as canceled, an unknown price as null', () => {
    expect(mapStripeSubscription(subscription({ status: 'past_due' }), prices, NOW)).toMatchObject({
      status: 'past_due',
      graceEndsAt: new Date('2026-03-04T00:00:00Z'),
    });
    expect(mapStripeSubscription(subscription({ status: 'unpaid' }), prices, NOW)?.status).toBe('canceled');
    expect(mapStripeSubscription(subscription({ status: 'canceled' }), prices, NOW)?.status).toBe('canceled');
    expect(mapStripeSubscription(subscription({}, 'price_other'), prices, NOW)).toBeNull();
  });
});

describe('Stripe webhooks', () => {
  const config = { secretKey: 'sk_test_x', webhookSecret: SECRET, prices, publicUrl: 'http://localhost:3000' };

  it('verifies with stripe.webhooks.constructEvent: valid, tampered and stale', () => {
    const client = stripeClient();
    const provider = createStripePaymentsProvider(config, client, () => NOW);
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: subscription() },
    };
    const { payload, header } = signed(client, event);
    expect(provider.verifyWebhook(payload, { 'stripe-signature': header })).toMatchObject({
      provider: 'stripe',
      id: 'evt_1',
      type: 'subscription.updated',
      subscriptionId: 'sub_123',
      userId: 'user-1',
    });
    expect(() => provider.verifyWebhook(payload.replace('sub_123', 'sub_999'), { 'stripe-signature': header })).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(payload, {})).toThrow(WebhookSignatureError);
    const stale = signed(client, event, new Date(NOW.getTime() - 6 * 60 * 1000));
    expect(() => provider.verifyWebhook(stale.payload, { 'stripe-signature': stale.header })).toThrow(
      WebhookSignatureError,
    );
  });

  it('maps checkout and invoice events to the subscription they concern', () => {
    const client = stripeClient();
    const provider = createStripePaymentsProvider(config, client, () => NOW);
    const checkout = signed(client, {
      id: 'evt_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_1',
          object: 'checkout.session',
          subscription: 'sub_123',
          customer: 'cus_123',
          client_reference_id: 'user-1',
          metadata: { userId: 'user-1', checkoutSessionId: 'local-1' },
        },
      },
    });
    expect(provider.verifyWebhook(checkout.payload, { 'stripe-signature': checkout.header })).toMatchObject({
      type: 'checkout.completed',
      subscriptionId: 'sub_123',
      checkoutSessionId: 'local-1',
    });
    const invoice = signed(client, {
      id: 'evt_3',
      object: 'event',
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_123',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: 'sub_123', metadata: { userId: 'user-1' } },
          },
        },
      },
    });
    expect(provider.verifyWebhook(invoice.payload, { 'stripe-signature': invoice.header })).toMatchObject({
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_123',
      invoiceId: 'in_1',
    });
  });

  it('the webhook route reconciles from subscriptions.retrieve (SDK mocked) and applies each event id once', async () => {
    const client = stripeClient();
    const ctx = createTestContext({
      now: () => NOW,
      payments: createStripePaymentsProvider(config, client, () => NOW),
    });
    createPlan(ctx.db, { tier: 'basic', bookLimit: 10, priceAmount: 599 });
    createPlan(ctx.db, { tier: 'premium', bookLimit: -1, priceAmount: 999 });
    const user = await insertUser(ctx.db, { subscriptionTier: 'trial', subscriptionStatus: 'active' });
    const retrieve = vi
      .spyOn(client.subscriptions, 'retrieve')
      .mockResolvedValue(subscription({ metadata: { userId: user.id } }, 'price_premium') as never);
    const event = {
      id: 'evt_9',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: subscription({ metadata: { userId: user.id } }) },
    };
    const { payload, header } = signed(client, event);
    // The provider's signed bytes go as they are (init.body), not re-serialised by the client.
    const post = () =>
      ctx.client.billing.webhook.$post(
        {},
        {
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
          init: { body: payload },
        },
      );
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    // The provider's current record wins over the (older) event payload.
    expect(ctx.db.select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_123',
    });
    expect(await (await post()).json()).toEqual({ received: true, duplicate: true });
    expect(retrieve).toHaveBeenCalledTimes(1);
    const bad = await ctx.client.billing.webhook.$post(
      {},
      { headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, init: { body: payload } },
    );
    expect(bad.status).toBe(400);
    // No test clock with Stripe.
    expect((await ctx.client.admin.billing['advance-clock'].$post({ json: { days: 1 } })).status).toBe(401);
  });
});

describe('payments configuration', () => {
  it('half-configured Stripe stops start-up; all four variables select Stripe; none selects test mode', async () => {
    const { parseEnv, ConfigError } = await import('../../env');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(parseEnv({}).stripe).toBeNull();
    expect(
      parseEnv({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_BASIC: 'price_b',
        STRIPE_PRICE_PREMIUM: 'price_p',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', prices: { basic: 'price_b', premium: 'price_p' } });
  });

  it('generates the test-mode webhook secret once into DATA_DIR (0600) and reuses it', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadOrCreateWebhookSecret } = await import('./index');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-billing-'));
    try {
      const first = loadOrCreateWebhookSecret(dir);
      expect(first).toMatch(/^wbsec_/);
      expect(loadOrCreateWebhookSecret(dir)).toBe(first);
      expect(fs.statSync(path.join(dir, 'billing-webhook-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
