/** Public catalogue reads (docs/API.md: catalogue): books, one book, its generated cover, categories, plans. */
import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import type { TCategoryList, TPlanList } from '@shared/catalogue';
import { ZBookListQuery, ZIdOrSlugParam } from '@shared/catalogue.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { matchesEtag } from '../../lib/etag';
import { validate } from '../../lib/validate';
import { jsonOnce } from '../../lib/json-body';
import { getBookCover, getBookDetail, listBooks, listCategories, listPlans } from './catalogue.service';

/**
 * A cover URL with the current `?v=` can never show other content, so it is cached for a year; any
 * other URL (an old version, or none) gets a day and then revalidates with the ETag.
 */
const COVER_CACHE_VERSIONED = 'public, max-age=31536000, immutable';
const COVER_CACHE_UNVERSIONED = 'public, max-age=86400';

export function createCatalogueRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/books', validate('query', ZBookListQuery), (c) =>
      jsonOnce(c, listBooks({ db, query: c.req.valid('query') })),
    )
    .get('/books/:idOrSlug', validate('param', ZIdOrSlugParam), (c) =>
      jsonOnce(c, getBookDetail({ db, idOrSlug: c.req.valid('param').idOrSlug })),
    )
    .get('/books/:idOrSlug/cover.svg', validate('param', ZIdOrSlugParam), (c) => {
      const cover = getBookCover({ db, idOrSlug: c.req.valid('param').idOrSlug });
      const etag = `"${createHash('sha256').update(cover.svg).digest('base64url').slice(0, 22)}"`;
      c.header('Cache-Control', c.req.query('v') === cover.version ? COVER_CACHE_VERSIONED : COVER_CACHE_UNVERSIONED);
      c.header('ETag', etag);
      if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
      return c.body(cover.svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
    })
    .get('/categories', (c) => c.json({ items: listCategories({ db }) } satisfies TCategoryList))
    .get('/plans', (c) => c.json({ items: listPlans({ db }) } satisfies TPlanList));
}
