/**
 * Admin subscription routes (docs/API.md: admin): the list, one reader's subscription, and the admin's actions on it.
 * Permission billing:manage; the test-mode clock advance stays with the billing feature.
 */
import { Hono } from 'hono';
import {
  ZAdminCancelRequest,
  ZAdminInvoiceParam,
  ZAdminSubscriptionQuery,
  ZExtendTrialRequest,
  ZRefundRequest,
  ZUserIdParam,
} from '@shared/admin-subscriptions.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  cancelForReader,
  extendTrial,
  getProviderInfo,
  getSubscriptionDetail,
  listSubscriptions,
  refundInvoice,
  resumeForReader,
} from './admin-subscriptions.service';

export function createAdminSubscriptionsRoutes(deps: AppDeps) {
  const allowed = requirePermission('billing:manage');
  return new Hono<AppEnv>()
    .get('/admin/billing/provider', allowed, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getProviderInfo(deps));
    })
    .get('/admin/subscriptions', allowed, validate('query', ZAdminSubscriptionQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listSubscriptions(deps, { query: c.req.valid('query') }));
    })
    .get('/admin/subscriptions/:userId', allowed, validate('param', ZUserIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getSubscriptionDetail(deps, { userId: c.req.valid('param').userId }));
    })
    .post(
      '/admin/subscriptions/:userId/cancel',
      allowed,
      validate('param', ZUserIdParam),
      validate('json', ZAdminCancelRequest),
      async (c) =>
        c.json(
          await cancelForReader(deps, {
            ...getRequestMeta(c, deps.env),
            adminId: c.var.user.id,
            userId: c.req.valid('param').userId,
            request: c.req.valid('json'),
          }),
        ),
    )
    .post('/admin/subscriptions/:userId/resume', allowed, validate('param', ZUserIdParam), async (c) =>
      c.json(
        await resumeForReader(deps, {
          ...getRequestMeta(c, deps.env),
          adminId: c.var.user.id,
          userId: c.req.valid('param').userId,
        }),
      ),
    )
    .post(
      '/admin/subscriptions/:userId/extend-trial',
      allowed,
      validate('param', ZUserIdParam),
      validate('json', ZExtendTrialRequest),
      (c) =>
        c.json(
          extendTrial(deps, {
            ...getRequestMeta(c, deps.env),
            adminId: c.var.user.id,
            userId: c.req.valid('param').userId,
            days: c.req.valid('json').days,
          }),
        ),
    )
    .post(
      '/admin/invoices/:id/refund',
      allowed,
      validate('param', ZAdminInvoiceParam),
      validate('json', ZRefundRequest),
      async (c) =>
        c.json(
          await refundInvoice(deps, {
            ...getRequestMeta(c, deps.env),
            adminId: c.var.user.id,
            invoiceId: c.req.valid('param').id,
            request: c.req.valid('json'),
          }),
        ),
    );
}
