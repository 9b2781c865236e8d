import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_PLAN_MESSAGES } from '@shared/admin-plans';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { createPlan } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { getEntitlements } from '../selections/selections.service';

async function withPlans() {
  const ctx = await createAdminTestContext();
  const basic = createPlan(ctx.db, {
    tier: 'basic',
    name: 'Basic Plan',
    price: '£5.99',
    priceAmount: 599,
    bookLimit: 10,
    displayOrder: 2,
  });
  const premium = createPlan(ctx.db, {
    tier: 'premium',
    name: 'Premium Plan',
    price: '£9.99',
    priceAmount: 999,
    bookLimit: -1,
    displayOrder: 3,
  });
  return { ...ctx, basic, premium };
}

describe('admin plans', () => {
  it('lists every plan with its subscriber count', async () => {
    const { admin, signedIn } = await withPlans();
    await signedIn('user', { subscriptionTier: 'basic', subscriptionStatus: 'active' });
    const plans = await successBody(admin.client.admin.plans.$get());
    expect(plans.items.map((plan) => [plan.tier, plan.subscribers])).toEqual([
      ['basic', 1],
      ['premium', 0],
    ]);
  });

  it('validates with the plan rules and messages', async () => {
    const { admin, basic } = await withPlans();
    const patch = (json: Record<string, unknown>) =>
      admin.client.admin.plans[':id'].$patch({ param: { id: basic.id }, json: json as never });
    const bad = await patch({ name: ' ', priceAmount: -1, bookLimit: -2, displayOrder: 0, currency: '' });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: ADMIN_PLAN_MESSAGES.nameEmpty },
        { field: 'priceAmount', message: ADMIN_PLAN_MESSAGES.priceAmount },
        { field: 'bookLimit', message: ADMIN_PLAN_MESSAGES.bookLimit },
        { field: 'displayOrder', message: ADMIN_PLAN_MESSAGES.displayOrder },
        { field: 'currency', message: ADMIN_PLAN_MESSAGES.currencyEmpty },
      ]),
    );
    for (const json of [{ priceAmount: 1.5 }, { features: [''] }, { tier: 'gold' }, {}, { priceAmount: '5' }]) {
      expect((await patch(json)).status, JSON.stringify(json)).toBe(400);
    }
    expect((await admin.client.admin.plans[':id'].$patch({ param: { id: 'nope' }, json: { name: 'x' } })).status).toBe(
      404,
    );
  });

  it('shows an edit on /api/plans at once and feeds the pick limit; a price change is audited with its notice', async () => {
    const { admin, client, db, basic, signedIn, now } = await withPlans();
    const before = await successBody(client.plans.$get());
    expect(before.items.find((plan) => plan.tier === 'basic')?.priceAmount).toBe(599);
    const reader = await signedIn('user', {
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    });
    const updated = await successBody(
      admin.client.admin.plans[':id'].$patch({
        param: { id: basic.id },
        json: { priceAmount: 699, price: '£6.99', bookLimit: 12, features: ['Select 12 books per month'] },
      }),
    );
    expect(updated).toMatchObject({ priceAmount: 699, bookLimit: 12, subscribers: 1 });
    const after = await successBody(client.plans.$get());
    expect(after.items.find((plan) => plan.tier === 'basic')).toMatchObject({ priceAmount: 699, price: '£6.99' });
    expect(getEntitlements({ db, userId: reader.user.id, now: now() }).picksLimit).toBe(12);
    const entry = db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.plan.update')).get();
    expect(entry).toMatchObject({ severity: 'warning', userId: admin.user.id });
    expect(entry?.details).toMatchObject({
      appliesFrom: 'next renewal',
      changes: { priceAmount: { from: 599, to: 699 } },
    });
  });

  it('refuses moderators', async () => {
    const { moderator, basic } = await withPlans();
    expect((await moderator.client.admin.plans.$get()).status).toBe(403);
    expect(
      (await moderator.client.admin.plans[':id'].$patch({ param: { id: basic.id }, json: { name: 'x' } })).status,
    ).toBe(403);
  });
});
