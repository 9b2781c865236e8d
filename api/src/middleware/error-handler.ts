/**
 * Turns thrown errors into problem+json. AppError keeps its status and message; anything else is
 * logged with the request id and answers a generic 500 so no internals leak.
 */
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/app-error';
import { problem } from '../lib/problem';

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) {
    return problem(c, error.status, error.code, error.message, error.fieldErrors, error.headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    return problem(c, status, status === 413 ? 'payload_too_large' : 'http_error', error.message || 'Request failed');
  }
  c.get('log')?.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
  return problem(c, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
};

export const handleApiNotFound: NotFoundHandler<AppEnv> = (c) =>
  problem(c, 404, 'not_found', `No API route for ${c.req.method} ${c.req.path}`);
