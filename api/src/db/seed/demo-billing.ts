/**
 * Gives the seeded Basic and Premium demo readers a real subscription at the embedded test-mode
 * payment provider (docs/product/decisions.md#9): the provider's record, the app's mirror of it and the paid
 * invoice of the current period, exactly what a checkout with the 4242 card leaves behind. Without
 * it the billing page would show a paid plan with no next charge, and plan changes or cancellation
 * would have nothing to act on. Skipped when Stripe is configured (its records live at Stripe).
 * Idempotent: a demo reader who already has a billing record is left alone.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { addMonthsUtc, DAY_MS } from '@shared/entitlement';
import type { Db } from '../client';
import {
  billingSubscriptions,
  invoices,
  payments,
  subscriptionPlans,
  testProviderSubscriptions,
  users,
} from '../schema';
import { DEMO_ACCOUNT_SPECS, demoEmail } from './users';

export function seedDemoSubscriptions(db: Db, now: Date): number {
  const emails = DEMO_ACCOUNT_SPECS.filter((spec) => spec.state === 'basic' || spec.state === 'premium').map(demoEmail);
  const readers = db.select().from(users).where(inArray(users.email, emails)).all();
  const prices = new Map(
    db
      .select({ tier: subscriptionPlans.tier, amount: subscriptionPlans.priceAmount, name: subscriptionPlans.name })
      .from(subscriptionPlans)
      .all()
      .map((plan) => [plan.tier, plan]),
  );
  let created = 0;
  for (const reader of readers) {
    const tier = reader.subscriptionTier;
    if ((tier !== 'basic' && tier !== 'premium') || reader.subscriptionStatus !== 'active') continue;
    if (
      db
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, reader.id))
        .get()
    )
      continue;
    const periodEnd = reader.subscriptionCurrentPeriodEnd;
    // A long-lived data folder whose demo period has already ended keeps its (lapsed) state.
    if (!periodEnd || periodEnd.getTime() <= now.getTime() + DAY_MS) continue;
    const periodStart = new Date(addMonthsUtc(periodEnd.getTime(), -1));
    const plan = prices.get(tier);
    const subscriptionId = `sub_test_${crypto.randomUUID()}`;
    const customerId = `cus_test_${crypto.randomUUID()}`;
    const card = { cardBrand: 'visa', cardLast4: '4242' };
    db.insert(testProviderSubscriptions)
      .values({
        subscriptionId,
        customerId,
        userId: reader.id,
        tier,
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        ...card,
      })
      .run();
    db.insert(billingSubscriptions)
      .values({
        userId: reader.id,
        provider: 'test',
        customerId,
        subscriptionId,
        tier,
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        cycleResetPeriodStart: periodStart,
        ...card,
      })
      .run();
    db.update(users)
      .set({ stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId })
      .where(eq(users.id, reader.id))
      .run();
    const amount = plan?.amount ?? 0;
    const description = `${plan?.name ?? tier} plan, ${periodStart.toISOString().slice(0, 10)} to ${periodEnd.toISOString().slice(0, 10)}`;
    const sequence = (db.select({ n: count() }).from(invoices).get()?.n ?? 0) + 1;
    const invoice = db
      .insert(invoices)
      .values({
        userId: reader.id,
        number: `WB-${periodStart.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`,
        provider: 'test',
        providerInvoiceId: `in_test_${crypto.randomUUID()}`,
        tier,
        description,
        amountDue: amount,
        amountPaid: amount,
        status: 'paid',
        periodStart,
        periodEnd,
        customerName: [reader.firstName, reader.lastName].filter(Boolean).join(' ') || null,
        customerEmail: reader.email,
        issuedAt: periodStart,
        paidAt: periodStart,
      })
      .returning({ id: invoices.id })
      .get();
    db.insert(payments)
      .values({
        userId: reader.id,
        invoiceId: invoice.id,
        provider: 'test',
        providerPaymentId: `pi_test_${crypto.randomUUID()}`,
        tier,
        amount,
        status: 'succeeded',
        description,
        paidAt: periodStart,
      })
      .run();
    created += 1;
  }
  return created;
}
