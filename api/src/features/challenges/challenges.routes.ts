/**
 * Reading challenges (docs/product/reviews-and-challenges.md#reading-challenges): the public list and pages, creating
 * and managing a challenge, joining, the leaderboard, the activity feed and the comments.
 */
import { Hono } from 'hono';
import type { TChallengeDetail } from '@shared/challenges';
import {
  ZChallengeIdParam,
  ZChallengeInput,
  ZChallengeListQuery,
  ZCommentEdit,
  ZCommentIdParam,
  ZCommentInput,
  ZCommentModeration,
  ZFeatureChallenge,
  ZLeaderboardChoice,
} from '@shared/challenges.schemas';
import type { TRole } from '@shared/tiers';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth, requirePermission } from '../../middleware/auth';
import {
  closeChallenge,
  createChallenge,
  getChallenge,
  getLeaderboard,
  joinChallenge,
  leaveChallenge,
  listActivities,
  listChallenges,
  setFeatured,
  setLeaderboardChoice,
  updateChallenge,
  type TViewer,
} from './challenges.service';
import {
  addComment,
  deleteComment,
  editComment,
  listComments,
  moderateComment,
  setCommentLike,
} from './challenge-comments.service';

function viewerOf(user: { id: string; role: TRole }): TViewer;
function viewerOf(user: { id: string; role: TRole } | null): TViewer | null;
function viewerOf(user: { id: string; role: TRole } | null): TViewer | null {
  return user ? { id: user.id, role: user.role } : null;
}

export function createChallengesRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/challenges', validate('query', ZChallengeListQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        listChallenges({ db, query: c.req.valid('query'), viewerId: c.var.sessionUser?.id ?? null, now: now() }),
      );
    })
    .post('/challenges', requireAuth(), validate('json', ZChallengeInput), (c) =>
      c.json(
        createChallenge({
          db,
          viewer: viewerOf(c.var.user),
          input: c.req.valid('json'),
          now: now(),
        }) satisfies TChallengeDetail,
        201,
      ),
    )
    .get('/challenges/:id', validate('param', ZChallengeIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getChallenge({ db, id: c.req.valid('param').id, viewer: viewerOf(c.var.sessionUser), now: now() }));
    })
    .patch(
      '/challenges/:id',
      requireAuth(),
      validate('param', ZChallengeIdParam),
      validate('json', ZChallengeInput),
      (c) =>
        c.json(
          updateChallenge({
            db,
            id: c.req.valid('param').id,
            viewer: viewerOf(c.var.user),
            input: c.req.valid('json'),
            now: now(),
          }),
        ),
    )
    .post('/challenges/:id/close', requireAuth(), validate('param', ZChallengeIdParam), (c) =>
      c.json(closeChallenge({ db, id: c.req.valid('param').id, viewer: viewerOf(c.var.user), now: now() })),
    )
    .put(
      '/challenges/:id/featured',
      requirePermission('challenges:feature'),
      validate('param', ZChallengeIdParam),
      validate('json', ZFeatureChallenge),
      (c) =>
        c.json(
          setFeatured({
            db,
            id: c.req.valid('param').id,
            viewer: viewerOf(c.var.user),
            isFeatured: c.req.valid('json').isFeatured,
            now: now(),
          }),
        ),
    )
    .post('/challenges/:id/participants/me', requireAuth(), validate('param', ZChallengeIdParam), (c) =>
      c.json(joinChallenge({ db, id: c.req.valid('param').id, viewer: viewerOf(c.var.user), now: now() }), 201),
    )
    .delete('/challenges/:id/participants/me', requireAuth(), validate('param', ZChallengeIdParam), (c) =>
      c.json(leaveChallenge({ db, id: c.req.valid('param').id, viewer: viewerOf(c.var.user), now: now() })),
    )
    .patch(
      '/challenges/:id/participants/me',
      requireAuth(),
      validate('param', ZChallengeIdParam),
      validate('json', ZLeaderboardChoice),
      (c) =>
        c.json(
          setLeaderboardChoice({
            db,
            id: c.req.valid('param').id,
            viewer: viewerOf(c.var.user),
            hideFromLeaderboard: c.req.valid('json').hideFromLeaderboard,
            now: now(),
          }),
        ),
    )
    .get('/challenges/:id/leaderboard', validate('param', ZChallengeIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getLeaderboard({ db, id: c.req.valid('param').id, viewerId: c.var.sessionUser?.id ?? null }));
    })
    .get('/challenges/:id/activities', validate('param', ZChallengeIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listActivities({ db, id: c.req.valid('param').id, viewerId: c.var.sessionUser?.id ?? null }));
    })
    .get('/challenges/:id/comments', validate('param', ZChallengeIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listComments({ db, challengeId: c.req.valid('param').id, viewer: viewerOf(c.var.sessionUser) }));
    })
    .post(
      '/challenges/:id/comments',
      requireAuth(),
      validate('param', ZChallengeIdParam),
      validate('json', ZCommentInput),
      (c) => {
        const { content, parentId } = c.req.valid('json');
        return c.json(
          addComment({
            db,
            challengeId: c.req.valid('param').id,
            viewer: viewerOf(c.var.user),
            content,
            parentId,
            now: now(),
          }),
          201,
        );
      },
    )
    .patch(
      '/challenges/comments/:commentId',
      requireAuth(),
      validate('param', ZCommentIdParam),
      validate('json', ZCommentEdit),
      (c) =>
        c.json(
          editComment({
            db,
            commentId: c.req.valid('param').commentId,
            viewer: viewerOf(c.var.user),
            content: c.req.valid('json').content,
            now: now(),
          }),
        ),
    )
    .delete('/challenges/comments/:commentId', requireAuth(), validate('param', ZCommentIdParam), (c) => {
      deleteComment({ db, commentId: c.req.valid('param').commentId, viewer: viewerOf(c.var.user), now: now() });
      return c.body(null, 204);
    })
    .put('/challenges/comments/:commentId/like', requireAuth(), validate('param', ZCommentIdParam), (c) =>
      c.json(
        setCommentLike({
          db,
          commentId: c.req.valid('param').commentId,
          viewer: viewerOf(c.var.user),
          liked: true,
          now: now(),
        }),
      ),
    )
    .delete('/challenges/comments/:commentId/like', requireAuth(), validate('param', ZCommentIdParam), (c) =>
      c.json(
        setCommentLike({
          db,
          commentId: c.req.valid('param').commentId,
          viewer: viewerOf(c.var.user),
          liked: false,
          now: now(),
        }),
      ),
    )
    .patch(
      '/moderation/challenge-comments/:commentId',
      requirePermission('community:moderate'),
      validate('param', ZCommentIdParam),
      validate('json', ZCommentModeration),
      (c) => {
        const { isHidden, reason } = c.req.valid('json');
        return c.json(
          moderateComment({
            db,
            commentId: c.req.valid('param').commentId,
            viewer: viewerOf(c.var.user),
            isHidden,
            reason,
            now: now(),
          }),
        );
      },
    );
}
