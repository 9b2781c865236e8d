/**
 * Offline sync (docs/API.md: sync): POST /api/sync applies a device's batch of mutations for the session
 * user and answers which were applied or rejected, the merged state of the books touched and the
 * server's time (the device corrects its clock from it).
 */
import { Hono } from 'hono';
import type { TSyncResponse } from '@shared/progress';
import { SYNC_MAX_MUTATIONS, ZSyncRequest } from '@shared/sync.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { routeBodyLimit } from '../../middleware/body-limit';
import { applySyncBatch } from './sync.service';

/**
 * The largest valid mutation is an event with 2,000 characters of meta: at most 3 bytes of UTF-8 per
 * character (6 when the client escapes control characters, which only the note and meta can hold),
 * plus its ids and stamp, stays under 10 KiB. A full batch of SYNC_MAX_MUTATIONS of them fits.
 */
const SYNC_MUTATION_MAX_BYTES = 10 * 1024;
export const SYNC_BODY_LIMIT_BYTES = SYNC_MAX_MUTATIONS * SYNC_MUTATION_MAX_BYTES + 1024;

export function createSyncRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/sync',
    routeBodyLimit(SYNC_BODY_LIMIT_BYTES),
    requireAuth(),
    validate('json', ZSyncRequest),
    async (c) => {
      const { deviceId, mutations } = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      return c.json(
        (await applySyncBatch({ db, userId: c.var.user.id, deviceId, mutations, now: now() })) satisfies TSyncResponse,
      );
    },
  );
}
