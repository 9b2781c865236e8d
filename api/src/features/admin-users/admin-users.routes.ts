/**
 * The back office's users (docs/API.md: admin): list with search, filters and paging, CSV export, a user's page, edits,
 * bulk edits, password changes, reset e-mails and sessions. Permission users:manage; the role rules live in the
 * service.
 */
import { Hono } from 'hono';
import { ADMIN_EXPORT_MAX_ROWS } from '@shared/admin-list';
import {
  ZAdminBulkUpdate,
  ZAdminPasswordChange,
  ZAdminSessionParam,
  ZAdminUserIdParam,
  ZAdminUserUpdate,
  ZAdminUsersQuery,
} from '@shared/admin-users.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  bulkUpdateUsers,
  changeUserPassword,
  endUserSessions,
  exportUsersCsv,
  getUserDetail,
  listUsers,
  sendUserResetEmail,
  updateUser,
} from './admin-users.service';

export function createAdminUsersRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  const guard = requirePermission('users:manage');
  return new Hono<AppEnv>()
    .get('/admin/users', guard, validate('query', ZAdminUsersQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listUsers({ db, query: c.req.valid('query') }));
    })
    .get('/admin/users/export.csv', guard, validate('query', ZAdminUsersQuery), (c) => {
      const csv = exportUsersCsv({ db, query: c.req.valid('query'), limit: ADMIN_EXPORT_MAX_ROWS });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="users-${now().toISOString().slice(0, 10)}.csv"`);
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .post('/admin/users/bulk', guard, validate('json', ZAdminBulkUpdate), (c) =>
      c.json(
        bulkUpdateUsers({
          db,
          now: now(),
          actor: c.var.user,
          request: c.req.valid('json'),
          ...getRequestMeta(c, env),
        }),
      ),
    )
    .get('/admin/users/:id', guard, validate('param', ZAdminUserIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getUserDetail({ db, userId: c.req.valid('param').id, now: now() }));
    })
    .patch('/admin/users/:id', guard, validate('param', ZAdminUserIdParam), validate('json', ZAdminUserUpdate), (c) =>
      c.json(
        updateUser({
          db,
          now: now(),
          actor: c.var.user,
          userId: c.req.valid('param').id,
          changes: c.req.valid('json'),
          ...getRequestMeta(c, env),
        }),
      ),
    )
    .put(
      '/admin/users/:id/password',
      guard,
      validate('param', ZAdminUserIdParam),
      validate('json', ZAdminPasswordChange),
      async (c) =>
        c.json(
          await changeUserPassword({
            ...deps,
            ...getRequestMeta(c, env),
            actor: c.var.user,
            userId: c.req.valid('param').id,
            ...c.req.valid('json'),
          }),
        ),
    )
    .post('/admin/users/:id/reset-email', guard, validate('param', ZAdminUserIdParam), (c) =>
      c.json(
        sendUserResetEmail({ ...deps, ...getRequestMeta(c, env), actor: c.var.user, userId: c.req.valid('param').id }),
      ),
    )
    .delete('/admin/users/:id/sessions', guard, validate('param', ZAdminUserIdParam), (c) =>
      c.json(
        endUserSessions({
          db,
          now: now(),
          actor: c.var.user,
          userId: c.req.valid('param').id,
          ...getRequestMeta(c, env),
        }),
      ),
    )
    .delete('/admin/users/:id/sessions/:sessionId', guard, validate('param', ZAdminSessionParam), (c) => {
      const { id, sessionId } = c.req.valid('param');
      return c.json(
        endUserSessions({ db, now: now(), actor: c.var.user, userId: id, sessionId, ...getRequestMeta(c, env) }),
      );
    });
}
