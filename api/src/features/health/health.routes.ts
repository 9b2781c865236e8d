/** Liveness and readiness probes (API map: health). */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { checkReadiness } from './health.service';

export function createHealthRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', (c) => c.json({ status: 'ok', checks: checkReadiness({ db }) }));
}
