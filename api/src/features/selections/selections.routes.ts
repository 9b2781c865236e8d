/**
 * Book selections and the entitlement summary (docs/API.md: selections): POST/GET /api/selections,
 * DELETE /api/selections/:bookId, GET /api/me/entitlements. Always scoped to the session's user.
 */
import { Hono } from 'hono';
import type { TEntitlements, TSelectionList } from '@shared/selections';
import { ZBookIdParam, ZSelectBookRequest } from '@shared/selections.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { getEntitlements, listSelections, removeSelection, selectBook } from './selections.service';

export function createSelectionsRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/selections', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listSelections({ db, userId: c.var.user.id, now: now() }) } satisfies TSelectionList);
    })
    .post('/selections', requireAuth(), validate('json', ZSelectBookRequest), (c) =>
      c.json(selectBook({ db, userId: c.var.user.id, bookRef: c.req.valid('json').bookId, now: now() }), 201),
    )
    .delete('/selections/:bookId', requireAuth(), validate('param', ZBookIdParam), (c) => {
      removeSelection({ db, userId: c.var.user.id, bookRef: c.req.valid('param').bookId, now: now() });
      return c.body(null, 204);
    })
    .get('/me/entitlements', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getEntitlements({ db, userId: c.var.user.id, now: now() }) satisfies TEntitlements);
    });
}
