/**
 * Devices (API map: devices). Issue 5: POST /api/devices/browser registers the reading browser's
 * RSA-OAEP public key so licences can be wrapped to it. Always scoped to the session's user.
 */
import { Hono } from 'hono';
import type { TBrowserDevice } from '@shared/reader';
import { ZRegisterBrowserRequest } from '@shared/reader.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { sessionUserId } from '../selections/selections.routes';
import { registerBrowserDevice } from './devices.service';

export function createDevicesRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>().post('/devices/browser', requireAuth(), validate('json', ZRegisterBrowserRequest), async (c) => {
    const { publicKey, name } = c.req.valid('json');
    const { device, created } = await registerBrowserDevice({
      db,
      userId: sessionUserId(c),
      publicKey,
      name,
      userAgent: c.req.header('user-agent') ?? null,
      now: now(),
    });
    c.header('Cache-Control', 'no-store');
    return c.json(device satisfies TBrowserDevice, created ? 201 : 200);
  });
}
