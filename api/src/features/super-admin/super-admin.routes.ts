/**
 * The super admin's screen (docs/API.md: admin; docs/product/operations.md#super-admin): the overview (staff and their
 * sessions, emergency login, key status, backups), role grants and "Back up now". Sessions are ended through the users
 * feature's DELETE /api/admin/users/:id/sessions/:sessionId.
 */
import { Hono } from 'hono';
import { ZRoleGrant } from '@shared/super-admin';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { assignRole, runBackupNow, superAdminOverview } from './super-admin.service';

export function createSuperAdminRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  const guard = requirePermission('system:configure');
  return new Hono<AppEnv>()
    .get('/admin/super-admin', guard, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await superAdminOverview(deps));
    })
    .post('/admin/super-admin/roles', requirePermission('roles:assign'), validate('json', ZRoleGrant), (c) =>
      c.json({
        member: assignRole({
          db,
          now: now(),
          actor: c.var.user,
          grant: c.req.valid('json'),
          ...getRequestMeta(c, env),
        }),
      }),
    )
    .post('/admin/super-admin/backups', guard, async (c) =>
      c.json(await runBackupNow({ db, env, now, actorId: c.var.user.id, ...getRequestMeta(c, env) }), 201),
    );
}
