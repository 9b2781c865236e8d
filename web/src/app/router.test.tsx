import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { PLANNED_AREAS } from './planned-areas';
import { createAppRoutes } from './router';
import { currentUserHandler, renderWithRouter, stubFetch } from './test-helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every route of the table in SPEC §2. */
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
  '/super-admin',
  '/system-settings',
  '/health-dashboard',
  '/testing-qa',
  '/accessibility-test',
  '/route-protection-demo',
];

function childPaths(routes: RouteObject[]): (string | undefined)[] {
  return routes[0].children!.map((route) => (route.index ? '/' : route.path));
}

function renderAt(path: string) {
  stubFetch(currentUserHandler(null));
  return renderWithRouter(<></>, { path, routes: createAppRoutes() });
}

describe('route table', () => {
  it('has every route of SPEC §2, the home page and a catch-all', () => {
    const paths = childPaths(createAppRoutes());
    for (const path of ['/', ...SPEC_ROUTES, '*']) expect(paths).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every planned area a proper name', () => {
    for (const area of PLANNED_AREAS) expect(area.title.trim()).not.toBe('');
  });

  it.each([
    ['/admin/financial-reports', 'Financial Reports'],
    ['/reader/meditations', 'Reader'],
    ['/challenges/42', 'Reading Challenge'],
    ['/super-admin', 'Super Admin'],
  ])('%s shows the planned-area page titled %s', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/not open yet/)).toBeInTheDocument();
  });

  it("sends unknown paths to 'Page Not Found'", async () => {
    renderAt('/this/does/not/exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
