/**
 * Helpers for the selections and loans API tests: a clocked app with plans, readers of each tier, each
 * with the typed test client signed in as them.
 */
import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@shared/entitlement';
import { loans, userSelectedBooks, userSubscriptionCycles, type users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createTestContext, createTestClient } from '../../test-utils';
import { createBook, createPlan } from '../../test-factories';
import { createClock, send } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';

export function setup(limits: { trial?: number; basic?: number } = {}, overrides: Pick<Partial<AppDeps>, 'db'> = {}) {
  const clock = createClock();
  const ctx = createTestContext({ now: clock.now, ...overrides });
  createPlan(ctx.db, { tier: 'trial', bookLimit: limits.trial ?? 3 });
  createPlan(ctx.db, { tier: 'basic', bookLimit: limits.basic ?? 10, price: '£5.99', priceAmount: 599 });
  createPlan(ctx.db, { tier: 'premium', bookLimit: -1, price: '£9.99', priceAmount: 999 });
  const { app, db } = ctx;

  async function reader(
    kind: 'trial' | 'basic' | 'premium' | 'expired-trial' | 'free',
    overrides: Partial<typeof users.$inferInsert> = {},
  ) {
    const now = clock.now().getTime();
    const base: Partial<typeof users.$inferInsert> =
      kind === 'trial'
        ? {
            subscriptionTier: 'trial',
            subscriptionStatus: 'active',
            trialStartedAt: new Date(now),
            trialEndsAt: new Date(now + 7 * DAY_MS),
            freeTrialEndedAt: new Date(now + 7 * DAY_MS),
          }
        : kind === 'expired-trial'
          ? {
              subscriptionTier: 'trial',
              subscriptionStatus: 'active',
              trialStartedAt: new Date(now - 8 * DAY_MS),
              trialEndsAt: new Date(now - DAY_MS),
              freeTrialEndedAt: new Date(now - DAY_MS),
            }
          : kind === 'free'
            ? { subscriptionTier: 'free', subscriptionStatus: 'inactive' }
            : {
                subscriptionTier: kind,
                subscriptionStatus: 'active',
                subscriptionCurrentPeriodEnd: new Date(now + 30 * DAY_MS),
              };
    const user = await insertUser(db, { ...base, ...overrides });
    const cookie = signIn(db, user.id, clock.now()).cookie;
    const r = {
      user,
      cookie,
      /** The typed client, sending this reader's session cookie. */
      api: createTestClient(app, { cookie }),
      // Raw requests with the cookie, for what the types forbid (a body of the wrong shape, a URL the API
      // returned); everything else uses `api`.
      get: (path: string) => send(app, path, undefined, { method: 'GET', cookie: r.cookie }),
      post: (path: string, body: unknown = {}) => send(app, path, body, { cookie: r.cookie }),
      /** Sessions expire after 30 days; a test that moves the clock further signs in again. */
      signInAgain: () => {
        r.cookie = signIn(db, user.id, clock.now()).cookie;
        r.api = createTestClient(app, { cookie: r.cookie });
      },
    };
    return r;
  }

  const books = (count: number, tier: 'trial' | 'basic' | 'premium' = 'trial') =>
    Array.from({ length: count }, () => createBook(db, { requiredTier: tier, skipIndex: true }));

  const state = (userId: string) => ({
    selections: db
      .select()
      .from(userSelectedBooks)
      .where(and(eq(userSelectedBooks.userId, userId), eq(userSelectedBooks.isActive, true)))
      .all(),
    cycles: db.select().from(userSubscriptionCycles).where(eq(userSubscriptionCycles.userId, userId)).all(),
    loans: db.select().from(loans).where(eq(loans.userId, userId)).all(),
  });

  /** The typed client of a visitor who is not signed in. */
  const api = createTestClient(app);

  return { ...ctx, clock, reader, books, state, api };
}
