import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@shared/messages';
import SubscribePage from './subscribe-page';
import { json, makeUser, mockFetch, renderWithProviders, storefrontRoutes } from '../catalogue/test-utils';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

describe('SubscribePage', () => {
  it('highlights and scrolls to the plan named in ?tier, and summarises it', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    mockFetch(storefrontRoutes());
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=premium', path: '/subscribe' });

    const premium = await screen.findByRole('group', { name: 'Premium Plan' });
    expect(premium).toHaveAttribute('aria-current', 'true');
    expect(within(premium).getByText('Selected')).toBeInTheDocument();
    expect(within(premium).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Basic Plan' })).not.toHaveAttribute('aria-current');
    expect(scrollIntoView).toHaveBeenCalled();

    const summary = screen.getByRole('region', { name: 'Premium Plan' });
    expect(within(summary).getByText('£9.99')).toBeInTheDocument();
    expect(within(summary).getByText('per month')).toBeInTheDocument();
    expect(within(summary).getByText('Multi-device sync')).toBeInTheDocument();
    expect(within(summary).getByText('You will be asked to sign in or create an account first.')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fsubscribe%3Ftier%3Dpremium',
    );
    expect(within(summary).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
  });

  it('selects a plan into the URL with its button; the trial goes to registration', async () => {
    const user = userEvent.setup();
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    mockFetch(storefrontRoutes());
    renderWithProviders(<SubscribePage />, { route: '/subscribe', path: '/subscribe' });

    const trial = await screen.findByRole('group', { name: 'Free Trial' });
    expect(within(trial).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByText(/Choose Basic or Premium above/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose Basic Plan' }));
    expect(location()).toBe('/subscribe?tier=basic');
    const basic = screen.getByRole('group', { name: 'Basic Plan' });
    expect(within(basic).getByRole('button', { name: /Basic Plan selected/ })).toHaveAttribute('aria-pressed', 'true');
    const summary = screen.getByRole('region', { name: 'Basic Plan' });
    expect(within(summary).getByText('Select 10 books per month')).toBeInTheDocument();
    expect(within(summary).getByText('Offline reading')).toBeInTheDocument();
  });

  it('lets a trial reader continue to payment and follows the test checkout URL in-app', async () => {
    const user = userEvent.setup();
    const { callsTo, fetchMock } = mockFetch(
      storefrontRoutes({
        user: makeUser({ subscriptionTier: 'trial' }),
        [apiPath('/billing/checkout')]: () => ({ url: '/checkout/test/8a4f1c2e-3b5d-4e6f-9a7b-1c2d3e4f5a6b' }),
      }),
    );
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=basic', path: '/subscribe' });
    const summary = await screen.findByRole('region', { name: 'Basic Plan' });
    expect(within(summary).queryByText(/You will be asked to sign in/)).not.toBeInTheDocument();
    const trial = screen.getByRole('group', { name: 'Free Trial' });
    expect(within(trial).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(within(trial).getByText(/Your free trial ends on/)).toBeInTheDocument();

    await user.click(await within(summary).findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(location()).toBe('/checkout/test/8a4f1c2e-3b5d-4e6f-9a7b-1c2d3e4f5a6b'));
    expect(callsTo(apiPath('/billing/checkout'))).toHaveLength(1);
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith(apiPath('/billing/checkout')))?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ tier: 'basic' });
  });

  it('sends the browser to an external checkout with a full page load', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      href: window.location.href,
      assign,
    } as Location);
    mockFetch(
      storefrontRoutes({
        user: makeUser({ subscriptionTier: 'free', subscriptionStatus: 'inactive', trialEndsAt: null }),
        [apiPath('/billing/checkout')]: () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_123' }),
      }),
    );
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=premium', path: '/subscribe' });
    const summary = await screen.findByRole('region', { name: 'Premium Plan' });
    await user.click(await within(summary).findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_123'));
    expect(
      within(screen.getByRole('group', { name: 'Free Trial' })).getByRole('button', { name: 'For new accounts' }),
    ).toBeDisabled();
  });

  it('tells a reader whose account came without a trial why, and does not promise them one', async () => {
    mockFetch(
      storefrontRoutes({
        user: makeUser({
          subscriptionTier: 'free',
          subscriptionStatus: 'inactive',
          trialEndsAt: null,
          trialDeclined: true,
        }),
      }),
    );
    renderWithProviders(<SubscribePage />, { route: '/subscribe', path: '/subscribe' });
    expect(await screen.findByText(AUTH_MESSAGES.trialDeclined)).toBeInTheDocument();
    const trial = await screen.findByRole('group', { name: 'Free Trial' });
    expect(within(trial).getByText('This account does not include a free trial.')).toBeInTheDocument();
    expect(within(trial).queryByText('The free trial comes with every new account.')).toBeNull();
  });

  it('shows the reason when the checkout is refused (already on that plan)', async () => {
    const user = userEvent.setup();
    mockFetch(
      storefrontRoutes({
        user: makeUser({ subscriptionTier: 'trial' }),
        [apiPath('/billing/checkout')]: () =>
          json(
            { type: 'about:blank', title: 'Conflict', status: 409, detail: 'You are already on the Basic Plan.' },
            409,
          ),
      }),
    );
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=basic', path: '/subscribe' });
    const summary = await screen.findByRole('region', { name: 'Basic Plan' });
    await user.click(await within(summary).findByRole('button', { name: 'Continue to payment' }));
    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent('You are already on the Basic Plan.');
    expect(within(alert).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
    expect(location()).toBe('/subscribe?tier=basic');
  });

  it('shows a paying reader their current plan, and sends plan changes to Billing', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch(
      storefrontRoutes({ user: makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'active' }) }),
    );
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=basic', path: '/subscribe' });
    const basic = await screen.findByRole('group', { name: 'Basic Plan' });
    expect(await within(basic).findByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(within(basic).getByRole('link', { name: 'Manage in Billing' })).toHaveAttribute('href', '/billing');
    const summary = screen.getByRole('region', { name: 'Basic Plan' });
    expect(within(summary).getByText('This is your current plan.')).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose Premium Plan' }));
    const premium = screen.getByRole('region', { name: 'Premium Plan' });
    expect(within(premium).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
    expect(within(premium).queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(callsTo(apiPath('/billing/checkout'))).toHaveLength(0);
  });

  it('ignores an unknown tier', async () => {
    mockFetch(storefrontRoutes());
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=gold', path: '/subscribe' });
    await screen.findByRole('group', { name: 'Premium Plan' });
    expect(screen.queryByText('Selected')).not.toBeInTheDocument();
  });
});
