/**
 * Admin subscription routes (docs/API.md: admin): the list and its CSV export, one reader's subscription, and the
 * admin's actions on it.
 * Permission billing:manage; the test-mode clock advance stays with the billing feature.
 */
import { Hono } from 'hono';
import { ADMIN_EXPORT_MAX_ROWS } from '@shared/admin-list';
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
import { recordAudit } from '../audit/audit.service';
import {
  cancelForReader,
  exportSubscriptionsCsv,
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
    .get('/admin/subscriptions/export.csv', allowed, validate('query', ZAdminSubscriptionQuery), (c) => {
      const { page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
      const csv = exportSubscriptionsCsv(deps, { query: filters, limit: ADMIN_EXPORT_MAX_ROWS });
      // A copy of readers' e-mail addresses and revenue left the service: who took it, and which part, is recorded.
      recordAudit(deps, {
        action: 'admin.subscriptions.export',
        resource: 'subscriptions',
        userId: c.var.user.id,
        details: { filters },
        ...getRequestMeta(c, deps.env),
      });
      c.header('Cache-Control', 'no-store');
      c.header(
        'Content-Disposition',
        `attachment; filename="subscriptions-${deps.now().toISOString().slice(0, 10)}.csv"`,
      );
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
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
