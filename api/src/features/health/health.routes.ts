/**
 * Liveness and readiness probes (docs/API.md: health), the admin view of how this server is configured, and the health
 * dashboard (docs/product/operations.md#health-checks): the public status anyone may see, the admins' full view and
 * "Run checks now".
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { checkReadiness, describeConfiguration } from './health.service';
import { adminHealthDashboard, publicHealthStatus, runHealthChecks } from './health-runs.service';

export function createHealthRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', (c) => c.json({ status: 'ok', checks: checkReadiness({ db }) }))
    .get('/health/status', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(publicHealthStatus({ db }));
    })
    .get('/admin/health', requirePermission('admin:access'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok', checks: checkReadiness({ db }), configuration: describeConfiguration(deps) });
    })
    .get('/admin/health/runs', requirePermission('admin:access'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(adminHealthDashboard({ db }));
    })
    .post('/admin/health/runs', requirePermission('admin:access'), async (c) => {
      const run = await runHealthChecks(deps);
      const meta = getRequestMeta(c, deps.env);
      recordAudit(deps, {
        action: 'health.run',
        resource: 'health_check_runs',
        resourceId: run.id,
        userId: c.var.user.id,
        details: { overallStatus: run.overallStatus },
        ...meta,
      });
      return c.json(run, 201);
    });
}
