/** Gives every request an id (honouring a well-formed incoming X-Request-Id) and a child logger. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps';
import type { Logger } from '../logger';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export const requestContext = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    const requestLogger = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', requestLogger);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      requestLogger.debug(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });
