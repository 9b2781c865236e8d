/**
 * Authorisation matrix (docs/ARCHITECTURE.md#security).
 *
 * The route list comes from the real app (`createApp(...).routes`, built without a web root so the
 * SPA host is absent), crossed with {anonymous, user, moderator, admin, super_admin}. Every route must
 * have a rule in ACCESS_RULES below: DEFAULT DENY, a route the app serves without a rule fails, naming
 * the route, so a new endpoint cannot ship without someone deciding who may call it.
 *
 * Each route × role sends one request as a same-origin browser would (JSON body `{}` for writes,
 * path parameters filled with a random uuid) and checks only the authorisation outcome:
 * - a role the rule excludes gets 401 when anonymous and 403 when signed in without the permission;
 * - an allowed role never gets 401/403 (400, 404, 422 ... are fine: the body is deliberately empty);
 * - nobody ever gets a 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, type TPermission } from '@shared/permissions';
import { ROLES, type TRole } from '@shared/tiers';
import { createTestContext } from './test-utils';
import { createUser, send, testEnv } from './features/auth/auth-test-helpers';
import { hashPassword } from './lib/password';
import { createSession, findSessionUser } from './features/auth/session.service';
import { sessionCookieName } from './features/auth/session-cookie';

type TAccessRule =
  /** Anyone, signed in or not, including token-based public endpoints (unsubscribe links). */
  | 'public'
  /** Accounts endpoints that must work while signed out (sign-in, register, reset ...). */
  | 'anonymous-ok'
  /** Any signed-in account, whatever its role. */
  | 'signed-in'
  /** Signed in with a role that holds this permission in shared/permissions.ts. */
  | TPermission;

/**
 * THE table: `'METHOD /api/path'` (the path exactly as the app registers it) → who may call it.
 * Adding a route to the app means adding its line here.
 */
const ACCESS_RULES: Record<string, TAccessRule> = {
  // health
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/admin/health': 'admin:access', // configuration summary with the production allowances
  'GET /api/health/status': 'public', // overall status, check names and times only (docs/product/decisions.md#5)
  'GET /api/admin/health/runs': 'admin:access',
  'POST /api/admin/health/runs': 'admin:access', // "Run checks now"
  // operations (docs/product/operations.md): super admin only
  'GET /api/admin/system-settings': 'system:configure',
  'PATCH /api/admin/system-settings/:key': 'system:configure',
  'GET /api/admin/super-admin': 'system:configure', // staff, emergency login, key ids, backups: no secrets
  'POST /api/admin/super-admin/roles': 'roles:assign',
  'POST /api/admin/super-admin/backups': 'system:configure',

  // accounts (docs/API.md)
  'GET /api/auth/user': 'signed-in', // 401 when signed out is the documented answer
  'POST /api/auth/register': 'anonymous-ok',
  'POST /api/auth/verify-otp': 'anonymous-ok',
  'POST /api/auth/resend-otp': 'anonymous-ok',
  'POST /api/auth/login': 'anonymous-ok',
  'POST /api/auth/logout': 'anonymous-ok', // idempotent: signed out, it just clears the cookie
  'POST /api/auth/forgot-password': 'anonymous-ok',
  'POST /api/auth/reset-password': 'anonymous-ok', // the e-mailed token is the credential
  'GET /api/auth/emergency-config': 'public',
  'POST /api/auth/admin-emergency': 'anonymous-ok', // break-glass: the configured password is the credential
  'POST /api/auth/unlock': 'anonymous-ok', // the e-mailed token is the credential
  // demo mailbox: absent (404) outside demo mode and for every caller but this machine, whatever the role
  'GET /api/demo/mailbox': 'public',
  'GET /api/demo/mailbox/:id': 'public',
  'GET /api/admin/auth/locks': 'users:manage',
  'DELETE /api/admin/auth/locks/:id': 'users:manage',

  // catalogue, search, content (public browsing)
  'GET /api/books': 'public',
  'GET /api/books/:idOrSlug': 'public',
  'GET /api/books/:idOrSlug/cover.svg': 'public',
  'GET /api/books/:idOrSlug/cover': 'public', // cover image stored by ingestion (404 when the book has none)
  'POST /api/admin/books/:id/pdf': 'catalogue:manage', // ingestion upload (multipart)
  'GET /api/admin/books': 'catalogue:manage',
  'POST /api/admin/books': 'catalogue:manage',
  'GET /api/admin/books/:id': 'catalogue:manage',
  'PATCH /api/admin/books/:id': 'catalogue:manage',
  'POST /api/admin/books/:id/uploads': 'catalogue:manage', // streamed PDF body (application/pdf)
  'GET /api/admin/book-uploads/:id': 'catalogue:manage',
  'PUT /api/admin/books/:id/cover': 'catalogue:manage', // cover image (multipart)
  // categories and bulk categorisation (docs/product/site-content.md#categories)
  'GET /api/admin/categories': 'catalogue:manage',
  'POST /api/admin/categories': 'catalogue:manage',
  'GET /api/admin/categories/suggestions': 'catalogue:manage',
  'PATCH /api/admin/categories/:id': 'catalogue:manage',
  'POST /api/admin/categories/:id/merge': 'catalogue:manage',
  'POST /api/admin/categorization-jobs': 'catalogue:manage',
  'GET /api/admin/categorization-jobs/:id': 'catalogue:manage',
  // SEO (docs/product/site-content.md#seo)
  'GET /api/admin/seo': 'seo:manage',
  'PUT /api/admin/seo/pages/:pageType': 'seo:manage',
  'POST /api/admin/seo/keywords': 'seo:manage',
  'PATCH /api/admin/seo/keywords/:id': 'seo:manage',
  'DELETE /api/admin/seo/keywords/:id': 'seo:manage',
  'POST /api/admin/seo/images': 'seo:manage',
  'DELETE /api/admin/seo/images/:id': 'seo:manage',
  // site content: the homepage record and the footer's pages (docs/product/site-content.md)
  'GET /api/admin/page-content': 'seo:manage',
  'PUT /api/admin/page-content/homepage': 'catalogue:manage',
  'PUT /api/admin/site-pages/:key': 'seo:manage',
  'GET /api/categories': 'public',
  'GET /api/plans': 'public',
  'GET /api/search/suggest': 'public',
  'GET /api/seo/config': 'public',
  'GET /api/page-content/:key': 'public',
  'GET /api/placeholder/:width/:height': 'public',

  // book assistant (docs/product/assistant.md): the reader's own conversations; asking needs access to the book
  'GET /api/assistant/status': 'signed-in',
  'GET /api/books/:id/assistant': 'signed-in',
  'POST /api/books/:id/assistant/threads': 'signed-in',
  'GET /api/assistant/threads/:id': 'signed-in',
  'PATCH /api/assistant/threads/:id': 'signed-in',
  'DELETE /api/assistant/threads/:id': 'signed-in',
  'POST /api/assistant/threads/:id/messages': 'signed-in',
  'POST /api/assistant/threads/:id/messages/stream': 'signed-in',

  // reviews and ratings (docs/product/reviews-and-challenges.md#reviews)
  'GET /api/books/:idOrSlug/reviews': 'public',
  'PUT /api/books/:idOrSlug/reviews/mine': 'signed-in',
  'DELETE /api/books/:idOrSlug/reviews/mine': 'signed-in',
  'PUT /api/reviews/:id/helpful': 'signed-in',
  'DELETE /api/reviews/:id/helpful': 'signed-in',
  'POST /api/reviews/:id/reports': 'signed-in',
  'GET /api/moderation/reviews': 'community:moderate',
  'PATCH /api/moderation/reviews/:id': 'community:moderate',
  // recommendations (docs/product/recommendations.md#api): "More like this" is book-to-book data, public
  'GET /api/recommendations': 'signed-in',
  'POST /api/recommendations/:bookId/dismiss': 'signed-in',
  'POST /api/recommendations/:bookId/click': 'signed-in',
  'GET /api/books/:idOrSlug/similar': 'public',

  'POST /api/email/unsubscribe/reading-reminders': 'public', // the e-mailed token is the credential; switches off only

  // reading challenges (docs/product/reviews-and-challenges.md#reading-challenges); edit and close check the creator
  'GET /api/challenges': 'public',
  'POST /api/challenges': 'signed-in',
  'GET /api/challenges/:id': 'public',
  'PATCH /api/challenges/:id': 'signed-in',
  'POST /api/challenges/:id/close': 'signed-in',
  'PUT /api/challenges/:id/featured': 'challenges:feature',
  'POST /api/challenges/:id/participants/me': 'signed-in',
  'DELETE /api/challenges/:id/participants/me': 'signed-in',
  'PATCH /api/challenges/:id/participants/me': 'signed-in',
  'GET /api/challenges/:id/leaderboard': 'public',
  'GET /api/challenges/:id/activities': 'public',
  'GET /api/challenges/:id/comments': 'public',
  'POST /api/challenges/:id/comments': 'signed-in',
  'PATCH /api/challenges/comments/:commentId': 'signed-in',
  'DELETE /api/challenges/comments/:commentId': 'signed-in',
  'PUT /api/challenges/comments/:commentId/like': 'signed-in',
  'DELETE /api/challenges/comments/:commentId/like': 'signed-in',
  'PATCH /api/moderation/challenge-comments/:commentId': 'community:moderate',

  // e-mail
  'GET /api/me/email-preferences': 'signed-in',
  'PUT /api/me/email-preferences': 'signed-in',
  'GET /api/email/unsubscribe': 'public', // token link from an e-mail
  'POST /api/email/unsubscribe': 'public', // token link from an e-mail
  'GET /api/admin/email/outbox': 'email:manage',
  'GET /api/admin/email/outbox/:id': 'email:manage',
  'POST /api/admin/email/outbox/:id/resend': 'email:manage',
  'POST /api/email/unsubscribe/one-click': 'public', // RFC 8058 one-click from a mail provider: the token is the credential
  'GET /api/admin/email/templates': 'email:manage',
  'GET /api/admin/email/templates/:id': 'email:manage',
  'POST /api/admin/email/templates/:id/test': 'email:manage', // sends only to the caller's own address
  'GET /api/admin/email/campaigns/audience': 'email:manage',
  'GET /api/admin/email/campaigns': 'email:manage',
  'GET /api/admin/email/campaigns/:id': 'email:manage',
  'POST /api/admin/email/campaigns': 'email:manage',
  'POST /api/admin/email/campaigns/:id/cancel': 'email:manage', // stops the rest of a campaign being sent

  // back office: money (overview and reports read; subscriptions and refunds change readers' billing)
  'GET /api/admin/overview': 'reports:read',
  'GET /api/admin/reports/financial': 'reports:read',
  'GET /api/admin/billing/provider': 'billing:manage',
  'GET /api/admin/subscriptions': 'billing:manage',
  'GET /api/admin/subscriptions/export.csv': 'billing:manage', // audited download of the filtered list
  'GET /api/admin/subscriptions/:userId': 'billing:manage',
  'POST /api/admin/subscriptions/:userId/cancel': 'billing:manage',
  'POST /api/admin/subscriptions/:userId/resume': 'billing:manage',
  'POST /api/admin/subscriptions/:userId/extend-trial': 'billing:manage',
  'POST /api/admin/invoices/:id/refund': 'billing:manage',

  // the signed-in reader's own account
  'GET /api/me': 'signed-in',
  'PATCH /api/me': 'signed-in',
  'DELETE /api/me': 'signed-in',
  'PUT /api/me/password': 'signed-in',
  'PUT /api/me/avatar': 'signed-in',
  'DELETE /api/me/avatar': 'signed-in',
  'GET /api/me/export': 'signed-in',
  'GET /api/avatars/:userId/:file': 'public', // random, unguessable file names; see avatar.service

  // selections, entitlements and loans: the reader's own rows only (scoped by the session user)
  'GET /api/selections': 'signed-in',
  'POST /api/selections': 'signed-in',
  'DELETE /api/selections/:bookId': 'signed-in',
  'GET /api/me/entitlements': 'signed-in',
  'GET /api/loans': 'signed-in',
  'POST /api/loans': 'signed-in',
  'POST /api/loans/:id/return': 'signed-in',

  // sync, reading position, bookmarks and the library shelf: the reader's own rows only (scoped by the session user)
  'POST /api/sync': 'signed-in',
  'GET /api/progress': 'signed-in',
  'GET /api/progress/:bookId': 'signed-in',
  'GET /api/bookmarks': 'signed-in',
  'GET /api/library': 'signed-in',
  'GET /api/library/stats': 'signed-in',
  'POST /api/library': 'signed-in',
  'DELETE /api/library/:bookId': 'signed-in',

  // highlights, notes and review cards (docs/product/highlights.md): the reader's own rows; writes go through POST /api/sync
  'GET /api/highlights': 'signed-in',
  'GET /api/highlights/books': 'signed-in',
  'POST /api/highlights/books/:bookId/export': 'signed-in',
  'GET /api/review-cards': 'signed-in',

  // reading statistics and preferences: the reader's own (Premium's year in review is a plan rule, not a role)
  'GET /api/reading-stats': 'signed-in',
  'GET /api/reading-stats/year/:year': 'signed-in',
  'GET /api/reading-preferences': 'signed-in',
  'PUT /api/reading-preferences': 'signed-in',

  // billing: the reader's own checkout sessions, subscription and invoices (scoped by the session user)
  'POST /api/billing/checkout': 'signed-in',
  'GET /api/billing/checkout/:sessionId': 'signed-in',
  'POST /api/billing/checkout/:sessionId/pay': 'signed-in',
  'POST /api/billing/portal': 'signed-in',
  'POST /api/billing/payment-method': 'signed-in',
  'GET /api/billing/subscription': 'signed-in',
  'GET /api/billing/quote': 'signed-in', // what a plan choice costs, for the caller's own subscription
  'POST /api/billing/change-plan': 'signed-in',
  'POST /api/billing/cancel': 'signed-in',
  'POST /api/billing/resume': 'signed-in',
  'GET /api/billing/invoices': 'signed-in',
  'GET /api/billing/invoices/:id/receipt': 'signed-in',
  'POST /api/billing/webhook': 'public', // no session: the provider's signature is the credential (400 without it)
  'POST /api/admin/billing/advance-clock': 'plans:manage', // test-mode provider only

  // reader: entitlement is checked per book by the service (402), after sign-in
  'GET /api/books/:idOrSlug/manifest': 'signed-in',
  'GET /api/books/:id/chunks/:n': 'signed-in',
  'GET /api/books/:id/chunks': 'signed-in',
  'GET /api/books/:idOrSlug/preview': 'public', // the generated preview PDF only, never the book
  'GET /api/books/:id/search': 'signed-in',
  'GET /api/books/:id/copy-budget': 'signed-in',
  'POST /api/books/:id/copy-events': 'signed-in',

  // devices and licences: the reader's own rows only (scoped by the session user)
  'POST /api/devices/browser': 'signed-in',
  'POST /api/devices/challenge': 'signed-in',
  'POST /api/devices': 'signed-in', // offline registration: proof of key possession, plan cap (402/409)
  'GET /api/devices': 'signed-in',
  'GET /api/devices/:id/status': 'signed-in',
  'PATCH /api/devices/:id': 'signed-in',
  'DELETE /api/devices/:id': 'signed-in',
  'POST /api/licenses/:id/renew': 'signed-in',
  'POST /api/licenses': 'signed-in',
  'POST /api/licenses/status': 'signed-in',
  'GET /api/.well-known/jwks.json': 'public',

  // back office: users (the role rules inside are the service's: super admin for admin roles, never one's own)
  'GET /api/admin/users': 'users:manage',
  'GET /api/admin/users/export.csv': 'users:manage',
  'POST /api/admin/users/bulk': 'users:manage',
  'GET /api/admin/users/:id': 'users:manage',
  'PATCH /api/admin/users/:id': 'users:manage',
  'PUT /api/admin/users/:id/password': 'users:manage',
  'POST /api/admin/users/:id/reset-email': 'users:manage',
  'DELETE /api/admin/users/:id/sessions': 'users:manage',
  'DELETE /api/admin/users/:id/sessions/:sessionId': 'users:manage',
  'GET /api/admin/loans': 'loans:revoke',
  'POST /api/admin/loans/:id/revoke': 'loans:revoke',
  'POST /api/admin/loans/:id/restore': 'loans:revoke',
  // feedback (docs/product/feedback.md): readers file items through POST /api/sync
  'GET /api/feedback': 'signed-in',
  'POST /api/feedback/:id/upvote': 'signed-in',
  'PUT /api/feedback/:id/screenshot': 'signed-in', // the item's writer only (multipart); others get 404
  'GET /api/feedback/:id/screenshot': 'signed-in', // the writer and feedback:respond; others get 404
  'GET /api/admin/feedback': 'feedback:respond',
  'GET /api/admin/feedback/:id': 'feedback:respond',
  'PATCH /api/admin/feedback/:id': 'feedback:respond',
  'POST /api/admin/feedback/:id/comments': 'feedback:respond',
  'POST /api/admin/feedback/:id/response': 'feedback:respond',
  'GET /api/admin/plans': 'plans:manage',
  'PATCH /api/admin/plans/:id': 'plans:manage',
  'GET /api/admin/audit-log': 'audit:read',
  'GET /api/admin/audit-log/facets': 'audit:read',
  'GET /api/admin/audit-log/export.csv': 'audit:read',
  'GET /api/admin/audit-log/:id': 'audit:read',
};

type TActor = 'anonymous' | TRole;
const ACTORS: readonly TActor[] = ['anonymous', ...ROLES];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Break-glass login enabled so POST /api/auth/admin-emergency reaches its handler instead of the
// "disabled" 404; the rest of the configuration is the ordinary test one.
const emergencyHash = await hashPassword('not the emergency password');
const ctx = createTestContext({
  env: testEnv({
    EMERGENCY_LOGIN_ENABLED: 'true',
    EMERGENCY_LOGIN_EMAIL: 'break-glass@example.com',
    EMERGENCY_LOGIN_PASSWORD_HASH: emergencyHash,
  }),
});
const publicOrigin = new URL(ctx.env.publicUrl).origin;
const cookieName = sessionCookieName(ctx.env.NODE_ENV === 'production');

/**
 * The app's endpoints as `METHOD /path`, deduplicated (Hono lists one entry per handler, so a route
 * with middleware appears several times). `ALL` entries on wildcard paths are the global middleware
 * (`/*`, `/api/*`: request context, headers, CSRF, session) and the /api 404 fallback, not endpoints.
 * An `ALL` on a concrete path would be a real endpoint answering every method, so it stays listed.
 */
function endpointsOf(routes: readonly { method: string; path: string }[]): string[] {
  const keys = new Set<string>();
  for (const { method, path } of routes) {
    if (method === 'ALL' && path.includes('*')) continue;
    keys.add(`${method} ${path}`);
  }
  return [...keys].sort();
}

const ENDPOINTS = endpointsOf(ctx.app.routes);

/** `/api/books/:idOrSlug` → `/api/books/<uuid>`; also handles `:id{regex}` and optional `:id?`. */
function fillParams(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, () => crypto.randomUUID());
}

function allows(rule: TAccessRule, actor: TActor): boolean {
  if (rule === 'public' || rule === 'anonymous-ok') return true;
  if (actor === 'anonymous') return false;
  if (rule === 'signed-in') return true;
  return hasPermission(actor, rule);
}

/** Who is denied gets exactly this status; null means allowed (anything but 401/403/5xx). */
function expectedDenial(rule: TAccessRule, actor: TActor): 401 | 403 | null {
  if (allows(rule, actor)) return null;
  return actor === 'anonymous' ? 401 : 403;
}

const users = new Map<TRole, { id: string }>();
const tokens = new Map<TRole, string>();

/** One session per role made with createSession; re-made only if a route (logout) ended it. */
function sessionToken(role: TRole): string {
  const current = tokens.get(role);
  if (current && findSessionUser({ db: ctx.db, token: current, now: ctx.now() })) return current;
  const { token } = createSession({ db: ctx.db, userId: users.get(role)!.id, now: ctx.now() });
  tokens.set(role, token);
  return token;
}

async function request(endpoint: string, actor: TActor): Promise<Response> {
  const [rawMethod, path] = endpoint.split(' ');
  // An ALL endpoint is probed with a write, the stricter case for CSRF and body handling.
  const method = rawMethod === 'ALL' ? 'POST' : rawMethod;
  const isWrite = WRITE_METHODS.has(method);
  const headers: Record<string, string> = isWrite ? { origin: publicOrigin, 'sec-fetch-site': 'same-origin' } : {};
  const ip = `203.0.113.${10 + ACTORS.indexOf(actor)}`;
  const cookie = actor === 'anonymous' ? null : `${cookieName}=${sessionToken(actor)}`;
  return send(ctx.app, fillParams(path), isWrite ? {} : undefined, { method, ip, cookie, headers });
}

beforeAll(async () => {
  for (const role of ROLES) {
    const user = await createUser(ctx.db, { role });
    users.set(role, user);
  }
});

describe('authorisation matrix: the route table', () => {
  it('is built from the real app (API routes only, no SPA host)', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(0);
    const outsideApi = ENDPOINTS.filter((endpoint) => !endpoint.split(' ')[1].startsWith('/api/'));
    expect(outsideApi, 'routes outside /api (the app must be built without webRoot)').toEqual([]);
  });

  it('has a rule for every route the app serves (default deny)', () => {
    const missing = ENDPOINTS.filter((endpoint) => !(endpoint in ACCESS_RULES));
    expect(missing, `routes without an access rule in ACCESS_RULES: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no rule for a route the app does not serve (stale or misspelt entries)', () => {
    const stale = Object.keys(ACCESS_RULES).filter((endpoint) => !ENDPOINTS.includes(endpoint));
    expect(stale, `ACCESS_RULES entries matching no route: ${stale.join(', ')}`).toEqual([]);
  });

  it('uses only known rules and permissions', () => {
    const known = new Set<string>(['public', 'anonymous-ok', 'signed-in', ...PERMISSIONS]);
    const unknown = Object.entries(ACCESS_RULES).filter(([, rule]) => !known.has(rule));
    expect(unknown).toEqual([]);
  });

  it('endpointsOf drops wildcard middleware and duplicate handler entries, keeps concrete ALL routes', () => {
    expect(
      endpointsOf([
        { method: 'ALL', path: '/*' },
        { method: 'ALL', path: '/api/*' },
        { method: 'GET', path: '/api/x' },
        { method: 'GET', path: '/api/x' },
        { method: 'ALL', path: '/api/hook' },
      ]),
    ).toEqual(['ALL /api/hook', 'GET /api/x']);
  });
});

const CASES = ENDPOINTS.flatMap((endpoint) => ACTORS.map((actor) => ({ endpoint, actor })));

describe(`authorisation matrix: ${ENDPOINTS.length} routes × ${ACTORS.length} roles = ${CASES.length} requests`, () => {
  it.each(CASES)('$endpoint as $actor', async ({ endpoint, actor }) => {
    const rule = ACCESS_RULES[endpoint];
    if (rule === undefined) {
      throw new Error(`Default deny: route "${endpoint}" has no rule in ACCESS_RULES (api/src/authz-matrix.test.ts).`);
    }
    const response = await request(endpoint, actor);
    const body = await response.text();
    const context = `${endpoint} as ${actor} (rule ${rule}) answered ${response.status}: ${body.slice(0, 300)}`;

    expect(response.status, context).toBeLessThan(500);
    const denial = expectedDenial(rule, actor);
    if (denial === null) {
      expect([401, 403], context).not.toContain(response.status);
    } else {
      expect(response.status, context).toBe(denial);
    }
  });
});
