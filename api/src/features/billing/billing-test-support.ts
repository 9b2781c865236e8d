/** Helpers for the billing API tests: the selections setup (plans, readers, clock) plus checkout and webhook capture. */
import { eq } from 'drizzle-orm';
import { TEST_CARDS } from '@shared/billing';
import {
  billingSubscriptions,
  invoices,
  payments,
  testProviderSubscriptions,
  users,
  webhookEvents,
} from '../../db/schema';
import type { SimulatedPaymentsProvider } from '../../adapters/payments/simulated-provider';
import { send } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';
import { setup as selectionsSetup } from '../selections/selections-test-support';

export const card = (cardNumber: string = TEST_CARDS.succeeds) => ({
  cardNumber,
  expiry: '12/34',
  cvc: '123',
  nameOnCard: 'Grace Hopper',
});

export function billingSetup() {
  const ctx = selectionsSetup();
  const provider = ctx.payments as SimulatedPaymentsProvider;

  /** Starts a checkout for the reader and pays it with the card; returns both answers. */
  async function subscribe(
    reader: { post: (path: string, body?: unknown) => Promise<Response> | Response },
    tier: 'basic' | 'premium',
    cardNumber: string = TEST_CARDS.succeeds,
  ) {
    const checkout = await reader.post('/api/billing/checkout', { tier });
    const { url } = (await checkout.json()) as { url: string };
    const sessionId = url.split('/').pop()!;
    const pay = await reader.post(`/api/billing/checkout/${sessionId}/pay`, card(cardNumber));
    return {
      checkout,
      sessionId,
      pay,
      payBody: (await pay.json()) as { outcome: string; message: string; redirectUrl: string | null },
    };
  }

  async function admin() {
    const user = await insertUser(ctx.db, { role: 'admin' });
    const cookie = signIn(ctx.db, user.id, ctx.clock.now()).cookie;
    return { advance: (days: unknown) => send(ctx.app, '/api/admin/billing/advance-clock', { days }, { cookie }) };
  }

  /** Replaces in-process delivery with a recorder (the app then hears nothing until the test delivers). */
  function captureWebhooks() {
    const captured: { body: string; headers: Record<string, string> }[] = [];
    provider.connectWebhook!(async (body, headers) => {
      captured.push({ body, headers });
    });
    return captured;
  }

  const deliver = (
    event: { body: string; headers: Record<string, string> },
    headers: Record<string, string> = event.headers,
  ) => ctx.app.request('/api/billing/webhook', { method: 'POST', body: event.body, headers });

  const billingState = (userId: string) => ({
    user: ctx.db
      .select({
        tier: users.subscriptionTier,
        status: users.subscriptionStatus,
        periodEnd: users.subscriptionCurrentPeriodEnd,
        customer: users.stripeCustomerId,
        subscription: users.stripeSubscriptionId,
      })
      .from(users)
      .where(eq(users.id, userId))
      .get(),
    mirror: ctx.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).get(),
    provider: ctx.db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.userId, userId)).all(),
    invoices: ctx.db.select().from(invoices).where(eq(invoices.userId, userId)).all(),
    payments: ctx.db.select().from(payments).where(eq(payments.userId, userId)).all(),
    events: ctx.db.select().from(webhookEvents).all(),
  });

  return { ...ctx, provider, subscribe, admin, captureWebhooks, deliver, billingState };
}
