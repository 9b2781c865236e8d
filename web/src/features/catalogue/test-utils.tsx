/**
 * Test helpers for the storefront features: a fetch stub routed by path, fixtures, and a renderer
 * with a fresh QueryClient and a MemoryRouter that exposes the current location.
 */
// Brings jest-dom's matcher types into the type-check (the runtime setup is in test/setup-web.ts).
import '@testing-library/jest-dom/vitest';
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { TBookDetail, TBookSummary, TPlan } from '@shared/catalogue';
import type { TCurrentUser } from '@shared/auth';
import type { TSeoConfig } from '@shared/content';
import { apiPath } from '@web/lib/api-test-support';

export type TRouteHandler = (url: URL, init?: RequestInit) => Response | Promise<Response> | unknown;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs global fetch. `routes` maps a path (exact, e.g. apiPath('/books')) or a path prefix ending in '*'
 * to a handler; a handler may return a Response or any JSON value. Unknown paths answer 404.
 * Every request URL is recorded in `calls`.
 */
export function mockFetch(routes: Record<string, TRouteHandler>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    calls.push(url);
    const entry =
      Object.entries(routes).find(([pattern]) => pattern === url.pathname) ??
      Object.entries(routes).find(
        ([pattern]) => pattern.endsWith('*') && url.pathname.startsWith(pattern.slice(0, -1)),
      );
    if (!entry) return new Response('Not found', { status: 404, statusText: 'Not Found' });
    const result = await entry[1](url, init);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((url) => url.pathname === path) };
}

export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

function TestProviders({
  queryClient,
  route,
  path,
  children,
}: {
  queryClient: QueryClient;
  route: string;
  path?: string;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {path ? (
          <Routes>
            <Route path={path} element={children} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          children
        )}
        <LocationDisplay />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path,
    queryClient = createTestQueryClient(),
  }: { route?: string; path?: string; queryClient?: QueryClient } = {},
) {
  const view = render(
    <TestProviders queryClient={queryClient} route={route} path={path}>
      {ui}
    </TestProviders>,
  );
  return { queryClient, ...view };
}

export function makeBook(overrides: Partial<TBookSummary> = {}): TBookSummary {
  const id = overrides.id ?? 'book-1';
  return {
    id,
    slug: overrides.slug ?? id,
    title: 'Atomic Habits',
    author: 'James Clear',
    description: 'Tiny changes, remarkable results.',
    category: 'Personal Growth',
    coverImageUrl: apiPath(`/books/${id}/cover.svg`),
    requiredTier: 'trial',
    rating: 4.5,
    totalRatings: 1234,
    isFeatured: false,
    publishedYear: 2018,
    ...overrides,
  };
}

export function makeBooks(count: number, overrides: Partial<TBookSummary> = {}): TBookSummary[] {
  return Array.from({ length: count }, (_, index) =>
    makeBook({ id: `book-${index + 1}`, title: `Book ${index + 1}`, ...overrides }),
  );
}

export function makeBookDetail(overrides: Partial<TBookDetail> = {}): TBookDetail {
  return {
    ...makeBook(overrides),
    longDescription: 'A long description of the book.',
    authorBio: 'James Clear writes about habits.',
    pageCount: 320,
    tableOfContents: ['The Fundamentals', 'Make It Obvious'],
    keyTakeaways: ['Small habits compound'],
    targetAudience: 'Anyone building better habits',
    tags: ['habits', 'productivity'],
    categories: [{ id: 'c1', name: 'Personal Growth', slug: 'personal-growth' }],
    totalReviews: 12,
    previewPageCount: 5,
    language: 'en',
    publicReleaseAt: null,
    ...overrides,
  };
}

export const PLANS: TPlan[] = [
  {
    id: 'p1',
    tier: 'trial',
    name: 'Free Trial',
    price: '£0',
    priceAmount: 0,
    currency: 'GBP',
    period: '7 days',
    description: 'Try it free',
    bookLimit: 3,
    features: ['Choose 3 books', 'No credit card required'],
    badge: null,
    displayOrder: 1,
  },
  {
    id: 'p2',
    tier: 'basic',
    name: 'Basic Plan',
    price: '£5.99',
    priceAmount: 599,
    currency: 'GBP',
    period: 'per month',
    description: 'For regular readers',
    bookLimit: 10,
    features: ['Select 10 books per month', 'Offline reading'],
    badge: null,
    displayOrder: 2,
  },
  {
    id: 'p3',
    tier: 'premium',
    name: 'Premium Plan',
    price: '£9.99',
    priceAmount: 999,
    currency: 'GBP',
    period: 'per month',
    description: 'Everything',
    bookLimit: -1,
    features: ['Unlimited access to the entire library', 'Multi-device sync'],
    badge: 'MOST POPULAR',
    displayOrder: 3,
  },
];

export function makeUser(overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    id: 'u1',
    email: 'reader@example.com',
    username: 'reader',
    firstName: 'Rea',
    lastName: 'Der',
    profileImageUrl: null,
    role: 'user',
    subscriptionTier: 'trial',
    subscriptionStatus: 'active',
    emailVerified: true,
    trialEndsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    freeTrialEndedAt: null,
    subscriptionCurrentPeriodEnd: null,
    trialDeclined: false,
    ...overrides,
  };
}

export function seoConfig(pageType: TSeoConfig['pageType'] = 'home'): TSeoConfig {
  return {
    pageType,
    title: `Wonderful Books ${pageType}`,
    description: `About ${pageType}`,
    keywords: 'books',
    metaRobots: 'index, follow',
    ogTitle: null,
    ogDescription: null,
    ogImage: null,
    ogType: 'website',
    twitterTitle: null,
    twitterDescription: null,
    twitterImage: null,
    twitterCard: 'summary_large_image',
    canonicalUrl: null,
  };
}

export const HOMEPAGE_CONTENT = {
  key: 'homepage',
  content: {
    heroTitle: 'Read what moves you',
    heroSubtitle: 'Thousands of books on every device.',
    stats: [
      { value: '1234+', label: 'Premium books' },
      { value: '77K+', label: 'Active readers' },
      { value: '4.8', label: 'Average rating' },
    ],
  },
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/**
 * Default answers for every read the storefront makes; pass overrides per test. The current user is
 * signed out (401) unless `user` is given.
 */
export function storefrontRoutes({
  user = null,
  ...overrides
}: { user?: TCurrentUser | null } & Record<string, TRouteHandler | TCurrentUser | null> = {}): Record<
  string,
  TRouteHandler
> {
  return {
    [apiPath('/auth/user')]: () => (user ? json(user) : new Response('', { status: 401, statusText: 'Unauthorized' })),
    [apiPath('/seo/config')]: (url) =>
      seoConfig((url.searchParams.get('pageType') ?? 'home') as TSeoConfig['pageType']),
    [apiPath('/page-content/homepage')]: () => HOMEPAGE_CONTENT,
    [apiPath('/plans')]: () => ({ items: PLANS }),
    // What a plan choice costs (the checkout summary asks before it offers to pay).
    [apiPath('/billing/quote')]: (url) => {
      const tier = url.searchParams.get('tier') === 'premium' ? 'premium' : 'basic';
      const amount = tier === 'premium' ? 999 : 599;
      return {
        tier,
        planName: tier === 'premium' ? 'Premium Plan' : 'Basic Plan',
        kind: 'subscribe',
        currency: 'GBP',
        amountToday: amount,
        nextChargeAmount: amount,
        nextChargeAt: '2026-05-05T09:00:00.000Z',
        trialKeptUntil: null,
      };
    },
    [apiPath('/categories')]: () => ({
      items: [
        {
          id: 'c1',
          name: 'Personal Growth',
          slug: 'personal-growth',
          description: null,
          icon: null,
          color: null,
          bookCount: 12,
        },
        { id: 'c2', name: 'Business', slug: 'business', description: null, icon: null, color: null, bookCount: 8 },
      ],
    }),
    [apiPath('/books')]: (url) => {
      const limit = Number(url.searchParams.get('limit') ?? 24);
      return { items: makeBooks(Math.min(limit, 6)), total: 6, page: 1, limit };
    },
    ...(overrides as Record<string, TRouteHandler>),
  };
}
