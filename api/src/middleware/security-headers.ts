/**
 * Strict security headers (docs/ARCHITECTURE.md#security), in two sets:
 * - pages and static files get the full browser set from hono/secure-headers: a CSP allowing only
 *   same-origin scripts and workers (pdf.js needs blob: workers and data:/blob: images), framing by this
 *   origin only (the /accessibility-test page checks a page of the app in a same-origin frame;
 *   docs/product/operations.md#diagnostics), COOP/CORP, Referrer-Policy, Permissions-Policy, nosniff;
 * - JSON API answers are never rendered as documents, so they get the short set OWASP recommends
 *   for APIs: `default-src 'none'` (nothing may load if one is ever opened as a page), frame denial,
 *   nosniff, CORP and no referrer.
 * HSTS is added to both in production.
 *
 * The values never change for a process, so they are computed once and added to each response
 * without building a Headers object (lib/response-headers.ts): composing them per request measured
 * at about half the cost of a cached catalogue read.
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { addResponseHeaders } from '../lib/response-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const HSTS = 'max-age=63072000; includeSubDomains';

function pageHeaderOptions(isProduction: boolean): SecureHeadersOptions {
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
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity: isProduction ? HSTS : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'SAMEORIGIN',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  };
}

/** The exact headers hono/secure-headers adds for these options, computed by running it once. */
async function computePageHeaders(isProduction: boolean): Promise<[string, string][]> {
  const probe = new Hono().use(secureHeaders(pageHeaderOptions(isProduction))).get('/', (c) => c.body(null, 204));
  const response = await probe.request('/');
  return [...response.headers.entries()];
}

export function apiSecurityHeaders(isProduction: boolean): [string, string][] {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ...(isProduction ? ([['Strict-Transport-Security', HSTS]] as [string, string][]) : []),
  ];
}

export const securityHeaders = (isProduction: boolean) => {
  const pending = computePageHeaders(isProduction);
  const apiHeaders = apiSecurityHeaders(isProduction);
  let pageHeaders: [string, string][] | undefined;
  return createMiddleware(async (c, next) => {
    if (c.req.path.startsWith('/api/')) {
      addResponseHeaders(c, apiHeaders);
    } else {
      pageHeaders ??= await pending;
      addResponseHeaders(c, pageHeaders);
    }
    await next();
  });
};
