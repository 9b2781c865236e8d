/**
 * Feedback (docs/product/feedback.md). Readers: their own items and the public ones, upvote once (items are filed
 * through POST /api/sync as `feedback.submit`, so they work offline). Triage (permission feedback:respond:
 * moderators, admins, super admins): queue, detail, status/priority/visibility, comments, the public response.
 */
import { Hono } from 'hono';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  ZFeedbackScreenshotForm,
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
import { routeBodyLimit } from '../../middleware/body-limit';
import { allowMultipartUpload } from '../../middleware/csrf';
import { problem } from '../../lib/problem';
import { readFeedbackScreenshot, saveFeedbackScreenshot } from './feedback-screenshot.service';

/** The screenshot and the multipart framing around it. */
const SCREENSHOT_BODY_LIMIT = FEEDBACK_SCREENSHOT_MAX_BYTES + 16 * 1024;
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
  return (
    new Hono<AppEnv>()
      .get('/feedback', requireAuth(), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(listFeedbackForReader({ db, userId: c.var.user.id }));
      })
      .post('/feedback/:id/upvote', requireAuth(), validate('param', ZFeedbackIdParam), (c) =>
        c.json(upvoteFeedback({ db, userId: c.var.user.id, feedbackId: c.req.valid('param').id, now: now() })),
      )
      // The optional screenshot (docs/product/feedback.md#screenshots): sent after the item, by its writer.
      .put(
        '/feedback/:id/screenshot',
        allowMultipartUpload,
        requireAuth(),
        routeBodyLimit(SCREENSHOT_BODY_LIMIT, (c) =>
          problem(c, 413, 'screenshot_too_large', FEEDBACK_MESSAGES.screenshotTooLarge, [
            { field: 'screenshot', message: FEEDBACK_MESSAGES.screenshotTooLarge },
          ]),
        ),
        validate('param', ZFeedbackIdParam),
        validate('form', ZFeedbackScreenshotForm),
        async (c) => {
          const { screenshot } = c.req.valid('form');
          const bytes = new Uint8Array(await screenshot.arrayBuffer());
          return c.json(
            await saveFeedbackScreenshot(deps, { userId: c.var.user.id, feedbackId: c.req.valid('param').id, bytes }),
          );
        },
      )
      .get('/feedback/:id/screenshot', requireAuth(), validate('param', ZFeedbackIdParam), async (c) => {
        const image = await readFeedbackScreenshot(deps, { user: c.var.user, feedbackId: c.req.valid('param').id });
        return c.body(image.bytes, 200, {
          'Content-Type': image.contentType,
          'Cache-Control': 'private, no-store',
          'Content-Disposition': 'inline',
        });
      })
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
      )
  );
}
