import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSubscription } from '@shared/billing';
import { AUTH_MESSAGES } from '@shared/messages';
import {
  clearToasts,
  currentToast,
  makeUser,
  mockApi,
  problem,
  renderPage,
  type TApiHandler,
} from '@web/features/auth/test-utils';
import { makeInvoice, makeSubscription } from '@web/features/checkout/test-fixtures';
import { PLANS } from '@web/features/catalogue/test-utils';
import { makeEntitlements } from '@web/features/selections/test-fixtures';
import BillingPage from './billing-page';
import { formatDate } from './queries';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderBilling(
  subscription: TSubscription | (() => unknown),
  routes: Record<string, TApiHandler> = {},
  route = '/billing',
) {
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () =>
      makeUser({ subscriptionTier: subscription instanceof Function ? 'basic' : subscription.tier }),
    [`GET ${apiPath('/billing/subscription')}`]: subscription instanceof Function ? subscription : () => subscription,
    [`GET ${apiPath('/billing/invoices')}`]: () => ({
      items: [
        makeInvoice(),
        makeInvoice({
          id: 'inv-2',
          number: 'WB-0002',
          status: 'open',
          amountPaid: 0,
          issuedAt: '2025-04-03T10:00:00.000Z',
          paidAt: null,
        }),
      ],
    }),
    [`GET ${apiPath('/plans')}`]: () => ({ items: PLANS }),
    [`GET ${apiPath('/me/entitlements')}`]: () =>
      makeEntitlements({ tier: 'basic', subscriptionTier: 'basic', picksUsed: 4, picksLimit: 10 }),
    ...routes,
  });
  const view = renderPage(<BillingPage />, { route, path: '/billing' });
  return { api, ...view };
}

const plan = () => within(screen.getByRole('region', { name: 'Your plan' }));

describe('/billing', () => {
  it('tells a reader whose account came without a free trial why, and how to ask for help', async () => {
    renderBilling(makeSubscription(), {
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'free', trialDeclined: true }),
    });
    const note = await screen.findByRole('note', { name: 'No free trial' });
    expect(note).toHaveTextContent(AUTH_MESSAGES.trialDeclined);
  });

  it('shows no trial notice to anyone else', async () => {
    renderBilling(makeSubscription());
    expect(await screen.findByText('Basic Plan')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'No free trial' })).not.toBeInTheDocument();
  });

  it('shows the plan, status, next charge, card and invoices with receipts', async () => {
    renderBilling(makeSubscription());
    expect(screen.getByRole('status')).toHaveTextContent('Loading your plan...');
    expect(await screen.findByText('Basic Plan')).toBeInTheDocument();
    expect(plan().getByText('Active')).toBeInTheDocument();
    expect(plan().getByText(`£5.99 on ${formatDate('2025-04-03T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment method' })).getByText(/•••• 4242/)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Your plan and picks' })).findByText('4 of 10 used'),
    ).toBeInTheDocument();

    const invoices = within(screen.getByRole('region', { name: 'Invoices' }));
    const rows = await invoices.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText(formatDate('2025-03-03T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(rows[1]).getByText('Basic Plan (3 Mar – 3 Apr 2025)')).toBeInTheDocument();
    expect(within(rows[1]).getByText('£5.99')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();
    const receipt = within(rows[1]).getByRole('link', { name: 'Receipt for invoice WB-0001' });
    expect(receipt).toHaveAttribute('href', apiPath('/billing/invoices/0f0e0d0c-0b0a-4908-8706-050403020100/receipt'));
    expect(receipt).toHaveAttribute('download');
    expect(within(rows[2]).getByText('Due')).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('cancels through a confirmation that explains access continues until the period end', async () => {
    const user = userEvent.setup();
    const periodEnd = new Date(Date.now() + 20 * 86_400_000).toISOString();
    let subscription = makeSubscription({ currentPeriodEnd: periodEnd, nextChargeAt: periodEnd });
    const { api } = renderBilling(() => subscription, {
      [`POST ${apiPath('/billing/cancel')}`]: () => {
        subscription = makeSubscription({
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: true,
          status: 'cancelled',
          nextChargeAt: null,
          nextChargeAmount: null,
        });
        return subscription;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel your subscription?' }));
    const end = formatDate(periodEnd);
    expect(
      dialog.getByText(`You keep access to the Basic Plan until ${end}, and you won't be charged again.`),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));

    await waitFor(() => expect(api.callsTo('POST', apiPath('/billing/cancel'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentToast()?.title).toBe('Subscription cancelled');
    expect(await plan().findByText('Cancelled')).toBeInTheDocument();
    expect(plan().getByText(new RegExp(`access until ${end}`))).toBeInTheDocument();
    expect(plan().getByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
  });

  it('keeps the plan when the reader backs out of the cancel dialog', async () => {
    const user = userEvent.setup();
    const { api } = renderBilling(makeSubscription());
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', apiPath('/billing/cancel'))).toHaveLength(0);
  });

  it('resumes a cancelled subscription', async () => {
    const user = userEvent.setup();
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
    let subscription = makeSubscription({ status: 'cancelled', cancelAtPeriodEnd: true, currentPeriodEnd: future });
    const { api } = renderBilling(() => subscription, {
      [`POST ${apiPath('/billing/resume')}`]: () => {
        subscription = makeSubscription({ currentPeriodEnd: future, nextChargeAt: future });
        return subscription;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(api.callsTo('POST', apiPath('/billing/resume'))).toHaveLength(1));
    expect(await plan().findByText('Active')).toBeInTheDocument();
    expect(currentToast()?.title).toBe('Subscription resumed');
  });

  it("upgrades Basic to Premium at once after confirming, showing today's amount and the next charge first", async () => {
    const user = userEvent.setup();
    const { api } = renderBilling(makeSubscription(), {
      [`POST ${apiPath('/billing/change-plan')}`]: () =>
        makeSubscription({ tier: 'premium', planName: 'Premium Plan' }),
      [`GET ${apiPath('/billing/quote')}`]: () => ({
        tier: 'premium',
        planName: 'Premium Plan',
        kind: 'upgrade',
        currency: 'GBP',
        amountToday: 310,
        nextChargeAmount: 999,
        nextChargeAt: '2026-05-05T09:00:00.000Z',
        trialKeptUntil: null,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade to Premium?' }));
    const quote = within(await dialog.findByTestId('plan-quote'));
    expect(quote.getByText('Charged today').nextSibling).toHaveTextContent('£3.10');
    expect(quote.getByText(/^Next charge, /).nextSibling).toHaveTextContent('£9.99');
    await user.click(dialog.getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(api.callsTo('POST', apiPath('/billing/change-plan'))).toHaveLength(1));
    expect(api.callsTo('POST', apiPath('/billing/change-plan'))[0].body).toEqual({ tier: 'premium' });
  });

  it('downgrades Premium to Basic at the period end and shows the pending plan', async () => {
    const user = userEvent.setup();
    let subscription = makeSubscription({ tier: 'premium', planName: 'Premium Plan', nextChargeAmount: 999 });
    const { api } = renderBilling(() => subscription, {
      [`POST ${apiPath('/billing/change-plan')}`]: ({ body }) => {
        subscription = { ...subscription, pendingTier: (body as { tier: string }).tier === 'basic' ? 'basic' : null };
        return subscription;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Switch to Basic' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch at period end' }));
    await waitFor(() =>
      expect(api.callsTo('POST', apiPath('/billing/change-plan'))[0]?.body).toEqual({ tier: 'basic' }),
    );
    expect(await plan().findByText(/Your plan changes to the Basic Plan on/)).toBeInTheDocument();
    expect(plan().queryByRole('button', { name: 'Switch to Basic' })).not.toBeInTheDocument();

    // Changing back to the current plan drops the pending downgrade.
    await user.click(plan().getByRole('button', { name: 'Keep the Premium Plan' }));
    await waitFor(() =>
      expect(api.callsTo('POST', apiPath('/billing/change-plan'))[1]?.body).toEqual({ tier: 'premium' }),
    );
  });

  it('reports a failed action and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderBilling(makeSubscription(), {
      [`POST ${apiPath('/billing/cancel')}`]: () => problem(409, 'The subscription is already cancelled.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        variant: 'destructive',
        description: 'The subscription is already cancelled.',
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('warns a past-due reader', async () => {
    renderBilling(makeSubscription({ status: 'past_due' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Your last payment didn't go through.");
    expect(plan().getByText('Past due')).toBeInTheDocument();
  });

  it('shows a trial reader their status and a way to choose a plan', async () => {
    const trialEnd = '2025-03-10T10:00:00.000Z';
    renderBilling(
      makeSubscription({
        tier: 'trial',
        status: 'active',
        planName: null,
        nextChargeAt: null,
        nextChargeAmount: null,
        paymentMethod: null,
        trialEndsAt: trialEnd,
      }),
      { [`GET ${apiPath('/billing/invoices')}`]: () => ({ items: [] }) },
    );
    expect(await screen.findByText('Free Trial')).toBeInTheDocument();
    expect(plan().getByText(formatDate(trialEnd))).toBeInTheDocument();
    expect(plan().getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('region', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
  });

  it('opens the test-mode portal in-app and replaces the saved card', async () => {
    const user = userEvent.setup();
    const { api, location } = renderBilling(makeSubscription(), {
      [`POST ${apiPath('/billing/portal')}`]: () => ({ url: '/billing?payment-method=update' }),
      [`POST ${apiPath('/billing/payment-method')}`]: () =>
        makeSubscription({ paymentMethod: { brand: 'visa', last4: '9995' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update payment method' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update payment method' }));
    expect(location()).toBe('/billing?payment-method=update');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('Enter a valid card number')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Card number'), '4000000000009995');
    await user.type(dialog.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(dialog.getByLabelText('CVC'), '321');
    await user.type(dialog.getByLabelText('Name on card'), 'Ada Lovelace');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', apiPath('/billing/payment-method'))[0].body).toEqual({
      cardNumber: '4000000000009995',
      expiry: '12/30',
      cvc: '321',
      nameOnCard: 'Ada Lovelace',
    });
    expect(currentToast()?.title).toBe('Payment method updated');
    expect(location()).toBe('/billing');
  });

  it('sends the browser to an external portal with a full page load', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      href: window.location.href,
      assign,
    } as Location);
    renderBilling(makeSubscription(), {
      [`POST ${apiPath('/billing/portal')}`]: () => ({ url: 'https://billing.stripe.com/p/session/test_123' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'));
  });

  it('shows an error with a retry when the plan cannot be read', async () => {
    let fail = true;
    renderBilling(() => (fail ? new Response('down', { status: 503 }) : makeSubscription()));
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Your billing details could not be loaded.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Basic Plan')).toBeInTheDocument();
  });
});
