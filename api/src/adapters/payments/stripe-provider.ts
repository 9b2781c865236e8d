/**
 * Stripe through the official SDK (used when STRIPE_SECRET_KEY is set). Checkout Sessions in
 * subscription mode with one price per tier (STRIPE_PRICE_BASIC / STRIPE_PRICE_PREMIUM), billing portal
 * sessions, and webhooks verified with stripe.webhooks.constructEvent against the raw body.
 * Holds no state: Stripe is the record, the app reconciles from `subscriptions.retrieve`.
 *
 * Plan changes: an upgrade swaps the price at once with `proration_behavior: 'always_invoice'` (the
 * difference is charged now); a downgrade swaps the price without proration and records
 * metadata.wb_previous_tier / wb_pending_until, so the reader keeps the higher tier until that period
 * end (mapStripeSubscription reports the previous tier with pendingTier until then).
 */
import Stripe from 'stripe';
import type { TPaidTier } from '@shared/billing';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentsProvider,
  type TBillingEvent,
  type TBillingEventType,
  type TProviderInvoice,
  type TProviderSubscription,
} from './payments';

/** Stripe Checkout's shortest trial_end: 48 hours from now, plus a margin for the request's own time. */
const STRIPE_MIN_TRIAL_SECONDS = 48 * 60 * 60 + 5 * 60;
export interface TStripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<TPaidTier, string>;
  publicUrl: string;
}

const EVENT_TYPES: Record<string, TBillingEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_failed': 'invoice.payment_failed',
  'customer.subscription.updated': 'subscription.updated',
  'customer.subscription.deleted': 'subscription.deleted',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The subscription an invoice belongs to (API 2025+: under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

export function tierOfPrice(prices: Record<TPaidTier, string>, priceId: string | null | undefined): TPaidTier | null {
  if (priceId === prices.premium) return 'premium';
  if (priceId === prices.basic) return 'basic';
  return null;
}

/** Normalises a verified Stripe event. */
export function mapStripeEvent(event: Stripe.Event): TBillingEvent {
  const type = EVENT_TYPES[event.type] ?? 'ignored';
  const base = { provider: 'stripe' as const, id: event.id, type, providerType: event.type, payload: event };
  const object = event.data.object as unknown as Record<string, unknown> & { object?: string };
  if (object.object === 'checkout.session') {
    const session = object as unknown as Stripe.Checkout.Session;
    return {
      ...base,
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      userId: session.metadata?.userId ?? session.client_reference_id ?? null,
      checkoutSessionId: session.metadata?.checkoutSessionId ?? null,
      invoiceId: null,
    };
  }
  if (object.object === 'invoice') {
    const invoice = object as unknown as Stripe.Invoice;
    return {
      ...base,
      subscriptionId: invoiceSubscriptionId(invoice),
      customerId: idOf(invoice.customer),
      userId: invoice.parent?.subscription_details?.metadata?.userId ?? null,
      checkoutSessionId: null,
      invoiceId: invoice.id ?? null,
    };
  }
  if (object.object === 'subscription') {
    const subscription = object as unknown as Stripe.Subscription;
    return {
      ...base,
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.userId ?? null,
      checkoutSessionId: null,
      invoiceId: null,
    };
  }
  return {
    ...base,
    type: 'ignored',
    subscriptionId: null,
    customerId: null,
    userId: null,
    checkoutSessionId: null,
    invoiceId: null,
  };
}

const GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** Stripe's subscription → the app's view (pure; unit-tested without network). */
export function mapStripeSubscription(
  subscription: Stripe.Subscription,
  prices: Record<TPaidTier, string>,
  now: Date,
): TProviderSubscription | null {
  const item = subscription.items.data[0];
  const priceTier = tierOfPrice(prices, item?.price?.id);
  if (!item || !priceTier) return null;
  const periodStart = new Date(item.current_period_start * 1000);
  const periodEnd = new Date(item.current_period_end * 1000);
  const metadata = subscription.metadata ?? {};
  const previous = metadata.wb_previous_tier as TPaidTier | undefined;
  const pendingUntil = Number(metadata.wb_pending_until ?? 0) * 1000;
  // A downgrade swapped the price already; the paid-for higher tier lasts until the recorded period end.
  const downgradePending = previous && previous !== priceTier && pendingUntil > now.getTime();
  const status =
    subscription.status === 'active' || subscription.status === 'trialing'
      ? 'active'
      : subscription.status === 'past_due'
        ? 'past_due'
        : 'canceled';
  const card = (subscription.default_payment_method as Stripe.PaymentMethod | null)?.card ?? null;
  return {
    provider: 'stripe',
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    userId: metadata.userId ?? null,
    tier: downgradePending ? previous : priceTier,
    status,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pendingTier: downgradePending ? priceTier : null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    graceEndsAt: status === 'past_due' ? new Date(periodStart.getTime() + GRACE_MS) : null,
    endedAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : null,
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
  };
}

export function createStripePaymentsProvider(
  config: TStripeConfig,
  client?: Stripe,
  now: () => Date = () => new Date(),
): PaymentsProvider {
  const stripe = client ?? new Stripe(config.secretKey);
  const absolute = (url: string) => (url.startsWith('/') ? `${config.publicUrl}${url}` : url);

  async function retrieve(subscriptionId: string): Promise<Stripe.Subscription> {
    return stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
  }

  return {
    name: 'stripe',

    async createCheckout({ user, tier, checkoutSessionId, successUrl, cancelUrl, billingStartsAt }) {
      // Stripe Checkout takes a trial_end at least 48 hours ahead; a trial with less left is kept to that minimum
      // (docs/product/trial-policy.md#converting-a-trial).
      const trialEnd = billingStartsAt
        ? Math.max(
            Math.floor(billingStartsAt.getTime() / 1000),
            Math.floor(Date.now() / 1000) + STRIPE_MIN_TRIAL_SECONDS,
          )
        : null;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.prices[tier], quantity: 1 }],
        ...(user.customerId ? { customer: user.customerId } : { customer_email: user.email }),
        client_reference_id: user.id,
        metadata: { userId: user.id, checkoutSessionId, tier },
        subscription_data: { metadata: { userId: user.id }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
        success_url: absolute(successUrl),
        cancel_url: absolute(cancelUrl),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, providerSessionId: session.id };
    },

    async createPortal(user, returnUrl) {
      if (!user.customerId) throw new PaymentProviderError(409, 'You have no subscription to manage yet.');
      const portal = await stripe.billingPortal.sessions.create({
        customer: user.customerId,
        return_url: absolute(returnUrl),
      });
      return { url: portal.url };
    },

    async changePlan({ subscriptionId, toTier }) {
      const subscription = await retrieve(subscriptionId);
      const item = subscription.items.data[0];
      const currentTier = tierOfPrice(config.prices, item.price.id);
      if (toTier === 'premium') {
        await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: config.prices.premium }],
          proration_behavior: 'always_invoice',
          metadata: { wb_previous_tier: '', wb_pending_until: '' },
        });
        return;
      }
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: config.prices[toTier] }],
        proration_behavior: 'none',
        metadata: { wb_previous_tier: currentTier ?? '', wb_pending_until: String(item.current_period_end) },
      });
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },

    async resume(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    },

    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    async refundInvoice({ providerInvoiceId, amount, reason }) {
      // Since API 2025-03-31 an invoice names its PaymentIntent only through its invoice payments.
      const paid = await stripe.invoicePayments.list({ invoice: providerInvoiceId, status: 'paid', limit: 1 });
      const paymentIntent = idOf(paid.data[0]?.payment?.payment_intent ?? null);
      if (!paymentIntent) throw new PaymentProviderError(409, 'This invoice has no card payment to refund.');
      const refund = await stripe.refunds.create({
        payment_intent: paymentIntent,
        amount,
        reason: 'requested_by_customer',
        metadata: { providerInvoiceId, ...(reason ? { note: reason.slice(0, 450) } : {}) },
      });
      return { providerRefundId: refund.id };
    },

    verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!signature) throw new WebhookSignatureError('Missing webhook signature');
      let event: Stripe.Event;
      try {
        // Tolerance 300 s (Stripe's default), measured against the app clock.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          300,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid webhook signature');
      }
      return mapStripeEvent(event);
    },

    async retrieveSubscription(subscriptionId) {
      try {
        return mapStripeSubscription(await retrieve(subscriptionId), config.prices, now());
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async retrieveInvoice(invoiceId): Promise<TProviderInvoice | null> {
      const invoice = await stripe.invoices.retrieve(invoiceId);
      const line = invoice.lines.data[0];
      const priceId = line?.pricing?.price_details?.price ?? null;
      const tier = tierOfPrice(config.prices, typeof priceId === 'string' ? priceId : null) ?? 'basic';
      const status =
        (['draft', 'open', 'paid', 'void', 'uncollectible'] as const).find((s) => s === invoice.status) ?? 'open';
      return {
        provider: 'stripe',
        providerInvoiceId: invoice.id ?? invoiceId,
        providerPaymentId: null,
        userId: invoice.parent?.subscription_details?.metadata?.userId ?? null,
        tier,
        description: line?.description ?? `Wonderful Books ${tier}`,
        amountDue: invoice.amount_due,
        amountPaid: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        status,
        periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
        periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
        paidAt: invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : null,
      };
    },
  };
}
