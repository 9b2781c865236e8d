/** The super admin's system settings (docs/API.md: admin; docs/product/operations.md#system-settings). Permission system:configure. */
import { Hono } from 'hono';
import { ZSystemSettingKeyParam, ZSystemSettingUpdate } from '@shared/system-settings';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { listSystemSettings, updateSystemSetting } from './system-settings.service';

export function createSystemSettingsRoutes({ db, env, now }: AppDeps) {
  const guard = requirePermission('system:configure');
  return new Hono<AppEnv>()
    .get('/admin/system-settings', guard, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listSystemSettings({ db }) });
    })
    .patch(
      '/admin/system-settings/:key',
      guard,
      validate('param', ZSystemSettingKeyParam),
      validate('json', ZSystemSettingUpdate),
      (c) =>
        c.json(
          updateSystemSetting({
            db,
            now: now(),
            adminId: c.var.user.id,
            key: c.req.valid('param').key,
            change: c.req.valid('json'),
            ...getRequestMeta(c, env),
          }),
        ),
    );
}
