/** Search-box suggestions (docs/API.md: search). */
import { Hono } from 'hono';
import { ZSuggestQuery } from '@shared/search.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { jsonOnce } from '../../lib/json-body';
import { suggest } from './search.service';

export function createSearchRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/search/suggest', validate('query', ZSuggestQuery), (c) =>
    jsonOnce(c, suggest({ db, q: c.req.valid('query').q })),
  );
}
