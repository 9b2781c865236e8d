import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { clearToasts, makeUser, mockApi, problem, renderPage, type TApiHandler } from '@web/features/auth/test-utils';
import { createTestQueryClient } from '@web/app/test-helpers';
import PaymentSuccessPage, { CONFIRM_POLL_MS, CONFIRM_POLL_TRIES } from './payment-success-page';
import { SESSION_ID, makeSession } from './test-fixtures';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = apiPath(`/billing/checkout/${SESSION_ID}`);

function renderResult(routes: Record<string, TApiHandler>, route = `/payment-success?session_id=${SESSION_ID}`) {
  const queryClient = createTestQueryClient();
  const api = mockApi({ [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'trial' }), ...routes });
  const view = renderPage(<PaymentSuccessPage />, { route, path: '/payment-success', queryClient });
  return { api, ...view };
}

describe('/payment-success', () => {
  it('confirms a complete payment from the server and refreshes the user, entitlements and billing', async () => {
    const { api, queryClient } = renderResult({ [`GET ${PATH}`]: () => makeSession({ status: 'complete' }) });
    queryClient.setQueryData(['me', 'entitlements'], { tier: 'trial' });
    queryClient.setQueryData(['billing', 'subscription'], { tier: 'trial' });
    expect(
      await screen.findByRole('heading', { name: 'Payment successful — welcome to the Basic Plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Library' })).toHaveAttribute('href', '/library');
    expect(screen.getByRole('link', { name: 'Browse the bookstore' })).toHaveAttribute('href', '/bookstore');
    await waitFor(() => expect(api.callsTo('GET', apiPath('/auth/user')).length).toBeGreaterThan(0));
    await waitFor(() => {
      expect(queryClient.getQueryState(['me', 'entitlements'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['billing', 'subscription'])?.isInvalidated).toBe(true);
    });
  });

  it('says the payment did not complete when the session is open with an error, with a retry link', async () => {
    renderResult({ [`GET ${PATH}`]: () => makeSession({ lastError: 'Your card was declined.' }) });
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText(/Your card was declined\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the payment again' })).toHaveAttribute(
      'href',
      `/checkout/test/${SESSION_ID}`,
    );
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
  });

  it('does not trust the URL: an open session without an error is re-checked, then reported as not completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderResult({ [`GET ${PATH}`]: () => makeSession() });
    expect(await screen.findByRole('status')).toHaveTextContent('Confirming your payment...');
    for (let tick = 0; tick < CONFIRM_POLL_TRIES; tick += 1)
      await act(() => vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(api.callsTo('GET', PATH)).toHaveLength(CONFIRM_POLL_TRIES);
  });

  it('shows a neutral message for an unknown session', async () => {
    renderResult({ [`GET ${PATH}`]: () => problem(404, 'Checkout session not found') });
    expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows the neutral message without a session id and asks nothing of the server', async () => {
    const { api } = renderResult({}, '/payment-success');
    expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith(apiPath('/billing')))).toHaveLength(0);
  });
});
