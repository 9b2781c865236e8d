/**
 * Gives every request an id (honouring a well-formed incoming X-Request-Id) and a logger that stamps
 * that id on every line. The pino child logger is created only when a handler first logs: most
 * requests never log, and creating it eagerly measured at a noticeable share of a fast read.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps';
import type { Logger } from '../logger';
import { addResponseHeaders } from '../lib/response-headers';
import { readRequestHeader } from '../lib/request-headers';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export class RequestLogger {
  #child: Logger | undefined;

  constructor(
    private readonly base: Logger,
    readonly requestId: string,
  ) {}

  /** The pino logger for this request (a child carrying `requestId`). */
  get logger(): Logger {
    this.#child ??= this.base.child({ requestId: this.requestId });
    return this.#child;
  }
}

export const requestContext = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const incoming = readRequestHeader(c, 'x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('log', new RequestLogger(logger, requestId));
    addResponseHeaders(c, [['X-Request-Id', requestId]]);
    if (!logger.isLevelEnabled('debug')) return next();
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      c.var.log.logger.debug(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });
