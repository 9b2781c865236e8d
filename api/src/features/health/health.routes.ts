/** Liveness and readiness probes (API map: health). */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../deps';

export function createHealthRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', (c) => {
      const started = performance.now();
      db.get(sql`select 1`);
      return c.json({ status: 'ok', checks: [{ name: 'database', status: 'ok', durationMs: performance.now() - started }] });
    });
}
