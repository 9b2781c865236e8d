/** Response types of the admin subscriptions API (docs/product/admin-money.md#subscriptions). Pure: no I/O. */
import type { TAdminPage } from './admin-list';
import type { TBillingProvider, TPaidTier } from './billing';

export const SUBSCRIPTION_STATES = ['trialing', 'trial_ended', 'renewing', 'cancelling', 'past_due', 'ended'] as const;
export type TSubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_STATE_LABELS: Record<TSubscriptionState, string> = {
  trialing: 'Trial running',
  trial_ended: 'Trial ended',
  renewing: 'Renewing',
  cancelling: 'Cancelling',
  past_due: 'Past due',
  ended: 'Ended',
};

export type TAccountTier = 'free' | 'trial' | 'basic' | 'premium';

export interface TAdminSubscriptionRow {
  userId: string;
  email: string;
  name: string | null;
  tier: TAccountTier;
  state: TSubscriptionState;
  provider: TBillingProvider | null;
  /** ISO; the paid period's end (renewal or end of access). */
  currentPeriodEnd: string | null;
  trialEndsAt: string | null;
  pendingTier: TPaidTier | null;
  /** The reader's monthly recurring revenue now, minor units (docs/product/metrics.md#mrr). */
  mrr: number;
  currency: string;
}

export type TAdminSubscriptionPage = TAdminPage<TAdminSubscriptionRow>;

export interface TAdminRefund {
  id: string;
  amount: number;
  currency: string;
  reason: string | null;
  createdAt: string;
}

export interface TAdminInvoice {
  id: string;
  number: string;
  description: string;
  tier: TPaidTier;
  provider: TBillingProvider;
  amountDue: number;
  amountPaid: number;
  amountRefunded: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  issuedAt: string;
  paidAt: string | null;
  refunds: TAdminRefund[];
  /** Paid, with money left to give back, through the provider in use now. */
  canRefund: boolean;
}

export interface THistoryEntry {
  at: string;
  title: string;
  detail: string | null;
}

export interface TAdminSubscriptionDetail {
  account: {
    id: string;
    email: string;
    name: string | null;
    tier: TAccountTier;
    trialEndsAt: string | null;
    isActive: boolean;
  };
  state: TSubscriptionState;
  subscription: {
    provider: TBillingProvider;
    subscriptionId: string;
    tier: TPaidTier;
    status: 'active' | 'past_due' | 'canceled';
    currentPeriodStart: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    pendingTier: TPaidTier | null;
    card: { brand: string; last4: string } | null;
    graceEndsAt: string | null;
  } | null;
  mrr: number;
  currency: string;
  invoices: TAdminInvoice[];
  /** Newest first: plan changes, renewals, cancellations, refunds and admin actions. */
  history: THistoryEntry[];
}

/** GET /api/admin/billing/provider: which provider is in use and, for the test-mode one, its clock. */
export interface TBillingProviderInfo {
  provider: TBillingProvider;
  testClock: { providerNow: string; offsetDays: number } | null;
}

/** Refusals of the admin subscription actions (docs/product/admin-money.md#subscriptions). */
export const ADMIN_SUBSCRIPTION_MESSAGES = {
  noSubscription: 'This reader has no active subscription.',
  alreadyCancelling: 'The subscription is already set to cancel at the end of the period.',
  notCancelling: 'The subscription is not set to cancel.',
  notOnTrial: 'Only a reader on the free trial can have the trial extended.',
  invoiceNotPaid: 'Only a paid invoice can be refunded.',
  nothingToRefund: 'This invoice has been refunded in full.',
  nothingCharged: 'Nothing was charged on this invoice, so there is nothing to refund.',
  otherProvider: 'This invoice was paid through another payment provider, so it cannot be refunded from here.',
  refundTooLarge: (left: string) => `The refund cannot be more than the ${left} left to refund.`,
} as const;
