/**
 * The payments adapter (docs/product/decisions.md#9): the embedded test-mode provider by default, Stripe when
 * STRIPE_SECRET_KEY is set. The billing feature talks only to this interface. Providers never write the
 * app's users or entitlements: they change their own records and tell the app through a signed webhook;
 * the app then reconciles from the provider's current record (features/billing/billing-reconcile.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TBillingProvider, TPaidTier } from '@shared/billing';

export type TSubscriptionRecordStatus = 'active' | 'past_due' | 'canceled';

/** A provider's subscription as it stands now (the reconcile source of truth). */
export interface TProviderSubscription {
  provider: TBillingProvider;
  subscriptionId: string;
  customerId: string | null;
  /** The app user it belongs to (test: column; Stripe: subscription metadata.userId). */
  userId: string | null;
  tier: TPaidTier;
  status: TSubscriptionRecordStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pendingTier: TPaidTier | null;
  card: { brand: string; last4: string } | null;
  graceEndsAt: Date | null;
  /** When a canceled subscription ended (its last period end, or the moment it was cancelled at once). */
  endedAt: Date | null;
  /**
   * Set when the subscription was bought during a free trial: its first period runs free until then and the first
   * charge is the renewal at this instant (Stripe's trial_end; docs/product/trial-policy.md#converting-a-trial).
   */
  trialEnd: Date | null;
}

/** A provider invoice to store (Stripe); the test provider writes the invoices table itself. */
export interface TProviderInvoice {
  provider: TBillingProvider;
  providerInvoiceId: string;
  providerPaymentId: string | null;
  userId: string | null;
  tier: TPaidTier;
  description: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
}

export type TBillingEventType =
  | 'checkout.completed'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'subscription.updated'
  | 'subscription.deleted'
  | 'ignored';

/** A verified webhook, normalised across providers. */
export interface TBillingEvent {
  provider: TBillingProvider;
  id: string;
  type: TBillingEventType;
  /** The provider's own event type, e.g. 'invoice.paid'. */
  providerType: string;
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
  /** Our checkout_sessions.id when the provider echoes it back. */
  checkoutSessionId: string | null;
  /** The provider's invoice id (invoice events). */
  invoiceId: string | null;
  payload: unknown;
}

export interface TCheckoutUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The provider customer id we already know (users.stripeCustomerId). */
  customerId: string | null;
}

export interface TCheckoutPlan {
  tier: TPaidTier;
  name: string;
  amount: number;
  currency: string;
}

/** A refusal by the provider (card declined, nothing to change); the billing service maps it to 4xx. */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: 402 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Bad, missing or stale webhook signature (the route answers 400). */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export type TWebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<unknown>;

export interface PaymentsProvider {
  readonly name: TBillingProvider;
  /** `checkoutSessionId` is our checkout_sessions row id, echoed back in the completed event. */
  createCheckout(input: {
    user: TCheckoutUser;
    tier: TPaidTier;
    plan: TCheckoutPlan;
    checkoutSessionId: string;
    successUrl: string;
    cancelUrl: string;
    /**
     * Set when the reader buys during a trial: the first charge waits until then (the trial's end;
     * docs/product/trial-policy.md#converting-a-trial). The test-mode provider reads the trial from its own records.
     */
    billingStartsAt?: Date | null;
  }): Promise<{ url: string; providerSessionId: string }>;
  createPortal(user: TCheckoutUser, returnUrl: string): Promise<{ url: string }>;
  /** Upgrade now (prorated invoice) or downgrade at period end (pendingTier). */
  changePlan(input: {
    subscriptionId: string;
    toTier: TPaidTier;
    plans: Record<TPaidTier, TCheckoutPlan>;
  }): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  /** Ends the subscription at once; nothing is refunded here (an admin refunds an invoice separately). */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Gives `amount` (minor units) of a paid invoice back to the card that paid it. The provider refuses (409) more
   * than is left to refund; the app records the refund from the answer.
   */
  refundInvoice(input: {
    providerInvoiceId: string;
    amount: number;
    reason: string | null;
  }): Promise<{ providerRefundId: string }>;
  /** Verifies the signature against the raw body (throws WebhookSignatureError) and normalises the event. */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): TBillingEvent;
  retrieveSubscription(subscriptionId: string): Promise<TProviderSubscription | null>;
  retrieveInvoice(invoiceId: string): Promise<TProviderInvoice | null>;
  /** Test mode only: wires the in-process webhook delivery to the app's handler. */
  connectWebhook?(deliver: TWebhookDelivery): void;
}

/** Webhook signatures older or newer than this are refused (replay window, as Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const TEST_SIGNATURE_HEADER = 'wb-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, the scheme Stripe uses. */
export function signWebhookPayload(rawBody: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export function verifyWebhookSignature(rawBody: string, header: string | undefined, secret: string, now: Date): void {
  if (!header) throw new WebhookSignatureError('Missing webhook signature');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('Malformed webhook signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Invalid webhook signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp is outside the tolerance');
  }
}

/** Card brand from the number's prefix (display only). */
export function cardBrand(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'Mastercard';
  if (/^3[47]/.test(cardNumber)) return 'American Express';
  return 'Card';
}
