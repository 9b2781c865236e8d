/**
 * Test helpers for the shell: a fresh query client, a memory router around any element, fixtures of
 * the server's user record and a fetch stub that answers by method and path.
 */
import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { TCurrentUser } from '@shared/auth';
import type { TRole, TSubscriptionTier } from '@shared/tiers';
import { createQueryClient } from '@web/lib/query-client';
import { apiPath } from '@web/lib/api-test-support';

export function makeUser(overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    role: 'user' as TRole,
    subscriptionTier: 'premium' as TSubscriptionTier,
    subscriptionStatus: 'active',
    emailVerified: true,
    trialEndsAt: null,
    freeTrialEndedAt: null,
    subscriptionCurrentPeriodEnd: null,
    trialDeclined: false,
    ...overrides,
  };
}

export type FetchHandler = (request: {
  method: string;
  path: string;
  init?: RequestInit;
}) => Response | Promise<Response>;

/** Replaces global fetch; unknown calls answer 404 so a test notices them. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    return handler({ method, path, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /api/auth/user answers this user, or 401 when null. */
export function currentUserHandler(user: TCurrentUser | null): FetchHandler {
  return ({ method, path }) => {
    if (method === 'GET' && path === apiPath('/auth/user')) {
      return user
        ? jsonResponse(user)
        : jsonResponse({ status: 401, title: 'Unauthorized', detail: 'Not signed in' }, 401);
    }
    return new Response('Not found', { status: 404, statusText: 'Not Found' });
  };
}

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  return client;
}

/** Renders `element` at every path, under a memory router starting at `path`. */
export function renderWithRouter(element: ReactElement, options: { path?: string; queryClient?: QueryClient } = {}) {
  return renderRoutes([{ path: '*', element }], options);
}

/** Renders a route table under a memory router starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
