/**
 * Helpers for the billing API tests: the selections setup (plans, readers, clock) with a typed client
 * per reader, plus checkout and webhook capture.
 */
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
import { successBody, type TTestClient } from '../../test-utils';
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

  /** A reader of the selections setup, with a typed client carrying its session. */
  async function reader(...args: Parameters<typeof ctx.reader>) {
    const member = await ctx.reader(...args);
    return Object.assign(member, { client: ctx.clientFor(member.cookie) });
  }

  /** Starts a checkout for the reader and pays it with the card; returns both answers. */
  async function subscribe(
    reader: { client: TTestClient },
    tier: 'basic' | 'premium',
    cardNumber: string = TEST_CARDS.succeeds,
  ) {
    const checkout = await reader.client.billing.checkout.$post({ json: { tier } });
    const { url } = await successBody(checkout);
    const sessionId = url.split('/').pop()!;
    const pay = await reader.client.billing.checkout[':sessionId'].pay.$post({
      param: { sessionId },
      json: card(cardNumber),
    });
    return { checkout, sessionId, pay, payBody: await successBody(pay) };
  }

  async function admin() {
    const user = await insertUser(ctx.db, { role: 'admin' });
    const cookie = signIn(ctx.db, user.id, ctx.clock.now()).cookie;
    const client = ctx.clientFor(cookie);
    return { cookie, advance: (days: number) => client.admin.billing['advance-clock'].$post({ json: { days } }) };
  }

  /** Replaces in-process delivery with a recorder (the app then hears nothing until the test delivers). */
  function captureWebhooks() {
    const captured: { body: string; headers: Record<string, string> }[] = [];
    provider.connectWebhook!(async (body, headers) => {
      captured.push({ body, headers });
    });
    return captured;
  }

  /** Posts a captured event as the provider would: its signed bytes as they are (init.body) and its headers. */
  const deliver = (
    event: { body: string; headers: Record<string, string> },
    headers: Record<string, string> = event.headers,
  ) => ctx.client.billing.webhook.$post({}, { headers, init: { body: event.body } });

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

  return { ...ctx, provider, reader, subscribe, admin, captureWebhooks, deliver, billingState };
}
