/**
 * Billing (docs/API.md: billing): checkout, the subscription view, plan changes, cancel/resume, invoices and
 * receipts. Owns checkout_sessions rows; every subscription change goes through the payments provider
 * and comes back through billing-reconcile.ts (the provider's webhook, plus an immediate reconcile from
 * the provider's record so the answer already shows the change). Always scoped to the session's user.
 *
 * Plan changes (decision): an upgrade (Basic → Premium) applies at once and charges the price difference
 * for the rest of the current period (prorated by time, rounded to the penny; the billing date stays).
 * A downgrade (Premium → Basic) is scheduled for the period end (pendingTier); choosing the current
 * tier again undoes a scheduled downgrade.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  proratedUpgradeAmount,
  trialBillingStart,
  type TCheckoutSession,
  type TInvoice,
  type TPaidTier,
  type TPlanQuote,
  type TSubscription,
  type TTestCardPayment,
  type TTestCardPaymentResult,
} from '@shared/billing';
import { addMonthsUtc } from '@shared/entitlement';
import type { AppDeps } from '../../deps';
import { immediateTransaction } from '../../db/client';
import { billingSubscriptions, checkoutSessions, invoices, subscriptionPlans, users } from '../../db/schema';
import { PaymentProviderError, type TCheckoutPlan, type TCheckoutUser } from '../../adapters/payments/payments';
import { isSimulatedProvider, type TAdvanceClockReport } from '../../adapters/payments/simulated-provider';
import { AppError, notFound, notSignedIn } from '../../lib/app-error';
import { sendPlanChangedEmail, sendSubscriptionCancelledEmail } from '../email/email.service';
import { applySubscriptionRecord } from './billing-reconcile';

type TUserRow = typeof users.$inferSelect;
type TMirrorRow = typeof billingSubscriptions.$inferSelect;

const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const TIER_NAMES: Record<TPaidTier, string> = { basic: 'Basic', premium: 'Premium' };

export function loadPlans(deps: Pick<AppDeps, 'db'>): Record<TPaidTier, TCheckoutPlan & { period: string }> {
  const rows = deps.db
    .select()
    .from(subscriptionPlans)
    .where(inArray(subscriptionPlans.tier, ['basic', 'premium']))
    .all();
  const byTier = new Map(rows.map((row) => [row.tier, row]));
  const plan = (tier: TPaidTier) => {
    const row = byTier.get(tier);
    return row
      ? {
          tier,
          name: row.name,
          amount: row.priceAmount,
          currency: row.currency,
          period: row.period,
          isActive: row.isActive,
        }
      : { tier, name: TIER_NAMES[tier], amount: 0, currency: 'GBP', period: 'per month', isActive: false };
  };
  return { basic: plan('basic'), premium: plan('premium') };
}

function activePlan(deps: Pick<AppDeps, 'db'>, tier: TPaidTier) {
  const plan = loadPlans(deps)[tier] as ReturnType<typeof loadPlans>[TPaidTier] & { isActive?: boolean };
  if (!plan.isActive) throw new AppError('plan_unavailable', 409, 'This plan is not available at the moment.');
  return plan;
}

function loadUser(deps: Pick<AppDeps, 'db'>, userId: string): TUserRow {
  const user = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notSignedIn();
  return user;
}

const mirrorOf = (deps: Pick<AppDeps, 'db'>, userId: string): TMirrorRow | undefined =>
  deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).get();

/** The reader's live (not ended) subscription, or a 409 with the given message. */
function liveMirror(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  message = 'You have no active subscription.',
): TMirrorRow {
  const mirror = mirrorOf(deps, userId);
  if (!mirror || mirror.status === 'canceled') throw new AppError('no_subscription', 409, message);
  return mirror;
}

const checkoutUser = (user: TUserRow): TCheckoutUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  customerId: user.stripeCustomerId,
});

/** Provider refusals become 4xx problems; anything else is a real failure. */
export async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError(
        error.status === 402 ? 'payment_failed' : error.status === 404 ? 'not_found' : 'billing_conflict',
        error.status,
        error.message,
      );
    }
    throw error;
  }
}

/** Pulls the provider's current record into the app now (the webhook will confirm it idempotently). */
export async function reconcileNow(deps: AppDeps, subscriptionId: string, userId: string) {
  const record = await deps.payments.retrieveSubscription(subscriptionId);
  if (!record) return;
  immediateTransaction(deps.db, () => applySubscriptionRecord(deps, record, deps.now(), userId));
}

/** A subscription bought now during a valid trial starts billing at the trial's end (docs/product/trial-policy.md#converting-a-trial). */
function billingStartOf(user: TUserRow, now: Date): Date | null {
  const start = trialBillingStart(user, now.getTime());
  return start === null ? null : new Date(start);
}

/** The payments provider's clock: the test-mode provider's can be moved ahead by an admin. */
function providerTime(deps: Pick<AppDeps, 'payments' | 'now'>): Date {
  return isSimulatedProvider(deps.payments) ? deps.payments.providerNow() : deps.now();
}

/**
 * What choosing `tier` costs today and next, before the reader confirms (docs/product/plans-and-picks.md#what-a-plan-change-costs).
 * The same rules as startCheckout and changePlan, without changing anything; refusals are theirs too.
 */
export function quotePlanChange(deps: AppDeps, input: { userId: string; tier: TPaidTier }): TPlanQuote {
  const user = loadUser(deps, input.userId);
  const plans = loadPlans(deps);
  const plan = activePlan(deps, input.tier);
  const mirror = mirrorOf(deps, user.id);
  const base = { tier: input.tier, planName: plan.name, currency: plan.currency, nextChargeAmount: plan.amount };
  if (!mirror || mirror.status === 'canceled') {
    const now = deps.now();
    const billingStart = billingStartOf(user, now);
    return {
      ...base,
      kind: 'subscribe',
      amountToday: billingStart ? 0 : plan.amount,
      nextChargeAt: new Date(billingStart ?? addMonthsUtc(now.getTime(), 1)).toISOString(),
      trialKeptUntil: billingStart?.toISOString() ?? null,
    };
  }
  if (mirror.cancelAtPeriodEnd)
    throw new AppError('billing_conflict', 409, 'Resume your subscription before changing plan.');
  if (mirror.tier === input.tier && !mirror.pendingTier)
    throw new AppError('same_plan', 409, `You already have the ${TIER_NAMES[input.tier]} plan.`);
  if (mirror.pendingTier === input.tier)
    throw new AppError(
      'same_plan',
      409,
      `Your plan already changes to ${TIER_NAMES[input.tier]} at the end of this period.`,
    );
  const periodEnd = mirror.currentPeriodEnd.toISOString();
  if (mirror.tier === input.tier)
    return { ...base, kind: 'keep', amountToday: 0, nextChargeAt: periodEnd, trialKeptUntil: null };
  if (input.tier === 'premium') {
    const amountToday = proratedUpgradeAmount({
      fromAmount: plans.basic.amount,
      toAmount: plans.premium.amount,
      periodStart: mirror.currentPeriodStart.getTime(),
      periodEnd: mirror.currentPeriodEnd.getTime(),
      at: providerTime(deps).getTime(),
    });
    return { ...base, kind: 'upgrade', amountToday, nextChargeAt: periodEnd, trialKeptUntil: null };
  }
  return { ...base, kind: 'downgrade', amountToday: 0, nextChargeAt: periodEnd, trialKeptUntil: null };
}

export async function startCheckout(
  deps: AppDeps,
  input: { userId: string; tier: TPaidTier },
): Promise<{ url: string }> {
  const user = loadUser(deps, input.userId);
  const mirror = mirrorOf(deps, user.id);
  if (mirror && mirror.status !== 'canceled') {
    throw mirror.tier === input.tier
      ? new AppError('already_subscribed', 409, `You already have the ${TIER_NAMES[input.tier]} plan.`)
      : new AppError(
          'already_subscribed',
          409,
          'You already have a subscription. Change your plan from the billing page.',
        );
  }
  const plan = activePlan(deps, input.tier);
  const now = deps.now();
  const session = deps.db
    .insert(checkoutSessions)
    .values({
      userId: user.id,
      tier: input.tier,
      provider: deps.payments.name,
      amount: plan.amount,
      currency: plan.currency,
      expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  const result = await callProvider(() =>
    deps.payments.createCheckout({
      user: checkoutUser(user),
      tier: input.tier,
      plan,
      checkoutSessionId: session.id,
      successUrl: `/payment-success?session_id=${session.id}`,
      cancelUrl: `/subscribe?tier=${input.tier}`,
      billingStartsAt: billingStartOf(user, now),
    }),
  );
  deps.db
    .update(checkoutSessions)
    .set({ url: result.url, providerSessionId: result.providerSessionId, updatedAt: deps.now() })
    .where(eq(checkoutSessions.id, session.id))
    .run();
  return { url: result.url };
}

export function getCheckoutSession(
  deps: Pick<AppDeps, 'db' | 'now' | 'payments'>,
  input: { userId: string; sessionId: string },
): TCheckoutSession {
  const row = deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, input.sessionId), eq(checkoutSessions.userId, input.userId)))
    .get();
  if (!row) throw notFound('Checkout session');
  const user = loadUser(deps, input.userId);
  const plan = loadPlans(deps)[row.tier];
  const expired =
    row.status === 'expired' || row.status === 'cancelled' || (row.status === 'open' && row.expiresAt <= deps.now());
  return {
    id: row.id,
    provider: row.provider,
    tier: row.tier,
    planName: plan.name,
    amount: row.amount,
    currency: row.currency,
    period: plan.period,
    customerEmail: user.email,
    status: row.status === 'completed' ? 'complete' : expired ? 'expired' : 'open',
    lastError: row.lastError,
    successUrl: `/payment-success?session_id=${row.id}`,
    cancelUrl: `/subscribe?tier=${row.tier}`,
  };
}

function testProvider(deps: Pick<AppDeps, 'payments'>) {
  if (!isSimulatedProvider(deps.payments)) throw notFound('Page');
  return deps.payments;
}

export async function payTestCheckout(
  deps: AppDeps,
  input: { userId: string; sessionId: string; card: TTestCardPayment },
): Promise<TTestCardPaymentResult> {
  const provider = testProvider(deps);
  getCheckoutSession(deps, input); // owner check: 404 for anyone else's session
  const result = await callProvider(() =>
    provider.payCheckout({ checkoutSessionId: input.sessionId, card: input.card }),
  );
  return {
    outcome: result.outcome,
    message: result.message,
    redirectUrl: result.outcome === 'succeeded' ? `/payment-success?session_id=${input.sessionId}` : null,
  };
}

export async function openPortal(deps: AppDeps, input: { userId: string }): Promise<{ url: string }> {
  const user = loadUser(deps, input.userId);
  if (deps.payments.name === 'stripe' && !user.stripeCustomerId)
    throw new AppError('no_subscription', 409, 'You have no subscription to manage yet.');
  return callProvider(() => deps.payments.createPortal(checkoutUser(user), '/billing'));
}

export async function updateTestPaymentMethod(
  deps: AppDeps,
  input: { userId: string; card: TTestCardPayment },
): Promise<TSubscription> {
  const provider = testProvider(deps);
  const mirror = liveMirror(deps, input.userId);
  await callProvider(() => provider.updatePaymentMethod({ subscriptionId: mirror.subscriptionId, card: input.card }));
  await reconcileNow(deps, mirror.subscriptionId, input.userId);
  return getSubscription(deps, { userId: input.userId });
}

export function getSubscription(deps: Pick<AppDeps, 'db' | 'payments'>, input: { userId: string }): TSubscription {
  const user = loadUser(deps, input.userId);
  const mirror = mirrorOf(deps, user.id);
  const plans = loadPlans(deps);
  const live = mirror && mirror.status !== 'canceled' ? mirror : null;
  const planRow =
    user.subscriptionTier === 'free'
      ? undefined
      : deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tier, user.subscriptionTier)).get();
  const nextTier = live ? (live.pendingTier ?? live.tier) : null;
  const charges = live !== null && !live.cancelAtPeriodEnd;
  const periodEnd = live?.currentPeriodEnd ?? user.subscriptionCurrentPeriodEnd;
  return {
    provider: deps.payments.name,
    tier: user.subscriptionTier,
    status: live?.status === 'past_due' ? 'past_due' : user.subscriptionStatus,
    planName: planRow?.name ?? null,
    currentPeriodEnd:
      user.subscriptionTier === 'basic' || user.subscriptionTier === 'premium'
        ? (periodEnd?.toISOString() ?? null)
        : null,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    nextChargeAt: charges ? live.currentPeriodEnd.toISOString() : null,
    nextChargeAmount: charges && nextTier ? plans[nextTier].amount : null,
    currency: nextTier ? plans[nextTier].currency : 'GBP',
    pendingTier: live?.pendingTier ?? null,
    paymentMethod: live?.cardBrand && live.cardLast4 ? { brand: live.cardBrand, last4: live.cardLast4 } : null,
    trialEndsAt: (user.trialEndsAt ?? user.freeTrialEndedAt)?.toISOString() ?? null,
  };
}

export async function changePlan(deps: AppDeps, input: { userId: string; tier: TPaidTier }): Promise<TSubscription> {
  const mirror = liveMirror(deps, input.userId, 'You have no active subscription. Choose a plan first.');
  const user = loadUser(deps, input.userId);
  if (mirror.tier === input.tier && !mirror.pendingTier)
    throw new AppError('same_plan', 409, `You already have the ${TIER_NAMES[input.tier]} plan.`);
  if (mirror.pendingTier === input.tier)
    throw new AppError(
      'same_plan',
      409,
      `Your plan already changes to ${TIER_NAMES[input.tier]} at the end of this period.`,
    );
  if (mirror.cancelAtPeriodEnd)
    throw new AppError('billing_conflict', 409, 'Resume your subscription before changing plan.');
  const plans = loadPlans(deps);
  activePlan(deps, input.tier);
  const fromTier = mirror.tier;
  await callProvider(() =>
    deps.payments.changePlan({ subscriptionId: mirror.subscriptionId, toTier: input.tier, plans }),
  );
  await reconcileNow(deps, mirror.subscriptionId, input.userId);
  const after = mirrorOf(deps, input.userId);
  if (fromTier !== input.tier) {
    const immediate = after?.tier === input.tier;
    await sendPlanChangedEmail(deps, {
      user,
      input: {
        fromPlan: plans[fromTier].name,
        toPlan: plans[input.tier].name,
        immediate,
        effectiveAt: immediate ? deps.now() : (after?.currentPeriodEnd ?? null),
      },
    });
  }
  return getSubscription(deps, input);
}

export async function cancelSubscription(deps: AppDeps, input: { userId: string }): Promise<TSubscription> {
  const mirror = liveMirror(deps, input.userId);
  if (mirror.cancelAtPeriodEnd) throw new AppError('already_cancelled', 409, 'Your subscription is already cancelled.');
  await callProvider(() => deps.payments.cancelAtPeriodEnd(mirror.subscriptionId));
  await reconcileNow(deps, mirror.subscriptionId, input.userId);
  const user = loadUser(deps, input.userId);
  await sendSubscriptionCancelledEmail(deps, {
    user,
    input: { planName: loadPlans(deps)[mirror.tier].name, accessUntil: mirror.currentPeriodEnd },
  });
  return getSubscription(deps, input);
}

export async function resumeSubscription(deps: AppDeps, input: { userId: string }): Promise<TSubscription> {
  const mirror = liveMirror(deps, input.userId);
  if (!mirror.cancelAtPeriodEnd) throw new AppError('not_cancelled', 409, 'Your subscription is not set to cancel.');
  await callProvider(() => deps.payments.resume(mirror.subscriptionId));
  await reconcileNow(deps, mirror.subscriptionId, input.userId);
  return getSubscription(deps, input);
}

function toInvoice(row: typeof invoices.$inferSelect): TInvoice {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    tier: row.tier,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    amountRefunded: row.amountRefunded,
    currency: row.currency,
    status: row.status,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    receiptUrl: `/api/billing/invoices/${row.id}/receipt`,
  };
}

export function listInvoices(deps: Pick<AppDeps, 'db'>, input: { userId: string }): TInvoice[] {
  return deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, input.userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .all()
    .map(toInvoice);
}

/** The caller's own invoice row, or 404 (never 403: another reader's ids are not confirmed). */
export function findOwnInvoice(deps: Pick<AppDeps, 'db'>, input: { userId: string; invoiceId: string }) {
  const row = deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.userId, input.userId)))
    .get();
  if (!row) throw notFound('Invoice');
  return row;
}

export async function advanceTestClock(deps: AppDeps, input: { days: number }): Promise<TAdvanceClockReport> {
  const provider = testProvider(deps);
  return provider.advanceClock(input.days);
}
