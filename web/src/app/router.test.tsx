import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import type { TCurrentUser } from '@shared/auth';
import { APP_SCREENS, createAppRoutes, routeAccessTable } from './router';
import { currentUserHandler, renderRoutes, stubFetch } from './test-helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every route of the table in docs/product/routes-and-screens.md#route-table. */
const SPEC_ROUTES = [
  '/auth/login',
  '/auth/register',
  '/auth/verify-email',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/email-verified',
  '/unsubscribe',
  '/emergency-login',
  '/bookstore',
  '/book/:id',
  '/books/:id',
  '/book-detail/:id',
  '/subscribe',
  '/payment-success',
  '/challenges',
  '/challenges/:id',
  '/library',
  '/dashboard',
  '/profile',
  '/billing',
  '/devices',
  '/loans',
  '/offline',
  '/reader/:bookId',
  '/read/:bookId',
  '/admin',
  '/admin/email-management',
  '/admin/bulk-categorization',
  '/admin/financial-reports',
  '/admin/subscription-management',
  '/admin/seo',
  '/admin/users',
  '/admin/books',
  '/admin/plans',
  '/admin/loans',
  '/admin/audit-log',
  '/super-admin',
  '/system-settings',
  '/health-dashboard',
  '/testing-qa',
  '/accessibility-test',
  '/route-protection-demo',
];

/** Routed paths under the shell, through pathless layout routes (the back office's). */
function childPaths(routes: RouteObject[]): (string | undefined)[] {
  return routes[0].children!.flatMap((route) =>
    route.children ? route.children.map((child) => child.path) : [route.index ? '/' : route.path],
  );
}

function renderAt(path: string, user: TCurrentUser | null = null) {
  stubFetch(currentUserHandler(user));
  return renderRoutes(createAppRoutes(), { path });
}

describe('route table', () => {
  it('has every route of docs/product/routes-and-screens.md#route-table, the home page and a catch-all', () => {
    const paths = childPaths(createAppRoutes());
    for (const path of ['/', ...SPEC_ROUTES, '*']) expect(paths).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("sends unknown paths to 'Page Not Found'", async () => {
    renderAt('/this/does/not/exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('gives every route the access rule of docs/product/routes-and-screens.md#route-table', () => {
    const access = new Map(routeAccessTable().map((route) => [route.path, route.access]));
    const expected: Record<string, string> = {
      '/auth/login': 'public',
      '/auth/register': 'public',
      '/auth/verify-email': 'public',
      '/auth/forgot-password': 'public',
      '/auth/reset-password': 'public',
      '/auth/unlock': 'public',
      '/email-verified': 'public',
      '/unsubscribe': 'public',
      '/emergency-login': 'public',
      '/bookstore': 'public',
      '/subscribe': 'public',
      '/library': 'signed-in',
      '/dashboard': 'signed-in',
      '/profile': 'signed-in',
      '/billing': 'signed-in',
      '/devices': 'signed-in',
      '/loans': 'signed-in',
      '/offline': 'signed-in',
      '/reader/:bookId': 'subscriber',
      '/read/:bookId': 'subscriber',
      '/admin': 'admin',
      '/admin/email-management': 'admin',
      '/admin/bulk-categorization': 'admin',
      '/admin/financial-reports': 'admin',
      '/admin/subscription-management': 'admin',
      '/admin/seo': 'admin',
      '/admin/users': 'admin',
      '/admin/books': 'admin',
      '/admin/books/:id': 'admin',
      '/admin/plans': 'admin',
      '/admin/loans': 'admin',
      '/admin/audit-log': 'admin',
      '/super-admin': 'super-admin',
      '/system-settings': 'super-admin',
      '/health-dashboard': 'diagnostics',
      '/testing-qa': 'diagnostics',
      '/accessibility-test': 'diagnostics',
      '/route-protection-demo': 'diagnostics',
    };
    for (const [path, rule] of Object.entries(expected)) expect(access.get(path), path).toBe(rule);
    expect(APP_SCREENS.map((screen) => screen.path)).toContain('/profile');
  });

  it.each(['/auth/login', '/auth/register', '/auth/verify-email', '/emergency-login', '/unsubscribe'])(
    '%s is a built screen',
    (path) => {
      expect(APP_SCREENS.map((screen) => screen.path)).toContain(path);
    },
  );

  it('sends a signed-out visitor of a personal area to sign in', async () => {
    const { router } = renderAt('/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Flibrary');
  });

  it('leaves diagnostics routes unguarded', async () => {
    renderAt('/health-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Health Dashboard' })).toBeInTheDocument();
  });
});
