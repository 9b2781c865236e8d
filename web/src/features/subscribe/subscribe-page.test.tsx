import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SubscribePage from './subscribe-page';
import { makeUser, mockFetch, renderWithProviders, storefrontRoutes } from '../catalogue/test-utils';

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
    expect(within(summary).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
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

  it('tells a signed-in reader where plan changes happen, without pretending to take payment', async () => {
    mockFetch(storefrontRoutes({ user: makeUser({ subscriptionTier: 'trial' }) }));
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=basic', path: '/subscribe' });
    const summary = await screen.findByRole('region', { name: 'Basic Plan' });
    expect(await within(summary).findByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
    expect(within(summary).queryByText(/You will be asked to sign in/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  });

  it('ignores an unknown tier', async () => {
    mockFetch(storefrontRoutes());
    renderWithProviders(<SubscribePage />, { route: '/subscribe?tier=gold', path: '/subscribe' });
    await screen.findByRole('group', { name: 'Premium Plan' });
    expect(screen.queryByText('Selected')).not.toBeInTheDocument();
  });
});
