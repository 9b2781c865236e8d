/**
 * Reading position and bookmarks, read side (docs/API.md: progress): GET /api/progress,
 * GET /api/progress/:bookId and GET /api/bookmarks, always the session user's own rows. Writes go
 * through POST /api/sync.
 */
import { Hono } from 'hono';
import type { TBookmarkList, TProgressList, TReadingProgress } from '@shared/progress';
import { ZBookmarksQuery, ZProgressBookParam, ZProgressListQuery } from '@shared/sync.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { getProgress, listBookmarks, listRecentProgress } from './progress.service';

export function createProgressRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/progress', requireAuth(), validate('query', ZProgressListQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({
        items: listRecentProgress({ db, userId: c.var.user.id, query: c.req.valid('query'), now: now() }),
      } satisfies TProgressList);
    })
    .get('/progress/:bookId', requireAuth(), validate('param', ZProgressBookParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        getProgress({ db, userId: c.var.user.id, bookRef: c.req.valid('param').bookId }) satisfies TReadingProgress,
      );
    })
    .get('/bookmarks', requireAuth(), validate('query', ZBookmarksQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listBookmarks({ db, userId: c.var.user.id, query: c.req.valid('query') }) satisfies TBookmarkList);
    });
}
