/**
 * Billing contract (docs/API.md: billing), shared by the API and the web app. Amounts are integer minor
 * units (pence) with an ISO currency code; times are ISO strings in UTC. Pure: no I/O.
 */
export const PAID_TIERS = ['basic', 'premium'] as const;
export type TPaidTier = (typeof PAID_TIERS)[number];
export type TBillingProvider = 'test' | 'stripe';

/** POST /api/billing/checkout and POST /api/billing/portal answer a URL to send the browser to. */
export interface TRedirectResponse {
  url: string;
}

/** GET /api/billing/checkout/:sessionId — what the test-mode checkout page and /payment-success show. */
export interface TCheckoutSession {
  id: string;
  provider: TBillingProvider;
  tier: TPaidTier;
  planName: string;
  amount: number;
  currency: string;
  period: string;
  customerEmail: string;
  /** open → complete (paid) | expired; a declined card leaves it open with lastError set. */
  status: 'open' | 'complete' | 'expired';
  lastError: string | null;
  /** Where the browser goes after paying or cancelling. */
  successUrl: string;
  cancelUrl: string;
}

/** POST /api/billing/checkout/:sessionId/pay (test mode only): the hosted page's card form. */
export interface TTestCardPayment {
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
}

export interface TTestCardPaymentResult {
  outcome: 'succeeded' | 'declined' | 'insufficient_funds';
  message: string;
  /** Set when the payment succeeded: /payment-success?session_id=... */
  redirectUrl: string | null;
}

export interface TSubscription {
  provider: TBillingProvider;
  tier: 'free' | 'trial' | 'basic' | 'premium';
  status: 'active' | 'inactive' | 'cancelled' | 'past_due';
  planName: string | null;
  currentPeriodEnd: string | null;
  /** Cancelled subscriptions keep access until currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  nextChargeAt: string | null;
  nextChargeAmount: number | null;
  currency: string;
  /** A downgrade waits for the period end. */
  pendingTier: TPaidTier | null;
  paymentMethod: { brand: string; last4: string } | null;
  trialEndsAt: string | null;
}

export interface TInvoice {
  id: string;
  number: string;
  description: string;
  tier: TPaidTier;
  amountDue: number;
  amountPaid: number;
  /** Given back by refunds (docs/product/admin-money.md#refunds); 0 when none. */
  amountRefunded: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  paidAt: string | null;
  /** GET /api/billing/invoices/:id/receipt (HTML receipt, downloadable). */
  receiptUrl: string;
}

export interface TInvoiceList {
  items: TInvoice[];
}

/** Test card numbers of the embedded provider (behave like a payment provider's test cards). */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export function formatMoney(amountMinor: number, currency: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountMinor / 100);
}

/**
 * GET /api/billing/quote?tier=: what confirming a plan choice costs, computed by the server before the reader confirms
 * (docs/product/plans-and-picks.md#what-a-plan-change-costs). Amounts in pence.
 */
export interface TPlanQuote {
  tier: TPaidTier;
  planName: string;
  /** subscribe: a new subscription (checkout); upgrade: now; downgrade: at the period end; keep: undoes a downgrade. */
  kind: 'subscribe' | 'upgrade' | 'downgrade' | 'keep';
  currency: string;
  /** Charged when the reader confirms (0 when nothing is charged today). */
  amountToday: number;
  /** The next regular charge and when it falls. */
  nextChargeAmount: number;
  nextChargeAt: string;
  /** Subscribing during a trial keeps its days: the plan starts now and billing when the trial would have ended. */
  trialKeptUntil: string | null;
}

/**
 * When the first charge of a subscription bought during a valid trial falls: the end of the trial, so the reader
 * keeps the days they were given (docs/product/trial-policy.md#converting-a-trial). Null when there is no trial left.
 */
export function trialBillingStart(
  subject: { subscriptionTier: string; trialEndsAt: Date | string | null; freeTrialEndedAt: Date | string | null },
  now: number,
): number | null {
  if (subject.subscriptionTier !== 'trial') return null;
  const ends = [subject.trialEndsAt, subject.freeTrialEndedAt]
    .map((value) => (value === null ? null : typeof value === 'string' ? Date.parse(value) : value.getTime()))
    .filter((value): value is number => value !== null && !Number.isNaN(value));
  const end = ends.length > 0 ? Math.max(...ends) : null;
  return end !== null && end > now ? end : null;
}

/**
 * An upgrade's charge today: the price difference for the rest of the current period, prorated by time and rounded
 * to the penny (docs/product/plans-and-picks.md#plan-changes). The quote and the test-mode provider share it.
 */
export function proratedUpgradeAmount(input: {
  fromAmount: number;
  toAmount: number;
  periodStart: number;
  periodEnd: number;
  at: number;
}): number {
  const total = input.periodEnd - input.periodStart;
  if (total <= 0) return 0;
  const remaining = Math.max(0, input.periodEnd - input.at);
  return Math.max(0, Math.round(((input.toAmount - input.fromAmount) * remaining) / total));
}
