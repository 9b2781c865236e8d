/** The back office's plans (docs/API.md: admin): every plan with its subscriber count, and edits. Permission plans:manage. */
import { Hono } from 'hono';
import { ZAdminPlanIdParam, ZAdminPlanUpdate } from '@shared/admin-plans';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { listAdminPlans, updatePlan } from './admin-plans.service';

export function createAdminPlansRoutes({ db, env, now }: AppDeps) {
  const guard = requirePermission('plans:manage');
  return new Hono<AppEnv>()
    .get('/admin/plans', guard, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listAdminPlans({ db }) });
    })
    .patch('/admin/plans/:id', guard, validate('param', ZAdminPlanIdParam), validate('json', ZAdminPlanUpdate), (c) =>
      c.json(
        updatePlan({
          db,
          now: now(),
          adminId: c.var.user.id,
          planId: c.req.valid('param').id,
          changes: c.req.valid('json'),
          ...getRequestMeta(c, env),
        }),
      ),
    );
}
