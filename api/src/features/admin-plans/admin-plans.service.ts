/**
 * The back office's plans (docs/product/back-office.md#plans). `subscription_plans` is the one source of the store's
 * prices and the pick limits: /api/plans (landing and /subscribe), checkout and renewals, and the entitlement rules all
 * read it, and the read caches keyed on its generation see an edit at once. A new price reaches a subscriber at their
 * next renewal, because renewals charge the plan's price at that moment.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { ADMIN_PLAN_MESSAGES, type TAdminPlan, type TAdminPlanUpdate } from '@shared/admin-plans';
import { immediateTransaction, type Db } from '../../db/client';
import { subscriptionPlans, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';

type TPlanRow = typeof subscriptionPlans.$inferSelect;

function subscriberCount(db: Db, tier: TPlanRow['tier']): number {
  return (
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.subscriptionTier, tier), inArray(users.subscriptionStatus, ['active', 'cancelled', 'past_due'])),
      )
      .get()?.n ?? 0
  );
}

function toAdminPlan(db: Db, row: TPlanRow): TAdminPlan {
  return {
    id: row.id,
    tier: row.tier,
    name: row.name,
    price: row.price,
    priceAmount: row.priceAmount,
    currency: row.currency,
    period: row.period,
    description: row.description,
    bookLimit: row.bookLimit,
    features: row.features ?? [],
    badge: row.badge,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    stripePriceId: row.stripePriceId,
    subscribers: subscriberCount(db, row.tier),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listAdminPlans({ db }: { db: Db }): TAdminPlan[] {
  return db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.displayOrder), asc(subscriptionPlans.priceAmount))
    .all()
    .map((row) => toAdminPlan(db, row));
}

export function updatePlan(
  options: { db: Db; now: Date; adminId: string; planId: string; changes: TAdminPlanUpdate } & TRequestMeta,
): TAdminPlan {
  const { db, now, changes } = options;
  return immediateTransaction(db, () => {
    const plan = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, options.planId)).get();
    if (!plan) throw new AppError('not_found', 404, ADMIN_PLAN_MESSAGES.notFound);
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(changes) as [keyof TAdminPlanUpdate, unknown][]) {
      if (value === undefined) continue;
      const before = plan[field];
      if (JSON.stringify(before) !== JSON.stringify(value)) diff[field] = { from: before, to: value };
    }
    if (Object.keys(diff).length > 0) {
      const set = Object.fromEntries(Object.entries(diff).map(([field, change]) => [field, change.to]));
      db.update(subscriptionPlans)
        .set({ ...set, updatedAt: now })
        .where(eq(subscriptionPlans.id, plan.id))
        .run();
      const priceChanged = Boolean(diff.priceAmount || diff.currency);
      recordAudit(
        { db, now: () => now },
        {
          action: 'admin.plan.update',
          resource: 'plan',
          resourceId: plan.id,
          userId: options.adminId,
          severity: priceChanged || diff.isActive ? 'warning' : 'info',
          details: {
            tier: plan.tier,
            changes: diff,
            ...(priceChanged ? { subscribers: subscriberCount(db, plan.tier), appliesFrom: 'next renewal' } : {}),
          },
          ipAddress: options.ipAddress,
          userAgent: options.userAgent,
        },
      );
    }
    const updated = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id)).get()!;
    return toAdminPlan(db, updated);
  });
}
