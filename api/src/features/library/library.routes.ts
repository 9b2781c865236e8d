/**
 * The reader's shelf (docs/API.md: library): GET /api/library (filters), GET /api/library/stats (the
 * dashboard's figures), POST /api/library {bookId} and DELETE /api/library/:bookId. Always scoped to
 * the session user.
 */
import { Hono } from 'hono';
import type { TLibraryList, TReadingStats } from '@shared/progress';
import { ZAddToLibraryRequest, ZLibraryBookParam, ZLibraryQuery } from '@shared/sync.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { addToLibrary, getReadingStats, listLibrary, removeFromLibrary } from './library.service';

export function createLibraryRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/library', requireAuth(), validate('query', ZLibraryQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        listLibrary({ db, userId: c.var.user.id, query: c.req.valid('query'), now: now() }) satisfies TLibraryList,
      );
    })
    .get('/library/stats', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getReadingStats({ db, userId: c.var.user.id, now: now() }) satisfies TReadingStats);
    })
    .post('/library', requireAuth(), validate('json', ZAddToLibraryRequest), (c) => {
      const { entry, created } = addToLibrary({
        db,
        userId: c.var.user.id,
        bookRef: c.req.valid('json').bookId,
        now: now(),
      });
      return c.json(entry, created ? 201 : 200);
    })
    .delete('/library/:bookId', requireAuth(), validate('param', ZLibraryBookParam), (c) => {
      removeFromLibrary({ db, userId: c.var.user.id, bookRef: c.req.valid('param').bookId, now: now() });
      return c.body(null, 204);
    });
}
