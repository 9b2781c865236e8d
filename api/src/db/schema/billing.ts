/**
 * Billing records: subscription cycles (docs/product/data-model.md#stored-tables: user_subscription_cycles), checkout
 * sessions of the test-mode or Stripe provider, payments, invoices and received provider webhooks. Written by the
 * billing service and its webhook handler; read by entitlements, the billing page and financial reports. Money is
 * integer minor units (pence) plus an ISO currency code (docs/ARCHITECTURE.md#conventions). Financial rows keep their
 * figures when a user is deleted (userId set null; customer snapshot kept).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { BOOK_TIERS } from './catalogue';
import { bool, enumCheck, id, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId } from './refs';

// Relative, not @shared: drizzle-kit loads the schema without the project's path aliases.
import { MRR_MOVEMENT_KINDS } from '../../../../shared/mrr';

export const PAID_TIERS = ['basic', 'premium'] as const;
export const BILLING_PROVIDERS = ['test', 'stripe'] as const;
export const CHECKOUT_STATUSES = ['open', 'completed', 'expired', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export const WEBHOOK_EVENT_STATUSES = ['received', 'processed', 'failed', 'ignored'] as const;

/** One row per billing cycle (trial period or paid month); its pick counter resets with each new cycle. */
export const userSubscriptionCycles = sqliteTable(
  'user_subscription_cycles',
  {
    id: id(),
    userId: ownerUserId(),
    tier: text('tier', { enum: BOOK_TIERS }).notNull(),
    cycleStart: timestampMs('cycle_start').notNull(),
    cycleEnd: timestampMs('cycle_end').notNull(),
    booksSelectedCount: integer('books_selected_count').notNull().default(0),
    /** -1 means unlimited (premium). */
    maxBooks: integer('max_books').notNull(),
    isActive: bool('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    // At most one current cycle per reader, so "the cycle" is never ambiguous.
    uniqueIndex('user_subscription_cycles_active_unique').on(table.userId).where(sql`is_active = 1`),
    index('user_subscription_cycles_user_idx').on(table.userId, table.cycleStart),
    index('user_subscription_cycles_end_idx').on(table.isActive, table.cycleEnd),
    enumCheck('user_subscription_cycles_tier_check', table.tier, BOOK_TIERS),
    check('user_subscription_cycles_count_check', sql`${table.booksSelectedCount} >= 0`),
    check('user_subscription_cycles_max_check', sql`${table.maxBooks} >= -1`),
    check('user_subscription_cycles_range_check', sql`${table.cycleEnd} > ${table.cycleStart}`),
  ],
);

/** A checkout started by a reader; the provider-hosted (or test-mode) page completes it. */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: id(),
    userId: ownerUserId(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    url: text('url'),
    /** The last declined attempt's message (test-mode hosted page); the session stays open. */
    lastError: text('last_error'),
    expiresAt: timestampMs('expires_at').notNull(),
    completedAt: timestampMs('completed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('checkout_sessions_provider_unique').on(table.provider, table.providerSessionId),
    index('checkout_sessions_user_idx').on(table.userId, table.createdAt),
    index('checkout_sessions_status_idx').on(table.status, table.expiresAt),
    enumCheck('checkout_sessions_tier_check', table.tier, PAID_TIERS),
    enumCheck('checkout_sessions_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('checkout_sessions_status_check', table.status, CHECKOUT_STATUSES),
    check('checkout_sessions_amount_check', sql`${table.amount} >= 0`),
  ],
);

export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Human-facing sequential number, e.g. WB-2025-000042. */
    number: text('number').notNull(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    description: text('description').notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    /** Sum of the refunds rows of this invoice; the refund service keeps it at most amountPaid. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    periodStart: timestampMs('period_start').notNull(),
    periodEnd: timestampMs('period_end').notNull(),
    /** Snapshot of who was billed, so receipts survive account deletion. */
    customerName: text('customer_name'),
    customerEmail: text('customer_email').notNull(),
    issuedAt: timestampMs('issued_at').notNull(),
    paidAt: timestampMs('paid_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_provider_unique').on(table.provider, table.providerInvoiceId),
    index('invoices_user_idx').on(table.userId, table.issuedAt),
    index('invoices_status_idx').on(table.status, table.issuedAt),
    index('invoices_issued_idx').on(table.issuedAt),
    // Revenue reports sum what was paid by the day it was paid, from the index alone.
    index('invoices_paid_idx').on(table.paidAt, table.status, table.tier, table.amountPaid),
    enumCheck('invoices_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('invoices_tier_check', table.tier, PAID_TIERS),
    enumCheck('invoices_status_check', table.status, INVOICE_STATUSES),
    check('invoices_amount_check', sql`${table.amountDue} >= 0 and ${table.amountPaid} >= 0`),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    description: text('description'),
    failureReason: text('failure_reason'),
    paidAt: timestampMs('paid_at'),
    refundedAt: timestampMs('refunded_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('payments_provider_unique').on(table.provider, table.providerPaymentId),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_invoice_idx').on(table.invoiceId),
    index('payments_status_idx').on(table.status, table.paidAt),
    enumCheck('payments_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('payments_tier_check', table.tier, PAID_TIERS),
    enumCheck('payments_status_check', table.status, PAYMENT_STATUSES),
    check('payments_amount_check', sql`${table.amount} >= 0`),
  ],
);

/** Every provider webhook received; (provider, eventId) is unique so a redelivered event applies once. */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    status: text('status', { enum: WEBHOOK_EVENT_STATUSES }).notNull().default('received'),
    error: text('error'),
    receivedAt: timestampMs('received_at').notNull(),
    processedAt: timestampMs('processed_at'),
  },
  (table) => [
    uniqueIndex('webhook_events_provider_event_unique').on(table.provider, table.eventId),
    index('webhook_events_status_idx').on(table.status, table.receivedAt),
    enumCheck('webhook_events_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('webhook_events_status_check', table.status, WEBHOOK_EVENT_STATUSES),
  ],
);

export const SUBSCRIPTION_RECORD_STATUSES = ['active', 'past_due', 'canceled'] as const;

/**
 * The embedded test-mode payment provider's own subscription records (docs/product/decisions.md#9): what Stripe
 * would hold on its side. Written only by adapters/payments/simulated-provider.ts; the app never trusts these
 * directly but reconciles from them on each signed webhook, exactly as it does with Stripe.
 * Card details are brand + last 4 digits only, never the full number.
 */
export const testProviderSubscriptions = sqliteTable(
  'test_provider_subscriptions',
  {
    id: id(),
    /** sub_test_<uuid> */
    subscriptionId: text('subscription_id').notNull(),
    /** cus_test_<uuid>, one per user */
    customerId: text('customer_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_RECORD_STATUSES }).notNull(),
    currentPeriodStart: timestampMs('current_period_start').notNull(),
    currentPeriodEnd: timestampMs('current_period_end').notNull(),
    cancelAtPeriodEnd: bool('cancel_at_period_end').notNull().default(false),
    pendingTier: text('pending_tier', { enum: PAID_TIERS }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Set when a renewal charge failed; the provider gives up (cancels) when this passes. */
    graceEndsAt: timestampMs('grace_ends_at'),
    endedAt: timestampMs('ended_at'),
    /**
     * Set when bought during a free trial: the first period runs free to this instant and the first charge is the
     * renewal then (Stripe's trial_end; docs/product/trial-policy.md#converting-a-trial).
     */
    trialEnd: timestampMs('trial_end'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('test_provider_subscriptions_sub_unique').on(table.subscriptionId),
    index('test_provider_subscriptions_user_idx').on(table.userId),
    index('test_provider_subscriptions_status_idx').on(table.status, table.currentPeriodEnd),
    enumCheck('test_provider_subscriptions_tier_check', table.tier, PAID_TIERS),
    enumCheck('test_provider_subscriptions_status_check', table.status, SUBSCRIPTION_RECORD_STATUSES),
  ],
);

/**
 * The app's mirror of a reader's subscription at the provider (one row per user), rewritten by the
 * billing webhook reconcile from the provider's current record. Read by GET /api/billing/subscription
 * so the billing page never waits on the provider. users.subscription* columns are derived from it.
 */
export const billingSubscriptions = sqliteTable(
  'billing_subscriptions',
  {
    id: id(),
    userId: ownerUserId(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_RECORD_STATUSES }).notNull(),
    currentPeriodStart: timestampMs('current_period_start').notNull(),
    currentPeriodEnd: timestampMs('current_period_end').notNull(),
    cancelAtPeriodEnd: bool('cancel_at_period_end').notNull().default(false),
    pendingTier: text('pending_tier', { enum: PAID_TIERS }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** past_due keeps access until this instant (grace period). */
    graceEndsAt: timestampMs('grace_ends_at'),
    /** The period start whose pick-count reset was already applied (renewal resets it once). */
    cycleResetPeriodStart: timestampMs('cycle_reset_period_start'),
    /** The provider's trial end: until then the subscription is in its free days (docs/product/metrics.md#converted-trials). */
    trialEnd: timestampMs('trial_end'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('billing_subscriptions_user_unique').on(table.userId),
    index('billing_subscriptions_status_idx').on(table.status, table.graceEndsAt),
    // The overview's "trials running" counts plans bought during a trial whose free days still run: only those rows.
    index('billing_subscriptions_free_days_idx')
      .on(table.trialEnd)
      .where(sql`status = 'active' and current_period_end <= trial_end`),
    enumCheck('billing_subscriptions_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('billing_subscriptions_tier_check', table.tier, PAID_TIERS),
    enumCheck('billing_subscriptions_status_check', table.status, SUBSCRIPTION_RECORD_STATUSES),
  ],
);

/**
 * Money given back on a paid invoice (docs/product/metrics.md#refunds), full or partial, written by the admin
 * subscriptions service after the provider accepted the refund. invoices.amount_refunded is the sum of these rows.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    reason: text('reason'),
    /** The admin who refunded; kept as text so the row outlives the account. */
    refundedBy: text('refunded_by'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('refunds_provider_unique').on(table.provider, table.providerRefundId),
    index('refunds_invoice_idx').on(table.invoiceId),
    index('refunds_created_idx').on(table.createdAt),
    enumCheck('refunds_provider_check', table.provider, BILLING_PROVIDERS),
    enumCheck('refunds_tier_check', table.tier, PAID_TIERS),
    check('refunds_amount_check', sql`${table.amount} > 0`),
  ],
);

export const MRR_TIERS = ['free', 'trial', 'basic', 'premium'] as const;

/**
 * Every change of a reader's monthly recurring revenue (docs/product/metrics.md#mrr-movements), appended by the
 * billing reconcile when a subscription starts, changes tier, renews at a new price or ends. A reader's MRR at any
 * instant is mrr_after of their latest row before it, so the MRR of any past day and its movements come from this
 * one table and always add up.
 */
export const mrrMovements = sqliteTable(
  'mrr_movements',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').notNull(),
    kind: text('kind', { enum: MRR_MOVEMENT_KINDS }).notNull(),
    tierBefore: text('tier_before', { enum: MRR_TIERS }).notNull(),
    tierAfter: text('tier_after', { enum: MRR_TIERS }).notNull(),
    mrrBefore: integer('mrr_before').notNull(),
    mrrAfter: integer('mrr_after').notNull(),
    currency: text('currency').notNull().default('GBP'),
    occurredAt: timestampMs('occurred_at').notNull(),
  },
  (table) => [
    // MRR at an instant and each month's movements are sums over a time range, read from the index alone.
    index('mrr_movements_occurred_idx').on(table.occurredAt, table.kind, table.mrrBefore, table.mrrAfter),
    index('mrr_movements_user_idx').on(table.userId, table.occurredAt),
    // "Paying subscriber" asks whether a live subscription has a movement: answered from the index alone.
    index('mrr_movements_subscription_idx').on(table.userId, table.subscriptionId),
    // Trial conversion asks, per reader whose trial ended, whether they ever started a paid plan from it.
    index('mrr_movements_trial_conversion_idx').on(table.userId).where(sql`kind = 'new' and tier_before = 'trial'`),
    enumCheck('mrr_movements_kind_check', table.kind, MRR_MOVEMENT_KINDS),
    enumCheck('mrr_movements_tier_before_check', table.tierBefore, MRR_TIERS),
    enumCheck('mrr_movements_tier_after_check', table.tierAfter, MRR_TIERS),
    check('mrr_movements_amount_check', sql`${table.mrrBefore} >= 0 and ${table.mrrAfter} >= 0`),
  ],
);
