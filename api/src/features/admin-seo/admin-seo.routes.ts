/**
 * The back office's SEO (docs/API.md: admin; docs/product/site-content.md#seo): every page type's tags, saved whole,
 * and the keyword and image records. Permission seo:manage.
 */
import { Hono } from 'hono';
import {
  ZSeoConfigInput,
  ZSeoImageCreate,
  ZSeoKeywordCreate,
  ZSeoKeywordUpdate,
  ZSeoPageTypeParam,
  ZSeoRecordIdParam,
} from '@shared/admin-seo.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  createSeoImage,
  createSeoKeyword,
  deleteSeoImage,
  deleteSeoKeyword,
  getAdminSeo,
  saveSeoConfig,
  updateSeoKeyword,
} from './admin-seo.service';

export function createAdminSeoRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  const guard = requirePermission('seo:manage');
  return new Hono<AppEnv>()
    .get('/admin/seo', guard, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getAdminSeo({ db }));
    })
    .put(
      '/admin/seo/pages/:pageType',
      guard,
      validate('param', ZSeoPageTypeParam),
      validate('json', ZSeoConfigInput),
      (c) =>
        c.json(
          saveSeoConfig({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            pageType: c.req.valid('param').pageType,
            input: c.req.valid('json'),
          }),
        ),
    )
    .post('/admin/seo/keywords', guard, validate('json', ZSeoKeywordCreate), (c) =>
      c.json(
        createSeoKeyword({
          db,
          now: now(),
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .patch(
      '/admin/seo/keywords/:id',
      guard,
      validate('param', ZSeoRecordIdParam),
      validate('json', ZSeoKeywordUpdate),
      (c) =>
        c.json(
          updateSeoKeyword({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            id: c.req.valid('param').id,
            changes: c.req.valid('json'),
          }),
        ),
    )
    .delete('/admin/seo/keywords/:id', guard, validate('param', ZSeoRecordIdParam), (c) => {
      deleteSeoKeyword({
        db,
        now: now(),
        actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
        id: c.req.valid('param').id,
      });
      return c.body(null, 204);
    })
    .post('/admin/seo/images', guard, validate('json', ZSeoImageCreate), (c) =>
      c.json(
        createSeoImage({
          db,
          now: now(),
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .delete('/admin/seo/images/:id', guard, validate('param', ZSeoRecordIdParam), (c) => {
      deleteSeoImage({
        db,
        now: now(),
        actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
        id: c.req.valid('param').id,
      });
      return c.body(null, 204);
    });
}
