/**
 * Reviews and ratings (docs/product/reviews-and-challenges.md#reviews): a book's reviews (public), the reader's own
 * review, helpful votes, reports, and the moderators' queue.
 */
import { Hono } from 'hono';
import type { TReviewList } from '@shared/reviews';
import {
  ZBookReviewsParam,
  ZReviewIdParam,
  ZReviewInput,
  ZReviewListQuery,
  ZReviewModeration,
  ZReviewReport,
} from '@shared/reviews.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth, requirePermission } from '../../middleware/auth';
import {
  deleteOwnReview,
  listReviews,
  moderateReview,
  moderationQueue,
  reportReview,
  saveOwnReview,
  setHelpfulVote,
} from './reviews.service';

export function createReviewsRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/books/:idOrSlug/reviews', validate('param', ZBookReviewsParam), validate('query', ZReviewListQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      const { sort, page } = c.req.valid('query');
      const viewerId = c.var.sessionUser?.id ?? null;
      return c.json(
        listReviews({ db, bookRef: c.req.valid('param').idOrSlug, viewerId, sort, page }) satisfies TReviewList,
      );
    })
    .put(
      '/books/:idOrSlug/reviews/mine',
      requireAuth(),
      validate('param', ZBookReviewsParam),
      validate('json', ZReviewInput),
      (c) => {
        const { review, created } = saveOwnReview({
          db,
          userId: c.var.user.id,
          bookRef: c.req.valid('param').idOrSlug,
          input: c.req.valid('json'),
          now: now(),
        });
        return c.json(review, created ? 201 : 200);
      },
    )
    .delete('/books/:idOrSlug/reviews/mine', requireAuth(), validate('param', ZBookReviewsParam), (c) =>
      c.json(deleteOwnReview({ db, userId: c.var.user.id, bookRef: c.req.valid('param').idOrSlug, now: now() })),
    )
    .put('/reviews/:id/helpful', requireAuth(), validate('param', ZReviewIdParam), (c) =>
      c.json(
        setHelpfulVote({ db, userId: c.var.user.id, reviewId: c.req.valid('param').id, helpful: true, now: now() }),
      ),
    )
    .delete('/reviews/:id/helpful', requireAuth(), validate('param', ZReviewIdParam), (c) =>
      c.json(
        setHelpfulVote({ db, userId: c.var.user.id, reviewId: c.req.valid('param').id, helpful: false, now: now() }),
      ),
    )
    .post(
      '/reviews/:id/reports',
      requireAuth(),
      validate('param', ZReviewIdParam),
      validate('json', ZReviewReport),
      (c) => {
        reportReview({
          db,
          userId: c.var.user.id,
          reviewId: c.req.valid('param').id,
          reason: c.req.valid('json').reason,
          now: now(),
        });
        return c.body(null, 204);
      },
    )
    .get('/moderation/reviews', requirePermission('community:moderate'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(moderationQueue(db));
    })
    .patch(
      '/moderation/reviews/:id',
      requirePermission('community:moderate'),
      validate('param', ZReviewIdParam),
      validate('json', ZReviewModeration),
      (c) => {
        const { isApproved, reason } = c.req.valid('json');
        return c.json(
          moderateReview({
            db,
            moderatorId: c.var.user.id,
            reviewId: c.req.valid('param').id,
            isApproved,
            reason,
            now: now(),
          }),
        );
      },
    );
}
