/** Public content reads (docs/API.md: content): SEO config per page type, page content, placeholder covers. */
import { Hono } from 'hono';
import { ZPageContentKeyParam, ZPlaceholderParams, ZSeoConfigQuery } from '@shared/content.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { getPageContent, getSeoConfig } from './content.service';
import { renderPlaceholderSvg } from './placeholder-svg';

export function createContentRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/seo/config', validate('query', ZSeoConfigQuery), (c) =>
      c.json(getSeoConfig({ db, pageType: c.req.valid('query').pageType })),
    )
    .get('/page-content/:key', validate('param', ZPageContentKeyParam), (c) =>
      c.json(getPageContent({ db, key: c.req.valid('param').key })),
    )
    .get('/placeholder/:width/:height', validate('param', ZPlaceholderParams), (c) => {
      const { width, height } = c.req.valid('param');
      // The image is a pure function of the URL, so it never needs revalidating.
      return c.body(renderPlaceholderSvg(width, height), 200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    });
}
