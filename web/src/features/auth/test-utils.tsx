/**
 * Test helpers for the accounts, profile and e-mail screens: a fetch stub keyed by "METHOD /path"
 * that records each call with its parsed JSON body, a renderer with a fresh QueryClient and a memory
 * router exposing the location, and a reader for the one current toast.
 */
import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createTestQueryClient } from '@web/app/test-helpers';
import { getCurrentToast, resetToasts } from '@web/lib/toast';
import { apiPath } from '@web/lib/api-test-support';

export { makeUser } from '@web/app/test-helpers';

export interface TRecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  init?: RequestInit;
}

export type TApiHandler = (call: TRecordedCall) => Response | Promise<Response> | unknown;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function problem(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return json({ type: 'about:blank', title: 'Error', status, detail, ...extra }, status);
}

/**
 * Stubs fetch. Keys are "METHOD /path" (query ignored); a handler returns a Response or a JSON value.
 * GET /api/auth/user answers 401 unless given. Unknown calls answer 404.
 */
export function mockApi(routes: Record<string, TApiHandler>) {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the raw text
      }
    }
    const call: TRecordedCall = { method, path: url.pathname, search: url.search, body, init };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      if (method === 'GET' && url.pathname === apiPath('/auth/user'))
        return new Response('', { status: 401, statusText: 'Unauthorized' });
      return new Response('Not found', { status: 404, statusText: 'Not Found' });
    }
    const result = await handler(call);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `ui` at `route` (matched by `path`); every other path renders only the location. */
export function renderPage(
  ui: ReactElement,
  {
    route,
    path = route.split('?')[0],
    queryClient = createTestQueryClient(),
    state,
  }: { route: string; path?: string; queryClient?: QueryClient; state?: unknown },
) {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {ui}
            <LocationDisplay />
          </>
        ),
      },
      { path: '*', element: <LocationDisplay /> },
    ],
    {
      initialEntries: [
        state === undefined
          ? route
          : { pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state },
      ],
    },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...utils,
    router,
    queryClient,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

export function currentToast() {
  const item = getCurrentToast();
  return item?.open ? { title: item.title, description: item.description, variant: item.variant } : null;
}

export function clearToasts() {
  act(() => resetToasts());
}
