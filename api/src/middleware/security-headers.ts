/**
 * Strict security headers (DESIGN §6). The CSP allows only same-origin scripts and workers; pdf.js
 * needs blob: workers and data:/blob: images, so those are allowed and nothing else.
 *
 * Hono's secureHeaders composes these strings and a Headers object on every request, which measured
 * at about half of a catalogue request's cost. The values never change for a process, so they are
 * computed once with that same library at start-up and added cheaply (lib/response-headers.ts).
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { addResponseHeaders } from '../lib/response-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

function secureHeaderOptions(isProduction: boolean): SecureHeadersOptions {
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: isProduction ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  };
}

/** The exact headers hono/secure-headers adds for these options, computed by running it once. */
async function computeSecurityHeaders(isProduction: boolean): Promise<[string, string][]> {
  const probe = new Hono().use(secureHeaders(secureHeaderOptions(isProduction))).get('/', (c) => c.body(null, 204));
  const response = await probe.request('/');
  return [...response.headers.entries()];
}

export const securityHeaders = (isProduction: boolean) => {
  const pending = computeSecurityHeaders(isProduction);
  let headers: [string, string][] | undefined;
  return createMiddleware(async (c, next) => {
    headers ??= await pending;
    addResponseHeaders(c, headers);
    await next();
  });
};
