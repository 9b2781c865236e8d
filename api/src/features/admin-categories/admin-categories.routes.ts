/**
 * The back office's categories and bulk categorisation (docs/API.md: admin; docs/product/site-content.md#categories):
 * list, create, edit, merge, suggestions from the books' own text, and the bulk job with its progress. Permission
 * catalogue:manage.
 */
import { Hono } from 'hono';
import {
  ZCategorizationJobParam,
  ZCategorizationRequest,
  ZCategoryCreate,
  ZCategoryIdParam,
  ZCategoryMerge,
  ZCategorySuggestionsQuery,
  ZCategoryUpdate,
} from '@shared/admin-categories.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  createAdminCategory,
  listAdminCategories,
  mergeAdminCategory,
  suggestCategories,
  updateAdminCategory,
} from './admin-categories.service';
import { getCategorizationJob, startCategorizationJob } from './categorization-job.service';

export function createAdminCategoriesRoutes(deps: AppDeps) {
  const { db, env, now, logger } = deps;
  const guard = requirePermission('catalogue:manage');
  return new Hono<AppEnv>()
    .get('/admin/categories', guard, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listAdminCategories({ db }));
    })
    .post('/admin/categories', guard, validate('json', ZCategoryCreate), (c) =>
      c.json(
        createAdminCategory({
          db,
          now: now(),
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .get('/admin/categories/suggestions', guard, validate('query', ZCategorySuggestionsQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(suggestCategories({ db, bookIds: c.req.valid('query').bookIds }));
    })
    .patch(
      '/admin/categories/:id',
      guard,
      validate('param', ZCategoryIdParam),
      validate('json', ZCategoryUpdate),
      (c) =>
        c.json(
          updateAdminCategory({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            categoryId: c.req.valid('param').id,
            changes: c.req.valid('json'),
          }),
        ),
    )
    .post(
      '/admin/categories/:id/merge',
      guard,
      validate('param', ZCategoryIdParam),
      validate('json', ZCategoryMerge),
      (c) =>
        c.json(
          mergeAdminCategory({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            categoryId: c.req.valid('param').id,
            intoCategoryId: c.req.valid('json').intoCategoryId,
          }),
        ),
    )
    .post('/admin/categorization-jobs', guard, validate('json', ZCategorizationRequest), (c) =>
      c.json(
        startCategorizationJob(
          { db, now, logger },
          {
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            request: c.req.valid('json'),
          },
        ),
        202,
      ),
    )
    .get('/admin/categorization-jobs/:id', guard, validate('param', ZCategorizationJobParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getCategorizationJob({ db, jobId: c.req.valid('param').id }));
    });
}
