/**
 * The embedded test-mode payment provider (docs/product/decisions.md#9), used when no Stripe keys are set.
 * It plays the role of the payment company inside the app's database: its subscriptions live in
 * `test_provider_subscriptions`, its invoices and payments in `invoices`/`payments` (provider 'test'),
 * its hosted checkout is the web page /checkout/test/<checkout_sessions.id>, and its clock is the app's
 * clock plus an offset in system_config (`billing_test_clock_offset_ms`) that the admin clock-advance
 * action moves. Every change it makes is announced through the same signed webhook endpoint Stripe
 * would call (Wb-Signature: t=...,v1=HMAC-SHA256("t.rawBody")), delivered in-process after commit.
 *
 * Test cards (like Stripe's): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 declined;
 * 4000 0000 0000 9995 insufficient funds; 4000 0000 0000 0341 can be saved as a payment method but
 * every charge on it fails (to try failed renewals); any other number is declined.
 * Only the card brand and last 4 digits are ever stored.
 */
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { proratedUpgradeAmount, trialBillingStart, type TPaidTier } from '@shared/billing';
import { addMonthsUtc, DAY_MS } from '@shared/entitlement';
import { immediateTransaction, type Db } from '../../db/client';
import {
  checkoutSessions,
  invoices,
  payments,
  subscriptionPlans,
  systemConfig,
  testProviderSubscriptions,
  users,
} from '../../db/schema';
import {
  cardBrand,
  PaymentProviderError,
  signWebhookPayload,
  TEST_SIGNATURE_HEADER,
  verifyWebhookSignature,
  WebhookSignatureError,
  type PaymentsProvider,
  type TBillingEvent,
  type TBillingEventType,
  type TCheckoutPlan,
  type TProviderSubscription,
  type TWebhookDelivery,
} from './payments';

export const CLOCK_OFFSET_KEY = 'billing_test_clock_offset_ms';
/** A failed renewal keeps the subscription past_due this long before the provider gives up. */
export const GRACE_DAYS = 3;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
} as const;

const CARD_SUCCEEDS = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
const CARD_INSUFFICIENT = '4000000000009995';
/** Attaches as a payment method; every later charge fails (Stripe's 4000 0000 0000 0341). */
const CARD_ATTACH_THEN_FAIL = '4000000000000341';

type TCardOutcome = 'succeeded' | 'declined' | 'insufficient_funds';
export interface TCardInput {
  cardNumber: string;
  expiry: string;
}

type TSubRow = typeof testProviderSubscriptions.$inferSelect;

interface TPendingEvent {
  type: string;
  object: Record<string, unknown>;
}

export interface TAdvanceClockReport {
  days: number;
  /** The provider's clock after the move (ISO). */
  providerNow: string;
  offsetDays: number;
  renewed: { userId: string | null; subscriptionId: string; tier: TPaidTier; invoiceNumber: string }[];
  failedRenewals: { userId: string | null; subscriptionId: string; invoiceNumber: string; message: string }[];
  ended: { userId: string | null; subscriptionId: string; reason: 'cancelled_at_period_end' | 'payment_failed' }[];
  downgraded: { userId: string | null; subscriptionId: string; from: TPaidTier; to: TPaidTier }[];
}

export interface SimulatedPaymentsProvider extends PaymentsProvider {
  readonly name: 'test';
  /** The hosted page's card form. */
  payCheckout(input: {
    checkoutSessionId: string;
    card: TCardInput;
  }): Promise<{ outcome: TCardOutcome; message: string }>;
  /** Replaces the saved card (and retries an unpaid renewal). */
  updatePaymentMethod(input: { subscriptionId: string; card: TCardInput }): Promise<void>;
  advanceClock(days: number): Promise<TAdvanceClockReport>;
  providerNow(): Date;
}

function cardOutcome(card: TCardInput, at: Date, forCharge: boolean): { outcome: TCardOutcome; message: string } {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (match) {
    // Valid through the last day of the expiry month.
    const expiresAt = Date.UTC(2000 + Number(match[2]), Number(match[1]), 1);
    if (expiresAt <= at.getTime()) return { outcome: 'declined', message: CARD_MESSAGES.expired };
  }
  if (card.cardNumber === CARD_SUCCEEDS) return { outcome: 'succeeded', message: 'Payment succeeded.' };
  if (card.cardNumber === CARD_INSUFFICIENT)
    return { outcome: 'insufficient_funds', message: CARD_MESSAGES.insufficient_funds };
  if (card.cardNumber === CARD_ATTACH_THEN_FAIL && !forCharge) return { outcome: 'succeeded', message: 'Card saved.' };
  void CARD_DECLINED;
  return { outcome: 'declined', message: CARD_MESSAGES.declined };
}

/** A charge on a saved card (renewals, upgrades): only the 0341 card fails once saved. */
function savedCardCharges(row: Pick<TSubRow, 'cardLast4'>): boolean {
  return row.cardLast4 !== CARD_ATTACH_THEN_FAIL.slice(-4);
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const periodText = (start: Date, end: Date) => `${DATE_FORMAT.format(start)} – ${DATE_FORMAT.format(end)}`;

export function createSimulatedPaymentsProvider(options: {
  db: Db;
  now: () => Date;
  webhookSecret: string;
}): SimulatedPaymentsProvider {
  const { db, webhookSecret } = options;
  let deliver: TWebhookDelivery | null = null;

  const offsetMs = () => {
    const raw = db
      .select({ value: systemConfig.value })
      .from(systemConfig)
      .where(eq(systemConfig.key, CLOCK_OFFSET_KEY))
      .get()?.value;
    const value = Number(raw);
    return Number.isFinite(value) ? value : 0;
  };
  const providerNow = () => new Date(options.now().getTime() + offsetMs());

  function planFor(tier: TPaidTier): TCheckoutPlan {
    const plan = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tier, tier)).get();
    if (!plan) throw new PaymentProviderError(409, 'This plan is not available.');
    return { tier, name: plan.name, amount: plan.priceAmount, currency: plan.currency };
  }

  function nextInvoiceNumber(at: Date): string {
    const total = db.select({ n: count() }).from(invoices).get()?.n ?? 0;
    return `WB-${at.getUTCFullYear()}-${String(total + 1).padStart(6, '0')}`;
  }

  /** Writes an invoice (and its payment) as the provider issues it; returns the invoice row. */
  function issueInvoice(input: {
    userId: string | null;
    tier: TPaidTier;
    amount: number;
    currency: string;
    description: string;
    periodStart: Date;
    periodEnd: Date;
    paid: boolean;
    failureReason?: string;
    at: Date;
  }) {
    const user = input.userId ? db.select().from(users).where(eq(users.id, input.userId)).get() : undefined;
    const providerInvoiceId = `in_test_${crypto.randomUUID()}`;
    const invoice = db
      .insert(invoices)
      .values({
        userId: input.userId,
        number: nextInvoiceNumber(input.at),
        provider: 'test',
        providerInvoiceId,
        tier: input.tier,
        description: input.description,
        amountDue: input.amount,
        amountPaid: input.paid ? input.amount : 0,
        currency: input.currency,
        status: input.paid ? 'paid' : 'open',
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        customerName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || null : null,
        customerEmail: user?.email ?? 'unknown@invalid',
        issuedAt: input.at,
        paidAt: input.paid ? input.at : null,
      })
      .returning()
      .get();
    db.insert(payments)
      .values({
        userId: input.userId,
        invoiceId: invoice.id,
        provider: 'test',
        providerPaymentId: `pi_test_${crypto.randomUUID()}`,
        tier: input.tier,
        amount: input.amount,
        currency: input.currency,
        status: input.paid ? 'succeeded' : 'failed',
        description: input.description,
        failureReason: input.failureReason ?? null,
        paidAt: input.paid ? input.at : null,
      })
      .run();
    return invoice;
  }

  const subscriptionObject = (row: TSubRow) => ({
    id: row.subscriptionId,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    metadata: { userId: row.userId },
  });

  const invoiceEvent = (type: string, row: TSubRow, providerInvoiceId: string): TPendingEvent => ({
    type,
    object: {
      id: providerInvoiceId,
      object: 'invoice',
      subscription: row.subscriptionId,
      customer: row.customerId,
      metadata: { userId: row.userId },
    },
  });

  /** Signs and delivers each event to the app's webhook handler, in order, after the provider's commit. */
  async function emit(events: TPendingEvent[]): Promise<void> {
    for (const event of events) {
      const body = JSON.stringify({
        id: `evt_test_${crypto.randomUUID()}`,
        object: 'event',
        type: event.type,
        created: Math.floor(providerNow().getTime() / 1000),
        data: { object: event.object },
      });
      // Signed with the app's real clock: the signature window is about delivery, not the simulated time.
      const header = signWebhookPayload(body, webhookSecret, Math.floor(options.now().getTime() / 1000));
      if (deliver) await deliver(body, { [TEST_SIGNATURE_HEADER]: header, 'content-type': 'application/json' });
    }
  }

  function findSub(subscriptionId: string): TSubRow {
    const row = db
      .select()
      .from(testProviderSubscriptions)
      .where(eq(testProviderSubscriptions.subscriptionId, subscriptionId))
      .get();
    if (!row) throw new PaymentProviderError(404, 'Subscription not found');
    return row;
  }

  function toRecord(row: TSubRow): TProviderSubscription {
    return {
      provider: 'test',
      subscriptionId: row.subscriptionId,
      customerId: row.customerId,
      userId: row.userId,
      tier: row.tier,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      pendingTier: row.pendingTier,
      card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      graceEndsAt: row.graceEndsAt,
      endedAt: row.endedAt,
      trialEnd: row.trialEnd,
    };
  }

  /** One renewal (or end) of a subscription whose period has ended at provider time `at`. */
  function rollOver(row: TSubRow, at: Date, report: TAdvanceClockReport, events: TPendingEvent[]): TSubRow | null {
    if (row.status === 'canceled') return null;
    if (row.status === 'past_due' && row.graceEndsAt && row.graceEndsAt <= at) {
      const ended = db
        .update(testProviderSubscriptions)
        .set({ status: 'canceled', endedAt: row.graceEndsAt, updatedAt: at })
        .where(eq(testProviderSubscriptions.id, row.id))
        .returning()
        .get();
      report.ended.push({ userId: row.userId, subscriptionId: row.subscriptionId, reason: 'payment_failed' });
      events.push({ type: 'customer.subscription.deleted', object: subscriptionObject(ended) });
      return null;
    }
    if (row.currentPeriodEnd > at) return null;
    if (row.cancelAtPeriodEnd) {
      const ended = db
        .update(testProviderSubscriptions)
        .set({ status: 'canceled', endedAt: row.currentPeriodEnd, updatedAt: at })
        .where(eq(testProviderSubscriptions.id, row.id))
        .returning()
        .get();
      report.ended.push({ userId: row.userId, subscriptionId: row.subscriptionId, reason: 'cancelled_at_period_end' });
      events.push({ type: 'customer.subscription.deleted', object: subscriptionObject(ended) });
      return null;
    }
    if (row.status === 'past_due') return null; // waits for the grace end above or a new card
    const tier = row.pendingTier ?? row.tier;
    if (row.pendingTier && row.pendingTier !== row.tier) {
      report.downgraded.push({
        userId: row.userId,
        subscriptionId: row.subscriptionId,
        from: row.tier,
        to: row.pendingTier,
      });
    }
    const plan = planFor(tier);
    const periodStart = row.currentPeriodEnd;
    const periodEnd = new Date(addMonthsUtc(periodStart.getTime(), 1));
    const paid = savedCardCharges(row);
    const invoice = issueInvoice({
      userId: row.userId,
      tier,
      amount: plan.amount,
      currency: plan.currency,
      description: `${plan.name} renewal, ${periodText(periodStart, periodEnd)}${tier !== row.tier ? ` (downgraded from ${planFor(row.tier).name})` : ''}`,
      periodStart,
      periodEnd,
      paid,
      failureReason: paid ? undefined : CARD_MESSAGES.declined,
      at: periodStart,
    });
    const next = db
      .update(testProviderSubscriptions)
      .set({
        tier,
        pendingTier: null,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        status: paid ? 'active' : 'past_due',
        graceEndsAt: paid ? null : new Date(periodStart.getTime() + GRACE_DAYS * DAY_MS),
        updatedAt: at,
      })
      .where(eq(testProviderSubscriptions.id, row.id))
      .returning()
      .get();
    events.push({ type: 'customer.subscription.updated', object: subscriptionObject(next) });
    if (paid) {
      report.renewed.push({
        userId: row.userId,
        subscriptionId: row.subscriptionId,
        tier,
        invoiceNumber: invoice.number,
      });
      events.push(invoiceEvent('invoice.paid', next, invoice.providerInvoiceId!));
    } else {
      report.failedRenewals.push({
        userId: row.userId,
        subscriptionId: row.subscriptionId,
        invoiceNumber: invoice.number,
        message: CARD_MESSAGES.declined,
      });
      events.push(invoiceEvent('invoice.payment_failed', next, invoice.providerInvoiceId!));
    }
    return next;
  }

  const provider: SimulatedPaymentsProvider = {
    name: 'test',
    providerNow,

    connectWebhook(handler) {
      deliver = handler;
    },

    async createCheckout({ checkoutSessionId }) {
      return { url: `/checkout/test/${checkoutSessionId}`, providerSessionId: `cs_test_${checkoutSessionId}` };
    },

    async createPortal() {
      // No hosted portal in test mode: the billing page's own payment-method form stands in for it.
      return { url: '/billing?payment-method=update' };
    },

    async payCheckout({ checkoutSessionId, card }) {
      const events: TPendingEvent[] = [];
      const result = immediateTransaction(db, () => {
        const at = providerNow();
        const session = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId)).get();
        if (session?.provider !== 'test') throw new PaymentProviderError(404, 'Checkout session not found');
        if (session.status !== 'open' || session.expiresAt <= options.now()) {
          throw new PaymentProviderError(
            409,
            session.status === 'completed'
              ? 'This checkout has already been paid.'
              : 'This checkout has expired. Start again from the plans page.',
          );
        }
        const decision = cardOutcome(card, at, true);
        if (decision.outcome !== 'succeeded') {
          db.update(checkoutSessions)
            .set({ lastError: decision.message, updatedAt: options.now() })
            .where(eq(checkoutSessions.id, session.id))
            .run();
          return decision;
        }
        const live = db
          .select()
          .from(testProviderSubscriptions)
          .where(
            and(
              eq(testProviderSubscriptions.userId, session.userId),
              inArray(testProviderSubscriptions.status, ['active', 'past_due']),
            ),
          )
          .get();
        if (live)
          throw new PaymentProviderError(
            409,
            'You already have a subscription. Change your plan from the billing page.',
          );
        const previous = db
          .select()
          .from(testProviderSubscriptions)
          .where(eq(testProviderSubscriptions.userId, session.userId))
          .get();
        const plan = planFor(session.tier);
        const user = db.select().from(users).where(eq(users.id, session.userId)).get();
        const wasTrial = user?.subscriptionTier === 'trial';
        // Bought during a trial: the plan starts now, the first period runs to the trial's end and costs nothing,
        // and the first charge is the renewal then (docs/product/trial-policy.md#converting-a-trial).
        const billingStart = user ? trialBillingStart(user, at.getTime()) : null;
        const periodEnd = new Date(billingStart ?? addMonthsUtc(at.getTime(), 1));
        const row = db
          .insert(testProviderSubscriptions)
          .values({
            subscriptionId: `sub_test_${crypto.randomUUID()}`,
            customerId: previous?.customerId ?? `cus_test_${crypto.randomUUID()}`,
            userId: session.userId,
            tier: session.tier,
            status: 'active',
            currentPeriodStart: at,
            currentPeriodEnd: periodEnd,
            cardBrand: cardBrand(card.cardNumber),
            cardLast4: card.cardNumber.slice(-4),
            trialEnd: billingStart ? periodEnd : null,
            createdAt: at,
            updatedAt: at,
          })
          .returning()
          .get();
        const invoice = issueInvoice({
          userId: session.userId,
          tier: session.tier,
          amount: billingStart ? 0 : plan.amount,
          currency: plan.currency,
          description: billingStart
            ? `${plan.name}, ${periodText(at, periodEnd)} (rest of the free trial, no charge)`
            : `${plan.name}, ${periodText(at, periodEnd)}${wasTrial ? ' (converted from the free trial)' : ''}`,
          periodStart: at,
          periodEnd,
          paid: true,
          at,
        });
        db.update(checkoutSessions)
          .set({ status: 'completed', completedAt: options.now(), lastError: null, updatedAt: options.now() })
          .where(eq(checkoutSessions.id, session.id))
          .run();
        events.push({
          type: 'checkout.session.completed',
          object: {
            id: session.providerSessionId,
            object: 'checkout.session',
            subscription: row.subscriptionId,
            customer: row.customerId,
            client_reference_id: session.userId,
            metadata: { userId: session.userId, checkoutSessionId: session.id, tier: session.tier },
          },
        });
        events.push(invoiceEvent('invoice.paid', row, invoice.providerInvoiceId!));
        return decision;
      });
      await emit(events);
      return result;
    },

    async updatePaymentMethod({ subscriptionId, card }) {
      const events: TPendingEvent[] = [];
      immediateTransaction(db, () => {
        const at = providerNow();
        const row = findSub(subscriptionId);
        const decision = cardOutcome(card, at, false);
        if (decision.outcome !== 'succeeded') throw new PaymentProviderError(402, decision.message);
        let next = db
          .update(testProviderSubscriptions)
          .set({ cardBrand: cardBrand(card.cardNumber), cardLast4: card.cardNumber.slice(-4), updatedAt: at })
          .where(eq(testProviderSubscriptions.id, row.id))
          .returning()
          .get();
        // A past-due renewal is retried at once with the new card.
        if (next.status === 'past_due' && savedCardCharges(next)) {
          const open = db
            .select()
            .from(invoices)
            .where(
              and(eq(invoices.provider, 'test'), eq(invoices.userId, next.userId ?? ''), eq(invoices.status, 'open')),
            )
            .all();
          for (const invoice of open) {
            db.update(invoices)
              .set({ status: 'paid', amountPaid: invoice.amountDue, paidAt: at, updatedAt: at })
              .where(eq(invoices.id, invoice.id))
              .run();
            db.insert(payments)
              .values({
                userId: invoice.userId,
                invoiceId: invoice.id,
                provider: 'test',
                providerPaymentId: `pi_test_${crypto.randomUUID()}`,
                tier: invoice.tier,
                amount: invoice.amountDue,
                currency: invoice.currency,
                status: 'succeeded',
                description: `${invoice.description} (retried)`,
                paidAt: at,
              })
              .run();
            events.push(invoiceEvent('invoice.paid', next, invoice.providerInvoiceId!));
          }
          next = db
            .update(testProviderSubscriptions)
            .set({ status: 'active', graceEndsAt: null, updatedAt: at })
            .where(eq(testProviderSubscriptions.id, row.id))
            .returning()
            .get();
        }
        events.unshift({ type: 'customer.subscription.updated', object: subscriptionObject(next) });
      });
      await emit(events);
    },

    async changePlan({ subscriptionId, toTier, plans }) {
      const events: TPendingEvent[] = [];
      immediateTransaction(db, () => {
        const at = providerNow();
        const row = findSub(subscriptionId);
        if (row.status === 'canceled') throw new PaymentProviderError(409, 'This subscription has ended.');
        let next: TSubRow;
        if (toTier === row.tier) {
          // Going back to the current tier undoes a scheduled downgrade.
          next = db
            .update(testProviderSubscriptions)
            .set({ pendingTier: null, updatedAt: at })
            .where(eq(testProviderSubscriptions.id, row.id))
            .returning()
            .get();
        } else if (toTier === 'premium') {
          // Upgrade now: charge the price difference for the rest of the current period (prorated).
          if (row.status !== 'active')
            throw new PaymentProviderError(409, 'Settle the unpaid invoice before changing plan.');
          const amount = proratedUpgradeAmount({
            fromAmount: plans.basic.amount,
            toAmount: plans.premium.amount,
            periodStart: row.currentPeriodStart.getTime(),
            periodEnd: row.currentPeriodEnd.getTime(),
            at: at.getTime(),
          });
          if (!savedCardCharges(row)) throw new PaymentProviderError(402, CARD_MESSAGES.declined);
          next = db
            .update(testProviderSubscriptions)
            .set({ tier: 'premium', pendingTier: null, updatedAt: at })
            .where(eq(testProviderSubscriptions.id, row.id))
            .returning()
            .get();
          const invoice = issueInvoice({
            userId: row.userId,
            tier: 'premium',
            amount,
            currency: plans.premium.currency,
            description: `Upgrade from ${plans.basic.name} to ${plans.premium.name} (prorated), ${periodText(at, row.currentPeriodEnd)}`,
            periodStart: at,
            periodEnd: row.currentPeriodEnd,
            paid: true,
            at,
          });
          events.push(invoiceEvent('invoice.paid', next, invoice.providerInvoiceId!));
        } else {
          // Downgrade at the period end.
          next = db
            .update(testProviderSubscriptions)
            .set({ pendingTier: toTier, updatedAt: at })
            .where(eq(testProviderSubscriptions.id, row.id))
            .returning()
            .get();
        }
        events.unshift({ type: 'customer.subscription.updated', object: subscriptionObject(next) });
      });
      await emit(events);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await setCancel(subscriptionId, true);
    },

    async cancelNow(subscriptionId) {
      const events: TPendingEvent[] = [];
      immediateTransaction(db, () => {
        const at = providerNow();
        const row = findSub(subscriptionId);
        if (row.status === 'canceled') throw new PaymentProviderError(409, 'This subscription has ended.');
        const ended = db
          .update(testProviderSubscriptions)
          .set({ status: 'canceled', endedAt: at, pendingTier: null, updatedAt: at })
          .where(eq(testProviderSubscriptions.id, row.id))
          .returning()
          .get();
        events.push({ type: 'customer.subscription.deleted', object: subscriptionObject(ended) });
      });
      await emit(events);
    },

    async refundInvoice({ providerInvoiceId, amount }) {
      // The provider's side of a refund: the invoice must be its own and paid, with that much left to give back.
      // The app writes the refunds row and the invoice's refunded total from the answer, as it does for Stripe.
      const invoice = db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, 'test'), eq(invoices.providerInvoiceId, providerInvoiceId)))
        .get();
      if (!invoice) throw new PaymentProviderError(404, 'Invoice not found');
      if (invoice.status !== 'paid') throw new PaymentProviderError(409, 'Only a paid invoice can be refunded.');
      if (amount > invoice.amountPaid - invoice.amountRefunded)
        throw new PaymentProviderError(409, 'The refund is more than is left to refund on this invoice.');
      return { providerRefundId: `re_test_${crypto.randomUUID()}` };
    },

    async resume(subscriptionId) {
      await setCancel(subscriptionId, false);
    },

    verifyWebhook(rawBody, headers) {
      verifyWebhookSignature(rawBody, headers[TEST_SIGNATURE_HEADER], webhookSecret, options.now());
      let parsed: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      if (typeof parsed.id !== 'string' || typeof parsed.type !== 'string')
        throw new WebhookSignatureError('Webhook body is not an event');
      const object = parsed.data?.object ?? {};
      const metadata = (object.metadata ?? {}) as Record<string, unknown>;
      const str = (value: unknown) => (typeof value === 'string' ? value : null);
      const types: Record<string, TBillingEventType> = {
        'checkout.session.completed': 'checkout.completed',
        'invoice.paid': 'invoice.paid',
        'invoice.payment_failed': 'invoice.payment_failed',
        'customer.subscription.updated': 'subscription.updated',
        'customer.subscription.deleted': 'subscription.deleted',
      };
      const type = types[parsed.type] ?? 'ignored';
      return {
        provider: 'test',
        id: parsed.id,
        type,
        providerType: parsed.type,
        subscriptionId: object.object === 'subscription' ? str(object.id) : str(object.subscription),
        customerId: str(object.customer),
        userId: str(metadata.userId),
        checkoutSessionId: str(metadata.checkoutSessionId),
        invoiceId: object.object === 'invoice' ? str(object.id) : null,
        payload: parsed,
      } satisfies TBillingEvent;
    },

    async retrieveSubscription(subscriptionId) {
      const row = db
        .select()
        .from(testProviderSubscriptions)
        .where(eq(testProviderSubscriptions.subscriptionId, subscriptionId))
        .get();
      return row ? toRecord(row) : null;
    },

    async retrieveInvoice() {
      // Test-mode invoices are written straight into the invoices table by this provider.
      return null;
    },

    async advanceClock(days) {
      const events: TPendingEvent[] = [];
      const report = immediateTransaction(db, () => {
        const offset = offsetMs() + days * DAY_MS;
        const value = String(offset);
        db.insert(systemConfig)
          .values({
            key: CLOCK_OFFSET_KEY,
            value,
            dataType: 'number',
            isEditable: false,
            category: 'billing',
            description: 'Test-mode payment provider clock offset (ms)',
          })
          .onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedAt: options.now() } })
          .run();
        const at = providerNow();
        const report: TAdvanceClockReport = {
          days,
          providerNow: at.toISOString(),
          offsetDays: Math.round(offset / DAY_MS),
          renewed: [],
          failedRenewals: [],
          ended: [],
          downgraded: [],
        };
        const due = db
          .select()
          .from(testProviderSubscriptions)
          .where(
            and(
              inArray(testProviderSubscriptions.status, ['active', 'past_due']),
              lte(testProviderSubscriptions.currentPeriodStart, at),
            ),
          )
          .all();
        for (const start of due) {
          let row: TSubRow | null = start;
          // Several periods may have passed; each renewal is its own invoice. Bounded by the 400-day cap.
          for (let guard = 0; row && guard < 20; guard += 1) row = rollOver(row, at, report, events);
        }
        return report;
      });
      await emit(events);
      return report;
    },
  };

  async function setCancel(subscriptionId: string, cancel: boolean) {
    const events: TPendingEvent[] = [];
    immediateTransaction(db, () => {
      const row = findSub(subscriptionId);
      if (row.status === 'canceled') throw new PaymentProviderError(409, 'This subscription has ended.');
      const next = db
        .update(testProviderSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: providerNow() })
        .where(eq(testProviderSubscriptions.id, row.id))
        .returning()
        .get();
      events.push({ type: 'customer.subscription.updated', object: subscriptionObject(next) });
    });
    await emit(events);
  }

  return provider;
}

export function isSimulatedProvider(provider: PaymentsProvider): provider is SimulatedPaymentsProvider {
  return provider.name === 'test' && 'advanceClock' in provider;
}
