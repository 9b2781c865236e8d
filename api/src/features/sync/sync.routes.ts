/**
 * Offline sync (API map: sync): POST /api/sync applies a device's batch of mutations for the session
 * user and answers which were applied or rejected, the merged state of the books touched and the
 * server's time (the device corrects its clock from it).
 */
import { Hono } from 'hono';
import type { TSyncResponse } from '@shared/progress';
import { ZSyncRequest } from '@shared/sync.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { applySyncBatch } from './sync.service';

export function createSyncRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>().post('/sync', requireAuth(), validate('json', ZSyncRequest), async (c) => {
    const { deviceId, mutations } = c.req.valid('json');
    c.header('Cache-Control', 'no-store');
    return c.json(
      (await applySyncBatch({ db, userId: c.var.user.id, deviceId, mutations, now: now() })) satisfies TSyncResponse,
    );
  });
}
