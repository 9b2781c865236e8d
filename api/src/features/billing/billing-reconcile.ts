/**
 * Applies the payment provider's state to the app (webhook processing). Writes
 * billing_subscriptions (the mirror), users.subscription* / stripe* columns, webhook_events, Stripe
 * invoices/payments, audit entries for trial conversion, upgrades, downgrades and endings, and the
 * reader's entitlements (syncEntitlements) — all in ONE BEGIN IMMEDIATE transaction per event.
 *
 * - Idempotent: webhook_events has one row per (provider, eventId); a duplicate is acknowledged
 *   without re-applying.
 * - Order-independent: an event only says "something changed for subscription X"; the handler fetches
 *   the provider's CURRENT record of X (before the transaction: Stripe needs the network) and applies
 *   that, so any order of the same events ends in the same state.
 * - Acknowledged only after commit: the route answers 200 after this returns; an error rolls back
 *   and answers 500, so the provider retries.
 *
 * Past due (decision): users.subscriptionStatus stays 'active' during the grace period
 * (billing_subscriptions.graceEndsAt, 3 days after the failed charge) so shared/access.ts keeps access,
 * while GET /api/billing/subscription reports 'past_due'. After the grace the user's status becomes
 * 'past_due' (no access; the 'billing-grace-expiry' job applies it on time) and the provider cancels
 * (subscription deleted → tier free).
 */
import { and, eq, lte } from 'drizzle-orm';
import type { TPaidTier } from '@shared/billing';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import {
  billingSubscriptions,
  checkoutSessions,
  invoices,
  payments,
  subscriptionPlans,
  userSubscriptionCycles,
  users,
  webhookEvents,
} from '../../db/schema';
import {
  WebhookSignatureError,
  type TBillingEvent,
  type TProviderInvoice,
  type TProviderSubscription,
} from '../../adapters/payments/payments';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { sendPaymentFailedEmail, sendPaymentReceiptEmail } from '../email/email.service';
import { syncEntitlements } from '../selections/entitlement-state';
import { recordMrrChange } from './mrr-movements';

type TUserRow = typeof users.$inferSelect;
type TMirrorRow = typeof billingSubscriptions.$inferSelect;

export interface TApplyOutcome {
  userId: string;
  changed: boolean;
}

/** The users columns the provider record implies at `now`. */
export function userColumnsFor(
  record: Pick<TProviderSubscription, 'tier' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'graceEndsAt'>,
  now: Date,
) {
  if (record.status === 'canceled') {
    return {
      subscriptionTier: 'free' as const,
      subscriptionStatus: 'inactive' as const,
      subscriptionCurrentPeriodEnd: record.currentPeriodEnd,
    };
  }
  const inGrace = record.status === 'past_due' && record.graceEndsAt !== null && record.graceEndsAt > now;
  const status =
    record.status === 'past_due' && !inGrace
      ? ('past_due' as const)
      : record.cancelAtPeriodEnd
        ? ('cancelled' as const)
        : ('active' as const);
  return {
    subscriptionTier: record.tier,
    subscriptionStatus: status,
    subscriptionCurrentPeriodEnd: record.currentPeriodEnd,
  };
}

function resolveUserId(db: Db, record: TProviderSubscription, hint: string | null): string | null {
  const byMirror = db
    .select({ userId: billingSubscriptions.userId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.subscriptionId, record.subscriptionId))
    .get();
  const candidate = record.userId ?? hint ?? byMirror?.userId ?? null;
  if (candidate && db.select({ id: users.id }).from(users).where(eq(users.id, candidate)).get()) return candidate;
  if (record.customerId) {
    const byCustomer = db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, record.customerId))
      .get();
    if (byCustomer) return byCustomer.id;
  }
  return null;
}

/**
 * Writes the provider record into the mirror and the user row, records conversions and plan changes,
 * resets the pick count once per renewed period, and syncs entitlements. Call inside immediateTransaction.
 */
export function applySubscriptionRecord(
  deps: Pick<AppDeps, 'db'>,
  record: TProviderSubscription,
  now: Date,
  userHint: string | null = null,
): TApplyOutcome | null {
  const { db } = deps;
  const userId = resolveUserId(db, record, userHint);
  if (!userId) return null;
  const user = db.select().from(users).where(eq(users.id, userId)).get() as TUserRow;
  const mirror = db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).get();
  // A late event about an older, ended subscription must not overwrite a newer live one.
  if (
    mirror &&
    mirror.subscriptionId !== record.subscriptionId &&
    mirror.status !== 'canceled' &&
    record.status === 'canceled'
  ) {
    return { userId, changed: false };
  }

  const values = {
    provider: record.provider,
    customerId: record.customerId,
    subscriptionId: record.subscriptionId,
    tier: record.tier,
    status: record.status,
    currentPeriodStart: record.currentPeriodStart,
    currentPeriodEnd: record.currentPeriodEnd,
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    pendingTier: record.pendingTier,
    cardBrand: record.card?.brand ?? null,
    cardLast4: record.card?.last4 ?? null,
    graceEndsAt: record.graceEndsAt,
    trialEnd: record.trialEnd,
    updatedAt: now,
  };
  const next: TMirrorRow = mirror
    ? db.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.id, mirror.id)).returning().get()
    : db
        .insert(billingSubscriptions)
        .values({ userId, ...values, createdAt: now })
        .returning()
        .get();

  const columns = userColumnsFor(record, now);
  const changed =
    user.subscriptionTier !== columns.subscriptionTier ||
    user.subscriptionStatus !== columns.subscriptionStatus ||
    user.subscriptionCurrentPeriodEnd?.getTime() !== columns.subscriptionCurrentPeriodEnd.getTime() ||
    user.stripeCustomerId !== record.customerId ||
    user.stripeSubscriptionId !== record.subscriptionId;
  db.update(users)
    .set({
      ...columns,
      stripeCustomerId: record.customerId,
      stripeSubscriptionId: record.subscriptionId,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .run();

  recordMrrChange(db, {
    userId,
    tierBefore: user.subscriptionTier,
    record,
    mirrorBefore: mirror ?? null,
    now,
  });
  recordTransitions(deps, {
    userId,
    before: user,
    afterTier: columns.subscriptionTier,
    record,
    mirrorBefore: mirror ?? null,
    now,
  });

  // A renewal starts a new billing period: the reader's pick count restarts once for that period, even
  // when the app clock has not reached it yet (the test-mode clock advance moves the provider only).
  if (record.status !== 'canceled' && next.cycleResetPeriodStart?.getTime() !== record.currentPeriodStart.getTime()) {
    const cycle = db
      .select()
      .from(userSubscriptionCycles)
      .where(and(eq(userSubscriptionCycles.userId, userId), eq(userSubscriptionCycles.isActive, true)))
      .get();
    if (next.cycleResetPeriodStart && cycle && cycle.cycleStart < record.currentPeriodStart) {
      db.update(userSubscriptionCycles).set({ isActive: false }).where(eq(userSubscriptionCycles.id, cycle.id)).run();
    }
    db.update(billingSubscriptions)
      .set({ cycleResetPeriodStart: record.currentPeriodStart })
      .where(eq(billingSubscriptions.id, next.id))
      .run();
  }

  syncEntitlements({ db, userId, now, write: true });
  return { userId, changed };
}

function recordTransitions(
  deps: Pick<AppDeps, 'db'>,
  input: {
    userId: string;
    before: TUserRow;
    afterTier: string;
    record: TProviderSubscription;
    mirrorBefore: TMirrorRow | null;
    now: Date;
  },
) {
  const { userId, before, afterTier, record, mirrorBefore, now } = input;
  const audit = (action: string, details: Record<string, unknown>) =>
    recordAudit(
      { db: deps.db, now: () => now },
      {
        action,
        resource: 'subscription',
        resourceId: record.subscriptionId,
        userId,
        details: { provider: record.provider, ...details },
      },
    );
  const rank: Record<string, number> = { free: 0, trial: 1, basic: 2, premium: 3 };
  if (before.subscriptionTier !== afterTier) {
    if (before.subscriptionTier === 'trial' && (afterTier === 'basic' || afterTier === 'premium'))
      audit('billing.trial_converted', { tier: afterTier });
    else if (afterTier === 'free') audit('billing.subscription_ended', { tier: before.subscriptionTier });
    else if (before.subscriptionTier !== 'free' && before.subscriptionTier !== 'trial') {
      audit(rank[afterTier] > rank[before.subscriptionTier] ? 'billing.plan_upgraded' : 'billing.plan_downgraded', {
        from: before.subscriptionTier,
        to: afterTier,
      });
    } else audit('billing.subscription_started', { tier: afterTier });
  }
  if (record.pendingTier && record.pendingTier !== mirrorBefore?.pendingTier) {
    audit('billing.downgrade_scheduled', {
      from: record.tier,
      to: record.pendingTier,
      effectiveAt: record.currentPeriodEnd.toISOString(),
    });
  }
}

/** Stores a provider invoice (Stripe) and its payment; the test provider writes its own rows. */
function upsertProviderInvoice(db: Db, invoice: TProviderInvoice, userId: string | null, now: Date) {
  const existing = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, invoice.provider), eq(invoices.providerInvoiceId, invoice.providerInvoiceId)))
    .get();
  const user = userId ? db.select().from(users).where(eq(users.id, userId)).get() : undefined;
  const values = {
    userId,
    tier: invoice.tier,
    description: invoice.description,
    amountDue: invoice.amountDue,
    amountPaid: invoice.amountPaid,
    currency: invoice.currency,
    status: invoice.status,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    paidAt: invoice.paidAt,
    updatedAt: now,
  };
  const row = existing
    ? db.update(invoices).set(values).where(eq(invoices.id, existing.id)).returning().get()
    : db
        .insert(invoices)
        .values({
          ...values,
          number: `WB-${now.getUTCFullYear()}-${invoice.providerInvoiceId.slice(-10).toUpperCase()}`,
          provider: invoice.provider,
          providerInvoiceId: invoice.providerInvoiceId,
          customerName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || null : null,
          customerEmail: user?.email ?? 'unknown@invalid',
          issuedAt: now,
        })
        .returning()
        .get();
  if (
    invoice.status === 'paid' &&
    !db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.invoiceId, row.id), eq(payments.status, 'succeeded')))
      .get()
  ) {
    db.insert(payments)
      .values({
        userId,
        invoiceId: row.id,
        provider: invoice.provider,
        tier: invoice.tier,
        amount: invoice.amountPaid,
        currency: invoice.currency,
        status: 'succeeded',
        description: invoice.description,
        paidAt: invoice.paidAt ?? now,
      })
      .run();
  }
}

export interface TWebhookResult {
  duplicate: boolean;
  eventId: string;
  type: string;
}

export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/billing/webhook and the test provider's in-process delivery. Signature first (400 on a bad
 * or stale one), then fetch the provider's current record, then one transaction.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<TWebhookResult> {
  if (rawBody.length > MAX_WEBHOOK_BYTES) throw new AppError('payload_too_large', 413, 'Webhook body is too large');
  let event: TBillingEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('invalid_signature', 400, error.message);
    throw error;
  }

  const seen = deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.id)))
    .get();
  if (seen) return { duplicate: true, eventId: event.id, type: event.providerType };

  // Network reads happen before the write transaction (better-sqlite3 transactions are synchronous).
  const record =
    event.type !== 'ignored' && event.subscriptionId
      ? await deps.payments.retrieveSubscription(event.subscriptionId)
      : null;
  const providerInvoice =
    event.invoiceId && event.type !== 'ignored' ? await deps.payments.retrieveInvoice(event.invoiceId) : null;

  const now = deps.now();
  const applied = immediateTransaction(deps.db, () => {
    const inserted = deps.db
      .insert(webhookEvents)
      .values({
        provider: event.provider,
        eventId: event.id,
        type: event.providerType,
        payload: event.payload,
        status: 'received',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id })
      .get();
    if (!inserted) return null;
    if (event.type === 'checkout.completed' && event.checkoutSessionId) {
      deps.db
        .update(checkoutSessions)
        .set({ status: 'completed', completedAt: now, lastError: null, updatedAt: now })
        .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(checkoutSessions.status, 'open')))
        .run();
    }
    const outcome = record ? applySubscriptionRecord(deps, record, now, event.userId) : null;
    if (providerInvoice)
      upsertProviderInvoice(deps.db, providerInvoice, outcome?.userId ?? providerInvoice.userId ?? event.userId, now);
    deps.db
      .update(webhookEvents)
      .set({ status: record || providerInvoice ? 'processed' : 'ignored', processedAt: now })
      .where(eq(webhookEvents.id, inserted.id))
      .run();
    return { userId: outcome?.userId ?? null };
  });
  if (!applied) return { duplicate: true, eventId: event.id, type: event.providerType };

  // E-mails after commit: a mail never holds the write lock, and a failed mail never undoes the payment.
  if (applied.userId && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')) {
    await sendInvoiceEmail(deps, { userId: applied.userId, event, record });
  }
  return { duplicate: false, eventId: event.id, type: event.providerType };
}

async function sendInvoiceEmail(
  deps: AppDeps,
  input: { userId: string; event: TBillingEvent; record: TProviderSubscription | null },
) {
  const { db } = deps;
  const user = db.select().from(users).where(eq(users.id, input.userId)).get();
  const invoice = input.event.invoiceId
    ? db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, input.event.provider), eq(invoices.providerInvoiceId, input.event.invoiceId)))
        .get()
    : undefined;
  if (!user) return;
  const emailUser = { id: user.id, email: user.email, firstName: user.firstName };
  if (input.event.type === 'invoice.paid' && invoice && invoice.status === 'paid') {
    await sendPaymentReceiptEmail(deps, {
      user: emailUser,
      input: {
        invoiceNumber: invoice.number,
        description: invoice.description,
        amountPaid: invoice.amountPaid,
        currency: invoice.currency,
        paidAt: invoice.paidAt ?? deps.now(),
        receiptPath: `/api/billing/invoices/${invoice.id}/receipt`,
      },
    });
  } else if (input.event.type === 'invoice.payment_failed') {
    const tier: TPaidTier = invoice?.tier ?? input.record?.tier ?? 'basic';
    const plan = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tier, tier)).get();
    await sendPaymentFailedEmail(deps, {
      user: emailUser,
      input: {
        planName: plan?.name ?? tier,
        amountDue: invoice?.amountDue ?? null,
        currency: invoice?.currency ?? 'GBP',
        graceEndsAt: input.record?.graceEndsAt ?? null,
      },
    });
  }
}

/** Re-derives the user columns of past-due readers whose grace has ended ('billing-grace-expiry' job). */
export function expireGracePeriods(deps: Pick<AppDeps, 'db' | 'now' | 'logger'>): number {
  const now = deps.now();
  const due = deps.db
    .select()
    .from(billingSubscriptions)
    .innerJoin(users, eq(users.id, billingSubscriptions.userId))
    .where(
      and(
        eq(billingSubscriptions.status, 'past_due'),
        lte(billingSubscriptions.graceEndsAt, now),
        eq(users.subscriptionStatus, 'active'),
      ),
    )
    .all();
  let count = 0;
  for (const { billing_subscriptions: mirror } of due) {
    try {
      immediateTransaction(deps.db, () => {
        deps.db
          .update(users)
          .set({ subscriptionStatus: 'past_due', updatedAt: now })
          .where(eq(users.id, mirror.userId))
          .run();
        syncEntitlements({ db: deps.db, userId: mirror.userId, now, write: true });
      });
      count += 1;
    } catch (error) {
      deps.logger.error({ err: error, userId: mirror.userId }, 'grace expiry failed for a reader');
    }
  }
  return count;
}
