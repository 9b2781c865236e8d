import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { resetToasts } from '@web/lib/toast';
import { makeEntitlements } from '@web/features/selections/test-fixtures';
import { Header } from './header';
import { jsonResponse, makeUser, renderWithRouter, stubFetch } from './test-helpers';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function badge() {
  return document.querySelector('[data-badge]');
}

describe('header badge from the entitlements answer', () => {
  it('shows FREE for an expired trial even though the user record still says trial', async () => {
    const user = makeUser({ subscriptionTier: 'trial', trialEndsAt: '2020-01-01T00:00:00.000Z' });
    stubFetch(({ path }) => {
      if (path === apiPath('/auth/user')) return jsonResponse(user);
      if (path === apiPath('/me/entitlements'))
        return jsonResponse(makeEntitlements({ tier: 'free', subscriptionTier: 'trial' }));
      return new Response('Not found', { status: 404 });
    });
    renderWithRouter(<Header />);
    await screen.findByText('Ada');
    await waitFor(() => expect(badge()).toHaveTextContent('FREE'));
  });

  it("falls back to the user record's tier while the entitlements load or if they fail", async () => {
    stubFetch(({ path }) => {
      if (path === apiPath('/auth/user')) return jsonResponse(makeUser({ subscriptionTier: 'basic' }));
      return new Response('down', { status: 503 });
    });
    renderWithRouter(<Header />);
    await screen.findByText('Ada');
    expect(badge()).toHaveTextContent('BASIC');
  });

  it('asks for entitlements only when signed in', async () => {
    const fetchMock = stubFetch(({ path }) =>
      path === apiPath('/auth/user') ? jsonResponse({ status: 401 }, 401) : new Response('Not found', { status: 404 }),
    );
    renderWithRouter(<Header />);
    await screen.findByRole('link', { name: 'Sign In' });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(apiPath('/me/entitlements'));
  });
});
