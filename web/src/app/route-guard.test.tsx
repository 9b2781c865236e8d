import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { TCurrentUser } from '@shared/auth';
import { getCurrentToast, resetToasts } from '@web/lib/toast';
import type { TRouteAccess } from './route-access';
import { RouteGuard, decideAccess } from './route-guard';
import {
  createTestQueryClient,
  currentUserHandler,
  jsonResponse,
  makeUser,
  renderRoutes,
  renderWithRouter,
  stubFetch,
} from './test-helpers';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const NOW = new Date('2025-06-01T12:00:00Z');
const DAY = 86_400_000;

const expiredTrial = makeUser({
  subscriptionTier: 'trial',
  subscriptionStatus: 'active',
  trialEndsAt: new Date(NOW.getTime() - DAY).toISOString(),
});
const validTrial = makeUser({ subscriptionTier: 'trial', trialEndsAt: new Date(NOW.getTime() + DAY).toISOString() });
const freeAdmin = makeUser({ role: 'admin', subscriptionTier: 'free', subscriptionStatus: 'inactive' });

describe('decideAccess (docs/product/access.md#route-guard)', () => {
  it("prefers the server's entitlement answer over the user record when it is known", () => {
    expect(decideAccess('subscriber', validTrial, NOW, '/reader/x', false)).toMatchObject({
      allowed: false,
      reason: 'subscription',
    });
    expect(decideAccess('subscriber', expiredTrial, NOW, '/reader/x', true)).toEqual({ allowed: true });
    expect(decideAccess('subscriber', validTrial, NOW, '/reader/x')).toEqual({ allowed: true });
  });

  it('lets anyone into public and diagnostics routes', () => {
    expect(decideAccess('public', null, NOW)).toEqual({ allowed: true });
    expect(decideAccess('diagnostics', null, NOW)).toEqual({ allowed: true });
  });

  it.each<TRouteAccess>(['signed-in', 'subscriber', 'admin', 'super-admin'])(
    'checks sign-in first on %s routes',
    (access) => {
      expect(decideAccess(access, null, NOW, '/somewhere')).toMatchObject({
        allowed: false,
        reason: 'authentication',
        redirectTo: '/auth/login?redirect=%2Fsomewhere',
        toast: { title: 'Authentication Required', description: 'You need to be logged in to access this page.' },
      });
    },
  );

  it('then the subscription on subscriber routes', () => {
    expect(decideAccess('subscriber', expiredTrial, NOW)).toMatchObject({
      allowed: false,
      reason: 'subscription',
      redirectTo: '/subscribe',
      toast: { title: 'Subscription Required', description: 'You need an active subscription to access this content.' },
    });
    expect(decideAccess('subscriber', validTrial, NOW)).toEqual({ allowed: true });
    expect(
      decideAccess('subscriber', makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'active' }), NOW),
    ).toEqual({ allowed: true });
    expect(
      decideAccess('subscriber', makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'inactive' }), NOW),
    ).toMatchObject({
      reason: 'subscription',
    });
  });

  it('then the role: admin routes for admin and super_admin, super-admin routes for super_admin', () => {
    const denied = {
      allowed: false,
      reason: 'role',
      redirectTo: '/dashboard',
      toast: { title: 'Access Denied', description: "You don't have permission to access this page." },
    };
    expect(decideAccess('admin', makeUser({ role: 'user' }), NOW)).toMatchObject(denied);
    expect(decideAccess('admin', makeUser({ role: 'moderator' }), NOW)).toMatchObject(denied);
    expect(decideAccess('admin', freeAdmin, NOW)).toEqual({ allowed: true });
    expect(decideAccess('admin', makeUser({ role: 'super_admin' }), NOW)).toEqual({ allowed: true });
    expect(decideAccess('super-admin', makeUser({ role: 'admin' }), NOW)).toMatchObject(denied);
    expect(decideAccess('super-admin', makeUser({ role: 'super_admin' }), NOW)).toEqual({ allowed: true });
    // The feedback triage: moderators too (docs/product/feedback.md#triage).
    expect(decideAccess('feedback-triage', makeUser({ role: 'user' }), NOW)).toMatchObject(denied);
    expect(decideAccess('feedback-triage', makeUser({ role: 'moderator' }), NOW)).toEqual({ allowed: true });
    expect(decideAccess('feedback-triage', freeAdmin, NOW)).toEqual({ allowed: true });
  });

  it('takes the role from the server record only, never from the e-mail address', () => {
    const lookalike = makeUser({ role: 'user', email: 'admin@wonderful-books.app' });
    expect(decideAccess('super-admin', lookalike, NOW)).toMatchObject({ reason: 'role' });
  });
});

function renderGuarded(access: TRouteAccess, user: TCurrentUser | null, path = '/guarded') {
  stubFetch(currentUserHandler(user));
  const routes = [
    { path: '/guarded', element: <RouteGuard access={access}>Secret content</RouteGuard> },
    { path: '/reader/:bookId', element: <RouteGuard access={access}>Reader content</RouteGuard> },
    { path: '/auth/login', element: <p>Sign-in screen</p> },
    { path: '/subscribe', element: <p>Plans screen</p> },
    { path: '/dashboard', element: <p>Dashboard screen</p> },
  ];
  return renderRoutes(routes, { path });
}

function toastNow() {
  const item = getCurrentToast();
  return item ? { title: item.title, description: item.description, variant: item.variant } : null;
}

describe('<RouteGuard />', () => {
  it("shows 'Verifying access...' while the current user loads", async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithRouter(<RouteGuard access="signed-in">Secret content</RouteGuard>, { path: '/guarded' });
    expect(screen.getByRole('status')).toHaveTextContent('Verifying access...');
    expect(screen.queryByText('Secret content')).not.toBeInTheDocument();
  });

  it("redirects a signed-out visitor to /auth/login with 'Authentication Required'", async () => {
    const { router } = renderGuarded('admin', null);
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fguarded');
    expect(toastNow()).toEqual({
      title: 'Authentication Required',
      description: 'You need to be logged in to access this page.',
      variant: 'destructive',
    });
    expect(screen.queryByText('Secret content')).not.toBeInTheDocument();
  });

  it("redirects a reader without valid access to /subscribe with 'Subscription Required'", async () => {
    const lapsed = makeUser({
      subscriptionTier: 'basic',
      subscriptionStatus: 'cancelled',
      subscriptionCurrentPeriodEnd: '2000-01-01T00:00:00Z',
    });
    const { router } = renderGuarded('subscriber', lapsed, '/reader/book-1');
    expect(await screen.findByText('Plans screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(toastNow()).toEqual({
      title: 'Subscription Required',
      description: 'You need an active subscription to access this content.',
      variant: 'destructive',
    });
  });

  it("redirects a role that is not allowed to /dashboard with 'Access Denied'", async () => {
    const { router } = renderGuarded('super-admin', makeUser({ role: 'admin' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(toastNow()).toEqual({
      title: 'Access Denied',
      description: "You don't have permission to access this page.",
      variant: 'destructive',
    });
  });

  it('shows the screen to a reader who passes every check', async () => {
    renderGuarded(
      'subscriber',
      makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'active' }),
      '/reader/book-1',
    );
    expect(await screen.findByText('Reader content')).toBeInTheDocument();
    expect(toastNow()).toBeNull();
  });

  it('keeps a screen it has shown while the entitlements re-check runs when the connection returns', async () => {
    const premium = makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    let answerEntitlements: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch((request) =>
      request.path === apiPath('/me/entitlements')
        ? new Promise<Response>((resolve) => {
            answerEntitlements = resolve;
          })
        : currentUserHandler(premium)(request),
    );
    const queryClient = createTestQueryClient();
    act(() => onlineManager.setOnline(false));
    try {
      renderRoutes(
        [{ path: '/reader/:bookId', element: <RouteGuard access="subscriber">Reader content</RouteGuard> }],
        {
          path: '/reader/book-1',
          queryClient,
        },
      );
      // Offline the user record's own dates let the reader in (the entitlements query is paused).
      expect(await screen.findByText('Reader content')).toBeInTheDocument();
      act(() => onlineManager.setOnline(true));
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/me/entitlements'))).toBe(true),
      );
      expect(screen.getByText('Reader content')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await act(async () => answerEntitlements(jsonResponse({ tier: 'premium' })));
      expect(screen.getByText('Reader content')).toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('treats a failed current-user read as not signed in (docs/product/accounts.md#sessions)', async () => {
    stubFetch(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    const routes = [
      { path: '/guarded', element: <RouteGuard access="signed-in">Secret content</RouteGuard> },
      { path: '/auth/login', element: <p>Sign-in screen</p> },
    ];
    renderRoutes(routes, { path: '/guarded' });
    await waitFor(() => expect(screen.getByText('Sign-in screen')).toBeInTheDocument(), { timeout: 5000 });
  });
});
