/**
 * Feedback (docs/product/feedback.md). Readers: their own items and the public ones, upvote once (items are filed
 * through POST /api/sync as `feedback.submit`, so they work offline). Triage (permission feedback:respond:
 * moderators, admins, super admins): queue, detail, status/priority/visibility, comments, the public response.
 */
import { Hono } from 'hono';
import {
  ZFeedbackCommentCreate,
  ZFeedbackIdParam,
  ZFeedbackResponse,
  ZFeedbackTriageQuery,
  ZFeedbackTriageUpdate,
} from '@shared/feedback';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth, requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  addFeedbackComment,
  getFeedbackTriage,
  listFeedbackForReader,
  listFeedbackTriage,
  respondToFeedback,
  updateFeedbackTriage,
  upvoteFeedback,
} from './feedback.service';

export function createFeedbackRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  const staff = requirePermission('feedback:respond');
  return new Hono<AppEnv>()
    .get('/feedback', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listFeedbackForReader({ db, userId: c.var.user.id }));
    })
    .post('/feedback/:id/upvote', requireAuth(), validate('param', ZFeedbackIdParam), (c) =>
      c.json(upvoteFeedback({ db, userId: c.var.user.id, feedbackId: c.req.valid('param').id, now: now() })),
    )
    .get('/admin/feedback', staff, validate('query', ZFeedbackTriageQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listFeedbackTriage({ db, query: c.req.valid('query') }));
    })
    .get('/admin/feedback/:id', staff, validate('param', ZFeedbackIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getFeedbackTriage({ db, feedbackId: c.req.valid('param').id }));
    })
    .patch(
      '/admin/feedback/:id',
      staff,
      validate('param', ZFeedbackIdParam),
      validate('json', ZFeedbackTriageUpdate),
      (c) =>
        c.json(
          updateFeedbackTriage({
            db,
            now: now(),
            staffId: c.var.user.id,
            feedbackId: c.req.valid('param').id,
            change: c.req.valid('json'),
            ...getRequestMeta(c, env),
          }),
        ),
    )
    .post(
      '/admin/feedback/:id/comments',
      staff,
      validate('param', ZFeedbackIdParam),
      validate('json', ZFeedbackCommentCreate),
      (c) =>
        c.json(
          addFeedbackComment({
            db,
            now: now(),
            staffId: c.var.user.id,
            feedbackId: c.req.valid('param').id,
            input: c.req.valid('json'),
            ...getRequestMeta(c, env),
          }),
        ),
    )
    .post(
      '/admin/feedback/:id/response',
      staff,
      validate('param', ZFeedbackIdParam),
      validate('json', ZFeedbackResponse),
      async (c) =>
        c.json(
          await respondToFeedback({
            db,
            now: now(),
            staffId: c.var.user.id,
            feedbackId: c.req.valid('param').id,
            input: c.req.valid('json'),
            emailDeps: deps,
            ...getRequestMeta(c, env),
          }),
        ),
    );
}
