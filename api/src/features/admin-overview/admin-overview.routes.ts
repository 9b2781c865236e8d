/** GET /api/admin/overview (docs/API.md: admin): the figures of the back office's first screen. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { requirePermission } from '../../middleware/auth';
import { buildOverview } from './admin-overview.service';

export function createAdminOverviewRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/admin/overview', requirePermission('reports:read'), (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(buildOverview(deps));
  });
}
