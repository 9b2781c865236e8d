/**
 * The site content admins edit (docs/API.md: admin; docs/product/site-content.md): the homepage record (permission
 * catalogue:manage: the landing's marketing figures and featured choices) and the footer's static pages (seo:manage).
 */
import { Hono } from 'hono';
import { ZHomepageContent } from '@shared/content.schemas';
import { ZSitePage } from '@shared/site-pages.schemas';
import { SITE_PAGE_KEYS, SITE_PAGE_MESSAGES } from '@shared/site-pages';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { listEditablePages, savePageContent } from './admin-content.service';

const ZSitePageKeyParam = z.object({ key: z.enum(SITE_PAGE_KEYS, { message: SITE_PAGE_MESSAGES.key }) });

export function createAdminContentRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  return new Hono<AppEnv>()
    .get('/admin/page-content', requirePermission('seo:manage'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listEditablePages({ db }));
    })
    .put(
      '/admin/page-content/homepage',
      requirePermission('catalogue:manage'),
      validate('json', ZHomepageContent),
      (c) =>
        c.json(
          savePageContent({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            key: 'homepage',
            content: c.req.valid('json'),
          }),
        ),
    )
    .put(
      '/admin/site-pages/:key',
      requirePermission('seo:manage'),
      validate('param', ZSitePageKeyParam),
      validate('json', ZSitePage),
      (c) =>
        c.json(
          savePageContent({
            db,
            now: now(),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
            key: c.req.valid('param').key,
            content: c.req.valid('json'),
          }),
        ),
    );
}
