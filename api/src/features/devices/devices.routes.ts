/**
 * Devices (docs/API.md: devices): POST /api/devices/browser registers the reading browser's device public key (ECDH
 * P-256, or RSA-OAEP from before decision 023) so licences can be wrapped to it; POST /api/devices/challenge and POST
 * /api/devices register it for offline reading with proof of key possession; GET /api/devices, PATCH and DELETE
 * /api/devices/:id are the Devices page; GET /api/devices/:id/status is what a device asks at its next contact. Always
 * scoped to the session's user.
 */
import { Hono } from 'hono';
import type { TDevice, TDeviceChallenge, TDeviceList, TDeviceStatus } from '@shared/devices';
import {
  ZDeviceChallengeRequest,
  ZDeviceIdParam,
  ZRegisterDeviceRequest,
  ZRenameDeviceRequest,
} from '@shared/devices.schemas';
import type { TBrowserDevice } from '@shared/reader';
import { ZRegisterBrowserRequest } from '@shared/reader.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth, type SignedInEnv } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { rateLimit } from '../../middleware/rate-limit';
import { registerBrowserDevice } from './devices.service';
import {
  createDeviceChallenge,
  deviceStatus,
  listDevices,
  registerOfflineDevice,
  removeDevice,
  renameDevice,
} from './offline-devices.service';

/** A registration needs one challenge; this leaves room for retries and several browsers, not for filling the table. */
const CHALLENGE_RATE_LIMIT = { name: 'device-challenge:user', limit: 30, windowMs: 10 * 60 * 1000 };

export function createDevicesRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  return new Hono<AppEnv>()
    .post('/devices/browser', requireAuth(), validate('json', ZRegisterBrowserRequest), async (c) => {
      const { publicKey, name } = c.req.valid('json');
      const { device, created } = await registerBrowserDevice({
        db,
        userId: c.var.user.id,
        publicKey,
        name,
        userAgent: c.req.header('user-agent') ?? null,
        now: now(),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(device satisfies TBrowserDevice, created ? 201 : 200);
    })
    .post(
      '/devices/challenge',
      requireAuth(),
      rateLimit<SignedInEnv>(deps, { ...CHALLENGE_RATE_LIMIT, subject: (c) => c.var.user.id }),
      validate('json', ZDeviceChallengeRequest),
      async (c) => {
        const challenge = await createDeviceChallenge({
          db,
          userId: c.var.user.id,
          deviceId: c.req.valid('json').deviceId,
          now: now(),
        });
        c.header('Cache-Control', 'no-store');
        return c.json(challenge satisfies TDeviceChallenge, 201);
      },
    )
    .post('/devices', requireAuth(), validate('json', ZRegisterDeviceRequest), (c) => {
      const { deviceId, challengeId, response, name } = c.req.valid('json');
      const { device, created } = registerOfflineDevice({
        deps,
        userId: c.var.user.id,
        deviceId,
        challengeId,
        response,
        name,
        now: now(),
        meta: getRequestMeta(c, env),
        sessionId: c.var.sessionId,
      });
      return c.json(device satisfies TDevice, created ? 201 : 200);
    })
    .get('/devices', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listDevices({ db, userId: c.var.user.id, now: now() }) satisfies TDeviceList);
    })
    .get('/devices/:id/status', requireAuth(), validate('param', ZDeviceIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        deviceStatus({
          db,
          userId: c.var.user.id,
          deviceId: c.req.valid('param').id,
          now: now(),
        }) satisfies TDeviceStatus,
      );
    })
    .patch(
      '/devices/:id',
      requireAuth(),
      validate('param', ZDeviceIdParam),
      validate('json', ZRenameDeviceRequest),
      (c) => {
        const device = renameDevice({
          db,
          userId: c.var.user.id,
          deviceId: c.req.valid('param').id,
          name: c.req.valid('json').name,
          now: now(),
        });
        return c.json(device satisfies TDevice);
      },
    )
    .delete('/devices/:id', requireAuth(), validate('param', ZDeviceIdParam), (c) => {
      removeDevice({
        deps,
        userId: c.var.user.id,
        deviceId: c.req.valid('param').id,
        now: now(),
        meta: getRequestMeta(c, env),
        sessionId: c.var.sessionId,
      });
      return c.body(null, 204);
    });
}
