/**
 * Request body limits, enforced before anything reads a body (docs/product/operations.md#limits).
 * Every /api request gets DEFAULT_BODY_LIMIT_BYTES; a route that needs more (uploads, sync batches,
 * webhooks) lists `routeBodyLimit(bytes)` among its handlers and gets exactly that instead. A body
 * over the limit is refused with 413 problem+json as soon as its Content-Length says so, or as soon as
 * that many bytes of a chunked body have arrived: the rest is never read.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import { problem } from '../lib/problem';

/** Room for every JSON form of the app (the largest, a book's details, is a few KiB). */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

export const payloadTooLargeMessage = (bytes: number) =>
  `The request body is too large: this endpoint accepts at most ${formatBytes(bytes)}.`;

const tooLarge = (maxBytes: number) => (c: Context) =>
  problem(c, 413, 'payload_too_large', payloadTooLargeMessage(maxBytes));

const ROUTE_LIMITS = new WeakMap<MiddlewareHandler, number>();

/**
 * A route's own body limit, replacing the default. `onError` lets an upload name its field; the
 * default answer is the generic payload_too_large problem.
 */
export function routeBodyLimit(
  maxBytes: number,
  onError: (c: Context) => Response | Promise<Response> = tooLarge(maxBytes),
): MiddlewareHandler {
  const handler = bodyLimit({ maxSize: maxBytes, onError });
  ROUTE_LIMITS.set(handler, maxBytes);
  return handler;
}

function hasOwnLimit(c: Context): boolean {
  return matchedRoutes(c).some((route) => {
    const handler = route.handler as MiddlewareHandler & { [COMPOSED_HANDLER]?: MiddlewareHandler };
    // A sub-app with its own error handler wraps each handler; the original is kept under COMPOSED_HANDLER.
    return (
      ROUTE_LIMITS.has(handler) ||
      (handler[COMPOSED_HANDLER] !== undefined && ROUTE_LIMITS.has(handler[COMPOSED_HANDLER]))
    );
  });
}

/** The default limit for every route that does not declare its own. */
export function defaultBodyLimit(maxBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge(maxBytes) });
  return async (c, next) => (hasOwnLimit(c) ? next() : limit(c, next));
}

/** Longest path and query the server reads; longer ones are refused with 414 before routing. */
export const MAX_URL_LENGTH = 8 * 1024;

export const urlLengthLimit: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (url.length - Math.max(pathStart, 0) > MAX_URL_LENGTH)
    return problem(c, 414, 'uri_too_long', `The address is too long: at most ${MAX_URL_LENGTH} characters.`);
  await next();
};
