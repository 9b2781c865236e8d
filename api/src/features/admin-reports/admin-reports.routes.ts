/** GET /api/admin/reports/financial (docs/API.md: admin): the financial reports of a date range. */
import { Hono } from 'hono';
import { ZReportRangeQuery } from '@shared/admin-reports.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { buildFinancialReport } from './admin-reports.service';

export function createAdminReportsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/admin/reports/financial',
    requirePermission('reports:read'),
    validate('query', ZReportRangeQuery),
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(buildFinancialReport(deps, { range: c.req.valid('query') }));
    },
  );
}
