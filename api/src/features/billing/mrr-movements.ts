/**
 * Records the changes of a reader's monthly recurring revenue in `mrr_movements` (docs/product/metrics.md#mrr-movements)
 * from the provider record the reconcile applies. Called inside the reconcile's transaction, so a movement is stored
 * exactly when the subscription change it describes is.
 *
 * A reader's MRR is re-priced only when their subscription starts, changes tier or enters a new period: a plan price
 * change reaches existing subscribers at their next renewal, as their invoices do.
 *
 * A subscription counts from its first real charge (docs/product/metrics.md#converted-trials): one bought during a
 * trial adds nothing during its free days, and its 'new' movement (from 'trial') is dated at the renewal that takes
 * the first charge; a first charge that fails adds nothing until it is paid.
 */
import { desc, eq } from 'drizzle-orm';
import { monthlyRecurringAmount, mrrMovementKind } from '@shared/mrr';
import type { Db } from '../../db/client';
import { type billingSubscriptions, mrrMovements, subscriptionPlans, type users } from '../../db/schema';
import type { TProviderSubscription } from '../../adapters/payments/payments';

type TMirrorRow = typeof billingSubscriptions.$inferSelect;
type TTier = (typeof users.$inferSelect)['subscriptionTier'];

export function currentMrrOf(db: Db, userId: string) {
  return db
    .select({ mrrAfter: mrrMovements.mrrAfter, tierAfter: mrrMovements.tierAfter })
    .from(mrrMovements)
    .where(eq(mrrMovements.userId, userId))
    .orderBy(desc(mrrMovements.occurredAt))
    .limit(1)
    .get();
}

function planMrr(db: Db, tier: TProviderSubscription['tier']): { amount: number; currency: string } {
  const plan = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tier, tier)).get();
  return plan ? { amount: monthlyRecurringAmount(plan), currency: plan.currency } : { amount: 0, currency: 'GBP' };
}

/** The subscription's current period is the rest of the free trial it was bought in (nothing charged yet). */
export function inFreeDays(record: Pick<TProviderSubscription, 'trialEnd' | 'currentPeriodEnd'>): boolean {
  return record.trialEnd !== null && record.currentPeriodEnd.getTime() <= record.trialEnd.getTime();
}

export function recordMrrChange(
  db: Db,
  input: {
    userId: string;
    tierBefore: TTier;
    record: TProviderSubscription;
    mirrorBefore: TMirrorRow | null;
    now: Date;
  },
): void {
  const { userId, record, mirrorBefore, now } = input;
  const last = currentMrrOf(db, userId);
  const current = last?.mrrAfter ?? 0;
  const newPeriod =
    !mirrorBefore ||
    mirrorBefore.subscriptionId !== record.subscriptionId ||
    mirrorBefore.currentPeriodStart.getTime() !== record.currentPeriodStart.getTime();
  let next = current;
  let currency = 'GBP';
  if (record.status === 'canceled' || inFreeDays(record)) next = 0;
  else if (current === 0 && record.status === 'past_due') next = 0;
  else if (current === 0 || newPeriod || mirrorBefore?.tier !== record.tier) {
    const priced = planMrr(db, record.tier);
    next = priced.amount;
    currency = priced.currency;
  }
  const kind = mrrMovementKind(current, next);
  if (!kind) return;
  // Renewals and endings happen at the provider's period boundary; other changes when the app hears of them.
  const occurredAt =
    kind === 'churn'
      ? (record.endedAt ?? now)
      : newPeriod && mirrorBefore?.subscriptionId === record.subscriptionId
        ? record.currentPeriodStart
        : now;
  db.insert(mrrMovements)
    .values({
      userId,
      subscriptionId: record.subscriptionId,
      kind,
      // A subscription bought during a trial starts paying at its end: that first charge is the trial's conversion.
      tierBefore: kind === 'new' && record.trialEnd ? 'trial' : (last?.tierAfter ?? input.tierBefore),
      tierAfter: record.status === 'canceled' ? 'free' : record.tier,
      mrrBefore: current,
      mrrAfter: next,
      currency,
      occurredAt,
    })
    .run();
}
