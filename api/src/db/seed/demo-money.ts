/**
 * A year of demo business for the back office (docs/product/metrics.md): DEMO_MONEY_READERS readers who signed up over
 * the last twelve months (more of them lately), took the 7-day trial, and most of whom subscribed, renewed monthly,
 * upgraded, downgraded, cancelled or were refunded, plus their reading sessions and marketing consent. Everything is
 * written as the test-mode provider and the billing reconcile would have left it: invoices and payments, refunds,
 * mrr_movements (one chain per reader, so every report adds up), the provider's and the app's subscription records for
 * the subscriptions still running (so renewals, cancellations and refunds work on them), the users' subscription
 * columns and the billing audit events the subscription history shows.
 *
 * Deterministic (a fixed PRNG seed; dates relative to the seeding day) and idempotent: nothing is written when the
 * first demo reader exists. Skipped with Stripe, whose records live at Stripe. Takes a few hundred milliseconds.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { addMonthsUtc, DAY_MS } from '@shared/entitlement';
import { mrrMovementKind, monthlyRecurringAmount } from '@shared/mrr';
import type { Db } from '../client';
import {
  auditLogs,
  billingSubscriptions,
  books,
  emailPreferences,
  invoices,
  mrrMovements,
  payments,
  readingSessions,
  refunds,
  subscriptionPlans,
  testProviderSubscriptions,
  users,
} from '../schema';
import { createPrng } from './prng';

export const DEMO_MONEY_READERS = 300;
export const DEMO_READER_DOMAIN = 'readers.demo.wonderfulbooks.local';
const SEED = 0x5eed_0016;
const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Mary',
  'Tim',
  'Rosalind',
  'Isaac',
  'Jane',
  'Charles',
  'Emmy',
  'Niels',
];
const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Pauling',
  'Somerville',
  'Berners-Lee',
  'Franklin',
  'Newton',
  'Austen',
  'Babbage',
  'Noether',
  'Bohr',
];

type TTier = 'basic' | 'premium';

export function demoReaderEmail(index: number): string {
  return `reader${String(index + 1).padStart(3, '0')}@${DEMO_READER_DOMAIN}`;
}

const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

export function seedDemoMoney(db: Db, now: Date): number {
  if (
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoReaderEmail(0)))
      .get()
  )
    return 0;
  const plans = new Map(
    db
      .select()
      .from(subscriptionPlans)
      .all()
      .map((plan) => [plan.tier, plan]),
  );
  const price = (tier: TTier) => {
    const plan = plans.get(tier);
    return plan ? monthlyRecurringAmount(plan) : tier === 'basic' ? 599 : 999;
  };
  const planName = (tier: TTier) => plans.get(tier)?.name ?? (tier === 'basic' ? 'Basic Plan' : 'Premium Plan');
  const bookIds = db
    .select({ id: books.id })
    .from(books)
    .limit(40)
    .all()
    .map((row) => row.id);
  const random = createPrng(SEED);
  // Rows are collected and written table by table in batches: one statement per 100 rows keeps the seed quick.
  const rows = {
    users: [] as (typeof users.$inferInsert)[],
    preferences: [] as (typeof emailPreferences.$inferInsert)[],
    sessions: [] as (typeof readingSessions.$inferInsert)[],
    invoices: [] as (typeof invoices.$inferInsert)[],
    payments: [] as (typeof payments.$inferInsert)[],
    refunds: [] as (typeof refunds.$inferInsert)[],
    movements: [] as (typeof mrrMovements.$inferInsert)[],
    audits: [] as (typeof auditLogs.$inferInsert)[],
    providerSubscriptions: [] as (typeof testProviderSubscriptions.$inferInsert)[],
    mirrors: [] as (typeof billingSubscriptions.$inferInsert)[],
  };
  const nowMs = now.getTime();
  let invoiceSequence = 0;
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);

  for (let index = 0; index < DEMO_MONEY_READERS; index += 1) {
    // More sign-ups lately: a power above 1 skews the ages towards today.
    const signup = Math.min(
      nowMs - 60_000,
      nowMs - Math.floor(random.next() ** 1.6 * 365 * DAY_MS) - random.int(0, DAY_MS - 1),
    );
    const trialEnd = signup + 7 * DAY_MS;
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length];
    const lastName = random.pick(LAST_NAMES);
    const email = demoReaderEmail(index);
    const user = { id: crypto.randomUUID() };
    const userRow: typeof users.$inferInsert = {
      id: user.id,
      email,
      firstName,
      lastName,
      username: `demo_reader_${index + 1}`,
      emailVerified: true,
      subscriptionTier: 'trial',
      subscriptionStatus: 'active',
      freeTrialUsed: true,
      trialStartedAt: new Date(signup),
      trialEndsAt: new Date(trialEnd),
      freeTrialStartedAt: new Date(signup),
      freeTrialEndedAt: new Date(trialEnd),
      createdAt: new Date(signup),
      updatedAt: new Date(signup),
    };
    rows.users.push(userRow);
    rows.preferences.push({
      userId: user.id,
      email,
      unsubscribeToken: randomToken(),
      marketingEmails: random.chance(0.3),
      createdAt: new Date(signup),
      updatedAt: new Date(signup),
    });

    // Reading: a few sessions a week while they had access, heavier in the last fortnight.
    if (bookIds.length > 0) {
      const sessions = random.int(2, 14);
      for (let s = 0; s < sessions; s += 1) {
        const recent = random.chance(0.6);
        const startedAt = recent
          ? nowMs - random.int(0, 14 * DAY_MS)
          : signup + random.int(0, Math.max(1, nowMs - signup));
        if (startedAt < signup || startedAt > nowMs - 60 * 60_000) continue;
        const minutes = random.int(5, 70);
        rows.sessions.push({
          userId: user.id,
          bookId: random.pick(bookIds),
          startedAt: new Date(startedAt),
          endedAt: new Date(startedAt + minutes * 60_000),
          device: random.pick(['web-desktop', 'web-phone', 'web-tablet']),
          createdAt: new Date(startedAt),
          updatedAt: new Date(startedAt),
        });
      }
    }

    // 65% choose a plan in the last days of their trial (or as it ends), if that moment has come. Bought during the
    // trial, the rest of it is free (a £0.00 invoice) and the first charge, which starts their MRR, is at its end
    // (docs/product/metrics.md#converted-trials); some are still in those free days today.
    const convertsAt = trialEnd - random.int(0, 3) * DAY_MS;
    if (convertsAt > nowMs || !random.chance(0.65)) continue;
    let tier: TTier = random.chance(0.4) ? 'premium' : 'basic';
    let mrr = 0;
    let tierBefore: 'trial' | 'free' | TTier = 'trial';
    const subscriptionId = `sub_test_demo_${index + 1}`;
    const customerId = `cus_test_demo_${index + 1}`;
    const customerName = `${firstName} ${lastName}`;

    const audit = (action: string, at: number, details: Record<string, unknown>) =>
      rows.audits.push({
        action,
        resource: 'subscription',
        resourceId: subscriptionId,
        userId: user.id,
        details: { provider: 'test', ...details },
        createdAt: new Date(at),
      });
    const move = (at: number, next: number, afterTier: 'free' | TTier) => {
      const kind = mrrMovementKind(mrr, next);
      if (!kind) return;
      rows.movements.push({
        userId: user.id,
        subscriptionId,
        kind,
        tierBefore,
        tierAfter: afterTier,
        mrrBefore: mrr,
        mrrAfter: next,
        currency: 'GBP',
        occurredAt: new Date(at),
      });
      mrr = next;
      tierBefore = afterTier;
    };
    const invoice = (at: number, invoiceTier: TTier, amount: number, description: string, periodEnd: number) => {
      invoiceSequence += 1;
      const row = { id: crypto.randomUUID() };
      const invoiceRow: typeof invoices.$inferInsert = {
        id: row.id,
        userId: user.id,
        number: `WB-D${new Date(at).getUTCFullYear()}-${String(invoiceSequence).padStart(6, '0')}`,
        provider: 'test',
        providerInvoiceId: `in_test_demo_${invoiceSequence}`,
        tier: invoiceTier,
        description,
        amountDue: amount,
        amountPaid: amount,
        status: 'paid',
        periodStart: new Date(at),
        periodEnd: new Date(periodEnd),
        customerName,
        customerEmail: email,
        issuedAt: new Date(at),
        paidAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      };
      rows.invoices.push(invoiceRow);
      // About one invoice in forty is refunded a few days later, half of them in full.
      const refundAt = at + random.int(1, 6) * DAY_MS;
      const refunded =
        random.chance(0.025) && refundAt < nowMs ? (random.chance(0.5) ? amount : Math.round(amount / 2)) : 0;
      rows.payments.push({
        userId: user.id,
        invoiceId: row.id,
        provider: 'test',
        providerPaymentId: `pi_test_demo_${invoiceSequence}`,
        tier: invoiceTier,
        amount,
        status: refunded === amount && amount > 0 ? 'refunded' : 'succeeded',
        description,
        paidAt: new Date(at),
        refundedAt: refunded === amount && amount > 0 ? new Date(refundAt) : null,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
      if (refunded > 0) {
        rows.refunds.push({
          invoiceId: row.id,
          userId: user.id,
          provider: 'test',
          providerRefundId: `re_test_demo_${invoiceSequence}`,
          tier: invoiceTier,
          amount: refunded,
          reason: random.pick(['Charged after cancelling', 'Could not open a book', 'Goodwill', null]),
          createdAt: new Date(refundAt),
        });
        invoiceRow.amountRefunded = refunded;
      }
    };

    const freeDays = convertsAt < trialEnd;
    let periodStart = convertsAt;
    let periodEnd = freeDays ? trialEnd : addMonthsUtc(periodStart, 1);
    if (freeDays) {
      invoice(
        periodStart,
        tier,
        0,
        `${planName(tier)}, ${day(periodStart)} to ${day(periodEnd)} (rest of the free trial, no charge)`,
        periodEnd,
      );
    } else {
      invoice(
        periodStart,
        tier,
        price(tier),
        `${planName(tier)}, ${day(periodStart)} to ${day(periodEnd)} (converted from the free trial)`,
        periodEnd,
      );
      move(periodStart, price(tier), tier);
    }
    audit('billing.trial_converted', convertsAt, { tier });
    let ended = false;
    let cancelAtPeriodEnd = false;
    let pendingTier: TTier | null = null;

    while (periodEnd <= nowMs) {
      // Something may happen during the period: an upgrade, a downgrade or a cancellation for its end.
      // In the free days nothing is charged, so only a cancellation may happen (it never added MRR: no movement).
      const inFreeDays = freeDays && periodStart === convertsAt;
      const roll = random.next();
      if (!inFreeDays && roll < 0.035 && tier === 'basic') {
        const upgradeAt = periodStart + random.int(1, 20) * DAY_MS;
        const remaining = periodEnd - upgradeAt;
        const amount = Math.round(((price('premium') - price('basic')) * remaining) / (periodEnd - periodStart));
        invoice(
          upgradeAt,
          'premium',
          amount,
          `Upgrade from ${planName('basic')} to ${planName('premium')} (prorated)`,
          periodEnd,
        );
        tier = 'premium';
        move(upgradeAt, price('premium'), 'premium');
        audit('billing.plan_upgraded', upgradeAt, { from: 'basic', to: 'premium' });
      } else if (!inFreeDays && roll < 0.06 && tier === 'premium') {
        pendingTier = 'basic';
        audit('billing.downgrade_scheduled', periodStart + DAY_MS, { from: 'premium', to: 'basic' });
      } else if (roll < 0.1) {
        ended = true;
        move(periodEnd, 0, 'free');
        audit('billing.subscription_ended', periodEnd, { tier });
        break;
      }
      periodStart = periodEnd;
      periodEnd = addMonthsUtc(periodStart, 1);
      if (pendingTier) {
        audit('billing.plan_downgraded', periodStart, { from: tier, to: pendingTier });
        tier = pendingTier;
        pendingTier = null;
      }
      invoice(
        periodStart,
        tier,
        price(tier),
        `${planName(tier)} renewal, ${day(periodStart)} to ${day(periodEnd)}`,
        periodEnd,
      );
      move(periodStart, price(tier), tier);
    }

    if (ended) {
      Object.assign(userRow, {
        subscriptionTier: 'free',
        subscriptionStatus: 'inactive',
        subscriptionCurrentPeriodEnd: new Date(periodEnd),
      });
      continue;
    }
    // Still subscribed: some have asked to cancel at the end of the current period.
    cancelAtPeriodEnd = random.chance(0.08);
    const record = {
      subscriptionId,
      customerId,
      userId: user.id,
      tier,
      status: 'active' as const,
      currentPeriodStart: new Date(periodStart),
      currentPeriodEnd: new Date(periodEnd),
      cancelAtPeriodEnd,
      cardBrand: 'Visa',
      cardLast4: '4242',
      trialEnd: freeDays ? new Date(trialEnd) : null,
    };
    rows.providerSubscriptions.push({ ...record, createdAt: new Date(convertsAt) });
    rows.mirrors.push({
      ...record,
      provider: 'test',
      cycleResetPeriodStart: new Date(periodStart),
      createdAt: new Date(convertsAt),
    });
    Object.assign(userRow, {
      subscriptionTier: tier,
      subscriptionStatus: cancelAtPeriodEnd ? 'cancelled' : 'active',
      subscriptionCurrentPeriodEnd: new Date(periodEnd),
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
    });
  }
  // Parents before children (foreign keys).
  insertBatches(db, users, rows.users);
  insertBatches(db, emailPreferences, rows.preferences);
  insertBatches(db, readingSessions, rows.sessions);
  insertBatches(db, invoices, rows.invoices);
  insertBatches(db, payments, rows.payments);
  insertBatches(db, refunds, rows.refunds);
  insertBatches(db, mrrMovements, rows.movements);
  insertBatches(db, auditLogs, rows.audits);
  insertBatches(db, testProviderSubscriptions, rows.providerSubscriptions);
  insertBatches(db, billingSubscriptions, rows.mirrors);
  return DEMO_MONEY_READERS;
}

const BATCH_ROWS = 100;

function insertBatches<TTable extends SQLiteTable>(db: Db, table: TTable, values: TTable['$inferInsert'][]): void {
  for (let start = 0; start < values.length; start += BATCH_ROWS) {
    db.insert(table)
      .values(values.slice(start, start + BATCH_ROWS))
      .run();
  }
}

/**
 * Subscriptions the demo seed gave its demo accounts before MRR was recorded get their first movement, so the
 * figures count them (the migration does the same for databases that existed before).
 */
export function backfillMrrMovements(db: Db): number {
  // A plan bought during a trial adds MRR only from its first charge (docs/product/metrics.md#converted-trials).
  const live = db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.status, ['active', 'past_due']),
        or(
          isNull(billingSubscriptions.trialEnd),
          gt(billingSubscriptions.currentPeriodEnd, billingSubscriptions.trialEnd),
        ),
      ),
    )
    .all();
  const plans = new Map(
    db
      .select()
      .from(subscriptionPlans)
      .all()
      .map((plan) => [plan.tier, plan]),
  );
  let added = 0;
  for (const subscription of live) {
    if (db.select({ id: mrrMovements.id }).from(mrrMovements).where(eq(mrrMovements.userId, subscription.userId)).get())
      continue;
    const plan = plans.get(subscription.tier);
    db.insert(mrrMovements)
      .values({
        userId: subscription.userId,
        subscriptionId: subscription.subscriptionId,
        kind: 'new',
        tierBefore: 'free',
        tierAfter: subscription.tier,
        mrrBefore: 0,
        mrrAfter: plan ? monthlyRecurringAmount(plan) : 0,
        currency: plan?.currency ?? 'GBP',
        occurredAt: subscription.currentPeriodStart,
      })
      .run();
    added += 1;
  }
  return added;
}
