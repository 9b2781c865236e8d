/**
 * The book assistant (docs/product/assistant.md; docs/API.md: assistant): the mode, a book's conversations, asking
 * (JSON, or streamed as server-sent events with a Stop), renaming and deleting. Every route is the signed-in reader's
 * own; asking is rate-limited per reader and per IP address.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_QUESTIONS_PER_HOUR,
  ASSISTANT_QUESTIONS_PER_HOUR_PER_IP,
  type TAssistantBookView,
  type TAssistantExchange,
  type TAssistantStatus,
  type TAssistantThread,
  type TAssistantThreadDetail,
} from '@shared/assistant';
import {
  ZAssistantBookParam,
  ZAssistantQuestion,
  ZAssistantThreadCreate,
  ZAssistantThreadParam,
  ZAssistantThreadRename,
} from '@shared/assistant.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { rateLimit } from '../../middleware/rate-limit';
import {
  answerStreaming,
  askEmbedded,
  assistantStatus,
  createThread,
  deleteThread,
  getBookView,
  getThread,
  prepareQuestion,
  renameThread,
} from './assistant.service';

const HOUR_MS = 60 * 60 * 1000;

/** docs/product/assistant.md#limits: questions per reader and per IP address per hour. */
export const ASSISTANT_RATE_LIMITS = {
  perReader: { name: 'assistant:reader', limit: ASSISTANT_QUESTIONS_PER_HOUR, windowMs: HOUR_MS },
  perIp: { name: 'assistant:ip', limit: ASSISTANT_QUESTIONS_PER_HOUR_PER_IP, windowMs: HOUR_MS },
} as const;

export function createAssistantRoutes(deps: AppDeps) {
  const { db, now } = deps;
  const askLimits = [
    rateLimit(deps, { ...ASSISTANT_RATE_LIMITS.perIp, message: ASSISTANT_MESSAGES.rateLimited }),
    rateLimit(deps, {
      ...ASSISTANT_RATE_LIMITS.perReader,
      message: ASSISTANT_MESSAGES.rateLimited,
      subject: (c) => c.var.sessionUser?.id ?? 'unknown',
    }),
  ] as const;
  return new Hono<AppEnv>()
    .get('/assistant/status', requireAuth(), (c) => c.json(assistantStatus(deps.env) satisfies TAssistantStatus))
    .get('/books/:id/assistant', requireAuth(), validate('param', ZAssistantBookParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const view = await getBookView({ deps, userId: c.var.user.id, bookId: c.req.valid('param').id });
      return c.json(view satisfies TAssistantBookView);
    })
    .post(
      '/books/:id/assistant/threads',
      requireAuth(),
      validate('param', ZAssistantBookParam),
      validate('json', ZAssistantThreadCreate),
      async (c) => {
        const thread = await createThread({
          deps,
          userId: c.var.user.id,
          bookId: c.req.valid('param').id,
          title: c.req.valid('json').title,
        });
        return c.json(thread satisfies TAssistantThread, 201);
      },
    )
    .get('/assistant/threads/:id', requireAuth(), validate('param', ZAssistantThreadParam), (c) => {
      c.header('Cache-Control', 'no-store');
      const thread = getThread({ db, userId: c.var.user.id, threadId: c.req.valid('param').id });
      return c.json(thread satisfies TAssistantThreadDetail);
    })
    .patch(
      '/assistant/threads/:id',
      requireAuth(),
      validate('param', ZAssistantThreadParam),
      validate('json', ZAssistantThreadRename),
      (c) => {
        const thread = renameThread({
          db,
          userId: c.var.user.id,
          threadId: c.req.valid('param').id,
          title: c.req.valid('json').title,
          now: now(),
        });
        return c.json(thread satisfies TAssistantThread);
      },
    )
    .delete('/assistant/threads/:id', requireAuth(), validate('param', ZAssistantThreadParam), (c) => {
      deleteThread({ db, userId: c.var.user.id, threadId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .post(
      '/assistant/threads/:id/messages',
      requireAuth(),
      validate('param', ZAssistantThreadParam),
      validate('json', ZAssistantQuestion),
      ...askLimits,
      async (c) => {
        const { question, wholeBook } = c.req.valid('json');
        const exchange = await askEmbedded({
          deps,
          userId: c.var.user.id,
          threadId: c.req.valid('param').id,
          question,
          wholeBook,
        });
        return c.json(exchange satisfies TAssistantExchange, 201);
      },
    )
    .post(
      '/assistant/threads/:id/messages/stream',
      requireAuth(),
      validate('param', ZAssistantThreadParam),
      validate('json', ZAssistantQuestion),
      ...askLimits,
      async (c) => {
        const { question, wholeBook } = c.req.valid('json');
        const userId = c.var.user.id;
        // Every refusal (access, unknown conversation, no content) happens here, as a problem answer, before streaming.
        const prepared = await prepareQuestion({
          deps,
          userId,
          threadId: c.req.valid('param').id,
          question,
          wholeBook,
        });
        const stop = new AbortController();
        c.req.raw.signal.addEventListener('abort', () => stop.abort());
        const response = streamSSE(c, async (stream) => {
          stream.onAbort(() => stop.abort());
          await stream.writeSSE({ event: 'scope', data: JSON.stringify({ scope: prepared.scope }) });
          try {
            const exchange = await answerStreaming({
              deps,
              userId,
              prepared,
              signal: stop.signal,
              emit: (part) => stream.writeSSE({ event: 'part', data: JSON.stringify(part) }),
            });
            if (!stop.signal.aborted) await stream.writeSSE({ event: 'done', data: JSON.stringify(exchange) });
          } catch (error) {
            const message = error instanceof AppError ? error.message : ASSISTANT_MESSAGES.modelFailed;
            if (!(error instanceof AppError)) deps.logger.error({ err: error }, 'assistant answer failed');
            await stream.writeSSE({ event: 'error', data: JSON.stringify({ message }) });
          }
        });
        // Streamed as it is made: never buffered for compression (docs/product/assistant.md#modes).
        response.headers.set('Cache-Control', 'no-store, no-transform');
        return response;
      },
    );
}
