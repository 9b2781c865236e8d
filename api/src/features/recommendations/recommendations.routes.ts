/**
 * Recommendations (docs/product/recommendations.md#api): the reader's rows, "Not interested", clicks, and a book's
 * "More like this" (public: book-to-book data only).
 */
import { Hono } from 'hono';
import { ZRecommendationBookParam, ZSimilarBooksParam } from '@shared/recommendations.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import {
  dismissRecommendation,
  getRecommendationRows,
  getSimilarBooks,
  recordRecommendationClick,
} from './recommendations.service';

export function createRecommendationsRoutes(deps: AppDeps) {
  const { db, now } = deps;
  return new Hono<AppEnv>()
    .get('/recommendations', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getRecommendationRows({ db, userId: c.var.user.id }));
    })
    .post('/recommendations/:bookId/dismiss', requireAuth(), validate('param', ZRecommendationBookParam), (c) => {
      dismissRecommendation(deps, { userId: c.var.user.id, bookId: c.req.valid('param').bookId });
      return c.body(null, 204);
    })
    .post('/recommendations/:bookId/click', requireAuth(), validate('param', ZRecommendationBookParam), (c) => {
      recordRecommendationClick({ db, userId: c.var.user.id, bookId: c.req.valid('param').bookId, now: now() });
      return c.body(null, 204);
    })
    .get('/books/:idOrSlug/similar', validate('param', ZSimilarBooksParam), (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(getSimilarBooks({ db, bookId: c.req.valid('param').idOrSlug }));
    });
}
