/**
 * Highlights, notes and review cards, read side and export (docs/API.md: highlights): GET /api/highlights,
 * GET /api/highlights/books, POST /api/highlights/books/:bookId/export (Markdown, counted against the
 * copy budget) and GET /api/review-cards. Always the session user's own rows; every write is a sync
 * mutation (POST /api/sync).
 */
import { Hono } from 'hono';
import type { THighlightBookCount, THighlightList, TReviewDeck } from '@shared/highlights';
import { ZHighlightBookParam, ZHighlightsQuery } from '@shared/highlights.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { countHighlightsPerBook, exportHighlights, listHighlights, readReviewDeck } from './highlights.service';

export function createHighlightsRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/highlights', requireAuth(), validate('query', ZHighlightsQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        listHighlights({ db, userId: c.var.user.id, query: c.req.valid('query') }) satisfies THighlightList,
      );
    })
    .get('/highlights/books', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: countHighlightsPerBook({ db, userId: c.var.user.id }) } satisfies {
        items: THighlightBookCount[];
      });
    })
    .post('/highlights/books/:bookId/export', requireAuth(), validate('param', ZHighlightBookParam), (c) => {
      const { fileName, markdown } = exportHighlights({
        db,
        userId: c.var.user.id,
        bookRef: c.req.valid('param').bookId,
        now: now(),
      });
      return c.body(markdown, 200, {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      });
    })
    .get('/review-cards', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(readReviewDeck({ db, userId: c.var.user.id }) satisfies TReviewDeck);
    });
}
