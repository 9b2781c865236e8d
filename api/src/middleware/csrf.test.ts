import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createTestContext } from '../test-utils';
import { testEnv } from '../features/auth/auth-test-helpers';
import { handleError } from './error-handler';
import { allowMultipartUpload, allowPdfUpload, csrfProtection } from './csrf';

/** What a browser (or a script) can send; `body` decides whether a Content-Length goes with it. */
const CONTENT_TYPES: { name: string; contentType?: string; body?: string; accepted: boolean }[] = [
  { name: 'no body', accepted: true },
  { name: 'application/json', contentType: 'application/json', body: '{}', accepted: true },
  {
    name: 'application/json; charset=utf-8',
    contentType: 'Application/JSON; charset=utf-8',
    body: '{}',
    accepted: true,
  },
  { name: 'text/plain', contentType: 'text/plain', body: '{}', accepted: false },
  { name: 'urlencoded form', contentType: 'application/x-www-form-urlencoded', body: 'a=1', accepted: false },
  { name: 'multipart form', contentType: 'multipart/form-data; boundary=x', body: '--x--', accepted: false },
  { name: 'body without a content type', body: '{}', accepted: false },
];

/** Where the request says it comes from. PUBLIC_URL is https://books.example.com; the request goes to that host. */
const ORIGINS: { name: string; headers: Record<string, string>; sameOrigin: boolean }[] = [
  { name: 'no Origin (non-browser client)', headers: {}, sameOrigin: true },
  { name: 'PUBLIC_URL origin', headers: { origin: 'https://books.example.com' }, sameOrigin: true },
  { name: 'the request host (dev proxy)', headers: { origin: 'http://books.example.com' }, sameOrigin: true },
  {
    name: 'same-origin fetch metadata',
    headers: { origin: 'https://books.example.com', 'sec-fetch-site': 'same-origin' },
    sameOrigin: true,
  },
  { name: 'another site', headers: { origin: 'https://evil.example' }, sameOrigin: false },
  { name: 'a sub-domain', headers: { origin: 'https://evil.books.example.com' }, sameOrigin: false },
  { name: 'Origin: null', headers: { origin: 'null' }, sameOrigin: false },
  { name: 'cross-site fetch metadata without Origin', headers: { 'sec-fetch-site': 'cross-site' }, sameOrigin: false },
];

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

function request(method: string, origin: (typeof ORIGINS)[number], type: (typeof CONTENT_TYPES)[number]) {
  const headers: Record<string, string> = { ...origin.headers };
  if (type.contentType) headers['content-type'] = type.contentType;
  if (type.body !== undefined) headers['content-length'] = String(type.body.length);
  return new Request(`http://books.example.com/api/auth/logout`, { method, headers, body: type.body });
}

describe('CSRF and JSON-only writes: cross-site origin × content type × method', () => {
  const { app } = createTestContext({ env: testEnv({ PUBLIC_URL: 'https://books.example.com' }) });

  /** The app's own write routes ("METHOD /path") whose path `matches`, read from its route list. */
  const writeRoutes = (matches: (path: string) => boolean) => [
    ...new Set(
      app.routes
        .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
        .filter((route) => matches(route.path))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ];

  /** A raw cross-site JSON write to `endpoint` (path parameters filled in): what the typed client never sends. */
  const crossSiteWrite = (endpoint: string, body = '{}') => {
    const [method, pattern] = endpoint.split(' ');
    const path = pattern.replace(/:[A-Za-z0-9_]+/g, () => crypto.randomUUID());
    return app.request(
      new Request(`http://books.example.com${path}`, {
        method,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body,
      }),
    );
  };

  for (const method of METHODS) {
    for (const origin of ORIGINS) {
      for (const type of CONTENT_TYPES) {
        const expected = !origin.sameOrigin ? 403 : !type.accepted ? 415 : null;
        it(`${method} from ${origin.name} with ${type.name} → ${expected ?? 'passes'}`, async () => {
          // raw request: content types, lengths and origins a browser or script can send, most of which the typed client never would
          const response = await app.request(request(method, origin, type));
          if (expected === null) {
            // Past the check: POST /api/auth/logout answers 204, other methods find no route.
            expect(response.status).toBe(method === 'POST' ? 204 : 404);
          } else {
            expect(response.status).toBe(expected);
            expect(response.headers.get('content-type')).toContain('application/problem+json');
            expect(await response.json()).toMatchObject({
              code: expected === 403 ? 'csrf_rejected' : 'unsupported_media_type',
            });
          }
        });
      }
    }
  }

  it('refuses the sign-in unlock, lock-clearing, back-office money and e-mail writes from another site', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/unlock'],
      ['DELETE', `/api/admin/auth/locks/${crypto.randomUUID()}`],
      ['POST', `/api/admin/email/outbox/${crypto.randomUUID()}/resend`],
      ['POST', `/api/admin/subscriptions/${crypto.randomUUID()}/cancel`],
      ['POST', `/api/admin/subscriptions/${crypto.randomUUID()}/resume`],
      ['POST', `/api/admin/subscriptions/${crypto.randomUUID()}/extend-trial`],
      ['POST', `/api/admin/invoices/${crypto.randomUUID()}/refund`],
      ['POST', '/api/admin/email/templates/welcome/test'],
      ['POST', '/api/admin/email/campaigns'],
      ['POST', `/api/admin/email/campaigns/${crypto.randomUUID()}/cancel`],
      ['POST', `/api/feedback/${crypto.randomUUID()}/upvote`],
      ['POST', '/api/email/unsubscribe/one-click?token=abcdefghijklmnopqrstuvwxyz'],
      ['PUT', '/api/reading-preferences'],
    ]) {
      // raw request: a cross-site write the typed client never sends
      const response = await app.request(
        new Request(`http://books.example.com${path}`, {
          method,
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      expect(response.status, path).toBe(403);
    }
  });

  it("refuses every back-office write from another site, read from the app's own route list", async () => {
    const writes = writeRoutes((path) => path.startsWith('/api/admin/'));
    expect(writes).toContain('POST /api/admin/users/bulk');
    expect(writes).toContain('POST /api/admin/loans/:id/revoke');
    expect(writes).toContain('PATCH /api/admin/plans/:id');
    expect(writes).toContain('POST /api/admin/feedback/:id/response');
    expect(writes).toContain('POST /api/admin/health/runs');
    expect(writes).toContain('PATCH /api/admin/system-settings/:key');
    expect(writes).toContain('POST /api/admin/super-admin/backups');
    for (const endpoint of writes) {
      const response = await crossSiteWrite(endpoint);
      expect(response.status, endpoint).toBe(403);
    }
  });

  it('refuses every review, moderation and challenge write from another site, read from the route list', async () => {
    const community = ['/api/books/:idOrSlug/reviews', '/api/reviews/', '/api/moderation/', '/api/challenges'];
    const writes = writeRoutes((path) => community.some((prefix) => path.startsWith(prefix)));
    expect(writes).toContain('PUT /api/books/:idOrSlug/reviews/mine');
    expect(writes).toContain('PATCH /api/moderation/reviews/:id');
    for (const endpoint of writes) {
      const response = await crossSiteWrite(endpoint);
      expect(response.status, endpoint).toBe(403);
      expect((await response.json()).code, endpoint).toBe('csrf_rejected');
    }
  });

  it('refuses the highlights export from another site and a body that is not JSON', async () => {
    const writes = writeRoutes((path) => path.startsWith('/api/highlights'));
    expect(writes).toContain('POST /api/highlights/books/:bookId/export');
    for (const endpoint of writes) {
      const [method, pattern] = endpoint.split(' ');
      const path = pattern.replace(/:[A-Za-z0-9_]+/g, () => crypto.randomUUID());
      // raw requests: a cross-site write and a form-encoded body, which the typed client never sends
      const crossSite = await app.request(
        new Request(`http://books.example.com${path}`, {
          method,
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      expect(crossSite.status, endpoint).toBe(403);
      const form = await app.request(
        new Request(`http://books.example.com${path}`, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'a=b',
        }),
      );
      expect(form.status, endpoint).toBe(415);
    }
  });

  it('refuses every assistant write from another site, read from the route list', async () => {
    const writes = writeRoutes((path) => path.startsWith('/api/assistant/') || path.endsWith('/assistant/threads'));
    expect(writes).toEqual(
      expect.arrayContaining([
        'POST /api/books/:id/assistant/threads',
        'PATCH /api/assistant/threads/:id',
        'DELETE /api/assistant/threads/:id',
        'POST /api/assistant/threads/:id/messages',
        'POST /api/assistant/threads/:id/messages/stream',
      ]),
    );
    for (const endpoint of writes) {
      const response = await crossSiteWrite(endpoint, '{"question":"Print the book"}');
      expect(response.status, endpoint).toBe(403);
      expect((await response.json()).code, endpoint).toBe('csrf_rejected');
    }
  });

  it('refuses every recommendation write from another site, read from the route list', async () => {
    const writes = writeRoutes((path) => path.startsWith('/api/recommendations'));
    expect(writes).toEqual(['POST /api/recommendations/:bookId/dismiss', 'POST /api/recommendations/:bookId/click']);
    for (const endpoint of writes) {
      const response = await crossSiteWrite(endpoint);
      expect(response.status, endpoint).toBe(403);
      expect((await response.json()).code, endpoint).toBe('csrf_rejected');
    }
  });

  it('takes the RFC 8058 one-click body (form-encoded) on that route only', async () => {
    const post = (path: string) =>
      // raw request: the form-encoded POST a mail provider sends, which the typed client never would
      app.request(
        new Request(`http://books.example.com${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '26' },
          body: 'List-Unsubscribe=One-Click',
        }),
      );
    // Past the content-type check: an unknown token is the route's own 404.
    expect((await post('/api/email/unsubscribe/one-click?token=abcdefghijklmnopqrstuvwxyz')).status).toBe(404);
    expect((await post('/api/email/unsubscribe')).status).toBe(415);
    expect((await post('/api/admin/email/campaigns')).status).toBe(415);
  });

  it('leaves safe methods alone, whatever their origin', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      // raw request: HEAD and OPTIONS are not in the typed client, and the loop sends all three alike
      const response = await app.request(
        new Request('http://books.example.com/api/health', {
          method,
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        }),
      );
      expect(response.status, method).not.toBe(403);
    }
  });
});

describe('allowMultipartUpload', () => {
  const env = testEnv({ PUBLIC_URL: 'https://books.example.com' });
  const uploads = new Hono().put('/me/avatar', allowMultipartUpload, (c) => c.text('stored'));
  // A sub-app with its own error handler wraps its handlers; the marker must still be found.
  const wrapped = new Hono().put('/me/banner', allowMultipartUpload, (c) => c.text('stored'));
  wrapped.onError((error, c) => c.text(error.message, 500));
  const app = new Hono()
    .use('/api/*', csrfProtection(env))
    .route('/api', uploads)
    .route('/api', wrapped)
    .put('/api/me/profile', (c) => c.text('saved'));
  app.onError(handleError);

  const multipart = (path: string, origin = 'https://books.example.com') => {
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    // raw request: a small app built here around the marker, not the API
    return app.request(`http://books.example.com${path}`, { method: 'PUT', body: form, headers: { origin } });
  };

  it('lets multipart/form-data through only on routes that opt in', async () => {
    expect((await multipart('/api/me/avatar')).status).toBe(200);
    expect((await multipart('/api/me/banner')).status).toBe(200);
    expect((await multipart('/api/me/profile')).status).toBe(415);
  });

  it('still refuses a cross-site upload', async () => {
    expect((await multipart('/api/me/avatar', 'https://evil.example')).status).toBe(403);
  });
});

describe('allowPdfUpload', () => {
  const env = testEnv({ PUBLIC_URL: 'https://books.example.com' });
  const app = new Hono()
    .use('/api/*', csrfProtection(env))
    .post('/api/admin/books/x/uploads', allowPdfUpload, (c) => c.text('received'))
    .post('/api/admin/books/x', (c) => c.text('saved'));
  app.onError(handleError);
  const pdf = (path: string, origin = 'https://books.example.com') =>
    // raw request: a small app built here around the marker, not the API
    app.request(`http://books.example.com${path}`, {
      method: 'POST',
      body: '%PDF-1.7',
      headers: { origin, 'content-type': 'application/pdf' },
    });

  it('takes an application/pdf body only on routes that opt in', async () => {
    expect((await pdf('/api/admin/books/x/uploads')).status).toBe(200);
    expect((await pdf('/api/admin/books/x')).status).toBe(415);
  });

  it('still refuses a cross-site PDF upload', async () => {
    expect((await pdf('/api/admin/books/x/uploads', 'https://evil.example')).status).toBe(403);
  });
});
