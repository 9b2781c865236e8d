/**
 * Billing routes (docs/API.md: billing). Every reader route is scoped to the session's user; the webhook has
 * no session and reads the raw body (its signature is the credential); the clock advance is an admin
 * action of the test-mode provider (404 with Stripe).
 */
import { Hono } from 'hono';
import type { TInvoiceList, TPlanQuote, TRedirectResponse } from '@shared/billing';
import {
  ZAdvanceClockRequest,
  ZCheckoutSessionParam,
  ZInvoiceIdParam,
  ZTestCardPayment,
  ZTierRequest,
} from '@shared/billing.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { notFound } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { requireAuth, requirePermission } from '../../middleware/auth';
import { routeBodyLimit } from '../../middleware/body-limit';
import { handleWebhook, MAX_WEBHOOK_BYTES } from './billing-reconcile';
import {
  advanceTestClock,
  cancelSubscription,
  changePlan,
  findOwnInvoice,
  getCheckoutSession,
  getSubscription,
  listInvoices,
  openPortal,
  payTestCheckout,
  quotePlanChange,
  resumeSubscription,
  startCheckout,
  updateTestPaymentMethod,
} from './billing.service';
import { renderReceiptHtml } from './receipt';

export function createBillingRoutes(deps: AppDeps) {
  // The test-mode provider announces its changes through the same handler as a real webhook.
  deps.payments.connectWebhook?.((rawBody, headers) => handleWebhook(deps, rawBody, headers));

  return new Hono<AppEnv>()
    .post('/billing/checkout', requireAuth(), validate('json', ZTierRequest), async (c) =>
      c.json(
        (await startCheckout(deps, {
          userId: c.var.user.id,
          tier: c.req.valid('json').tier,
        })) satisfies TRedirectResponse,
      ),
    )
    .get('/billing/checkout/:sessionId', requireAuth(), validate('param', ZCheckoutSessionParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getCheckoutSession(deps, { userId: c.var.user.id, sessionId: c.req.valid('param').sessionId }));
    })
    .post(
      '/billing/checkout/:sessionId/pay',
      requireAuth(),
      validate('param', ZCheckoutSessionParam),
      validate('json', ZTestCardPayment),
      async (c) =>
        c.json(
          await payTestCheckout(deps, {
            userId: c.var.user.id,
            sessionId: c.req.valid('param').sessionId,
            card: c.req.valid('json'),
          }),
        ),
    )
    .post('/billing/portal', requireAuth(), async (c) =>
      c.json((await openPortal(deps, { userId: c.var.user.id })) satisfies TRedirectResponse),
    )
    .post('/billing/payment-method', requireAuth(), validate('json', ZTestCardPayment), async (c) =>
      c.json(await updateTestPaymentMethod(deps, { userId: c.var.user.id, card: c.req.valid('json') })),
    )
    .get('/billing/quote', requireAuth(), validate('query', ZTierRequest), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        quotePlanChange(deps, { userId: c.var.user.id, tier: c.req.valid('query').tier }) satisfies TPlanQuote,
      );
    })
    .get('/billing/subscription', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getSubscription(deps, { userId: c.var.user.id }));
    })
    .post('/billing/change-plan', requireAuth(), validate('json', ZTierRequest), async (c) =>
      c.json(await changePlan(deps, { userId: c.var.user.id, tier: c.req.valid('json').tier })),
    )
    .post('/billing/cancel', requireAuth(), async (c) =>
      c.json(await cancelSubscription(deps, { userId: c.var.user.id })),
    )
    .post('/billing/resume', requireAuth(), async (c) =>
      c.json(await resumeSubscription(deps, { userId: c.var.user.id })),
    )
    .get('/billing/invoices', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listInvoices(deps, { userId: c.var.user.id }) } satisfies TInvoiceList);
    })
    .get('/billing/invoices/:id/receipt', requireAuth(), validate('param', ZInvoiceIdParam), (c) => {
      const invoice = findOwnInvoice(deps, { userId: c.var.user.id, invoiceId: c.req.valid('param').id });
      const filename = `wonderful-books-receipt-${invoice.number.replace(/[^A-Za-z0-9-]/g, '')}.html`;
      return c.body(renderReceiptHtml(invoice), 200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        // The receipt is static markup: nothing in it may run.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    })
    .post('/billing/webhook', routeBodyLimit(MAX_WEBHOOK_BYTES), async (c) => {
      const rawBody = await c.req.text();
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const result = await handleWebhook(deps, rawBody, headers);
      return c.json({ received: true, duplicate: result.duplicate });
    })
    .post(
      '/admin/billing/advance-clock',
      requirePermission('plans:manage'),
      async (_c, next) => {
        // Only the test-mode provider has a clock to move; with Stripe the route does not exist.
        if (deps.payments.name !== 'test') throw notFound('Page');
        await next();
      },
      validate('json', ZAdvanceClockRequest),
      async (c) => c.json(await advanceTestClock(deps, c.req.valid('json'))),
    );
}
