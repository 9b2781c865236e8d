/**
 * The one error type services throw. The error handler turns it into application/problem+json,
 * so a service never needs to know about HTTP beyond choosing a status.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', 404, `${what} not found`);

/** The one 401: no session, or the session's user no longer exists. */
export const notSignedIn = () => new AppError('unauthenticated', 401, 'You need to be logged in to access this page.');
