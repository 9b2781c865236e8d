/**
 * Same-origin JSON-only writes (docs/ARCHITECTURE.md#security). Every POST, PUT, PATCH and DELETE under /api:
 *
 * 1. is refused (403) when the browser says it comes from another site: `Sec-Fetch-Site: cross-site`,
 *    or an `Origin` that is neither PUBLIC_URL's origin nor the host the request was sent to
 *    (`Origin: null` from sandboxed frames and opaque redirects is refused too);
 * 2. must carry its body as `application/json` (415 otherwise). HTML forms can only send
 *    urlencoded, multipart or text/plain bodies, and cross-site fetches with a JSON content type need
 *    a CORS preflight we never grant, so together the two checks stop cross-site request forgery
 *    without tokens. A request without a body (and without a content type) passes.
 *
 * File uploads are the one exception to rule 2: a route opts in to `multipart/form-data` by listing
 * `allowMultipartUpload` among its handlers, e.g.
 * `.put('/me/avatar', allowMultipartUpload, handler)`. Rule 1 still applies to it. The admin PDF upload sends the
 * file itself as `application/pdf` on routes that list `allowPdfUpload`.
 * The one-click unsubscribe of RFC 8058 is the other: mail providers POST `List-Unsubscribe=One-Click` as
 * `application/x-www-form-urlencoded` to the URL of the List-Unsubscribe header, so that route lists
 * `allowOneClickUnsubscribe`. Its token in the URL is the credential and it can only switch mail off.
 * Non-browser clients (curl, webhooks) send no Origin or Sec-Fetch-Site and are unaffected by rule 1;
 * they cannot carry a victim's cookie anyway.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { AppEnv } from '../deps';
import type { TEnv } from '../env';
import { AppError } from '../lib/app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_REJECTED_MESSAGE = 'Cross-site requests are not allowed.';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as application/json.';

/** Marker handler: a route that lists it accepts multipart/form-data bodies (file uploads). */
export const allowMultipartUpload: MiddlewareHandler = async (_c, next) => {
  await next();
};

/**
 * Marker handler: the route takes a PDF as its raw body (`application/pdf`), streamed to disk by the admin book upload.
 * Not a CORS-safelisted type, so a cross-site page cannot send it without a preflight we never grant.
 */
export const allowPdfUpload: MiddlewareHandler = async (_c, next) => {
  await next();
};

/** Marker handler: the RFC 8058 one-click unsubscribe route accepts application/x-www-form-urlencoded. */
export const allowOneClickUnsubscribe: MiddlewareHandler = async (_c, next) => {
  await next();
};

function routeHasMarker(c: Context, marker: MiddlewareHandler): boolean {
  return matchedRoutes(c).some((route) => {
    const handler = route.handler as MiddlewareHandler & { [COMPOSED_HANDLER]?: unknown };
    // A sub-app with its own error handler wraps each handler; the original is kept under COMPOSED_HANDLER.
    return handler === marker || handler[COMPOSED_HANDLER] === marker;
  });
}

function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}

/** Content-Length > 0 or a chunked body: a request with content, whatever its content type says. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  return c.req.header('transfer-encoding') !== undefined;
}

export const csrfProtection = (env: Pick<TEnv, 'publicUrl'>) => {
  const publicOrigin = new URL(env.publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();

    if (c.req.header('sec-fetch-site') === 'cross-site')
      throw new AppError('csrf_rejected', 403, CSRF_REJECTED_MESSAGE);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== publicOrigin) {
      // The request's own host covers dev proxies and deployments reached under several names.
      const originHost = hostOf(origin);
      if (!originHost || originHost !== new URL(c.req.url).host) {
        throw new AppError('csrf_rejected', 403, CSRF_REJECTED_MESSAGE);
      }
    }

    const contentType = c.req.header('content-type');
    if (contentType !== undefined) {
      const mediaType = contentType.split(';')[0].trim().toLowerCase();
      const accepted =
        mediaType === 'application/json' ||
        (mediaType === 'multipart/form-data' && routeHasMarker(c, allowMultipartUpload)) ||
        (mediaType === 'application/pdf' && routeHasMarker(c, allowPdfUpload)) ||
        (mediaType === 'application/x-www-form-urlencoded' && routeHasMarker(c, allowOneClickUnsubscribe));
      if (!accepted) throw new AppError('unsupported_media_type', 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    } else if (hasBody(c)) {
      throw new AppError('unsupported_media_type', 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    }
    await next();
  });
};
