/** Liveness and readiness probes (docs/API.md: health), and the admin view of how this server is configured. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { requirePermission } from '../../middleware/auth';
import { checkReadiness, describeConfiguration } from './health.service';

export function createHealthRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', (c) => c.json({ status: 'ok', checks: checkReadiness({ db }) }))
    .get('/admin/health', requirePermission('admin:access'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok', checks: checkReadiness({ db }), configuration: describeConfiguration(deps) });
    });
}
