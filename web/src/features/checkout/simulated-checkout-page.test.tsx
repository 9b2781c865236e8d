import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CARDS } from '@shared/billing';
import { clearToasts, makeUser, mockApi, problem, renderPage, type TApiHandler } from '@web/features/auth/test-utils';
import SimulatedCheckoutPage, { TEST_MODE_LABEL } from './simulated-checkout-page';
import { formatCardNumber, formatExpiry } from '@web/components/forms/card-fields';
import { SESSION_ID, makeSession } from './test-fixtures';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = apiPath(`/billing/checkout/${SESSION_ID}`);

function renderCheckout(routes: Record<string, TApiHandler> = {}) {
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
    [`GET ${PATH}`]: () => makeSession(),
    ...routes,
  });
  const view = renderPage(<SimulatedCheckoutPage />, {
    route: `/checkout/test/${SESSION_ID}`,
    path: '/checkout/test/:sessionId',
  });
  return { api, ...view };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: string = TEST_CARDS.succeeds) {
  await user.type(screen.getByLabelText('Card number'), card.replace(/\s/g, ''));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('/checkout/test/:sessionId', () => {
  it('is labelled as test mode, lists the test cards and summarises the order', async () => {
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Pay £5.99' })).toBeInTheDocument();
    expect(screen.getByText(TEST_MODE_LABEL)).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Test cards' }));
    for (const number of Object.values(TEST_CARDS)) expect(cards.getByText(number)).toBeInTheDocument();
    const order = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(order.getByText('Basic Plan')).toBeInTheDocument();
    expect(order.getByText('£5.99')).toBeInTheDocument();
    expect(order.getByText('per month')).toBeInTheDocument();
    expect(order.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel and go back' })).toHaveAttribute('href', '/subscribe?tier=basic');
  });

  it('validates the card form with the shared schema messages and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay £5.99' }));
    expect(await screen.findByText('Enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the card')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', `${PATH}/pay`)).toHaveLength(0);
  });

  it('spaces the card number, adds the expiry slash and posts the digits', async () => {
    const user = userEvent.setup();
    const { api, location } = renderCheckout({
      [`POST ${PATH}/pay`]: () => ({
        outcome: 'succeeded',
        message: 'Payment succeeded',
        redirectUrl: `/payment-success?session_id=${SESSION_ID}`,
      }),
    });
    await screen.findByRole('button', { name: 'Pay £5.99' });
    await fillCard(user);
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/34');
    await user.click(screen.getByRole('button', { name: 'Pay £5.99' }));
    await waitFor(() => expect(location()).toBe(`/payment-success?session_id=${SESSION_ID}`));
    expect(api.callsTo('POST', `${PATH}/pay`)[0].body).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      nameOnCard: 'Ada Lovelace',
    });
  });

  it('shows a decline inline and keeps the form for another card', async () => {
    const user = userEvent.setup();
    let outcome: 'declined' | 'insufficient_funds' = 'declined';
    const { location } = renderCheckout({
      [`POST ${PATH}/pay`]: () => ({
        outcome,
        message: outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
        redirectUrl: null,
      }),
    });
    await screen.findByRole('button', { name: 'Pay £5.99' });
    await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    // 'Use' fills every field (the name typed is kept), so the form can be paid at once.
    await user.click(screen.getByRole('button', { name: `Use test card ${TEST_CARDS.declined}` }));
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toMatch(/^12\/\d{2}$/);
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Pay £5.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(location()).toBe(`/checkout/test/${SESSION_ID}`);
    expect(screen.getByLabelText('Card number')).toHaveValue(TEST_CARDS.declined);
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');

    outcome = 'insufficient_funds';
    await user.click(screen.getByRole('button', { name: 'Pay £5.99' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'));
  });

  it('puts server field errors on the fields', async () => {
    const user = userEvent.setup();
    renderCheckout({
      [`POST ${PATH}/pay`]: () =>
        problem(400, 'Invalid card', { errors: [{ field: 'expiry', message: 'The card has expired' }] }),
    });
    await screen.findByRole('button', { name: 'Pay £5.99' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £5.99' }));
    expect(await screen.findByText('The card has expired')).toBeInTheDocument();
  });

  it('shows a clear state for expired, paid and unknown sessions', async () => {
    renderCheckout({ [`GET ${PATH}`]: () => makeSession({ status: 'expired' }) });
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/subscribe?tier=basic');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('links a paid session to its result', async () => {
    renderCheckout({ [`GET ${PATH}`]: () => makeSession({ status: 'complete' }) });
    expect(await screen.findByRole('heading', { name: 'This checkout is already paid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your payment result' })).toHaveAttribute(
      'href',
      `/payment-success?session_id=${SESSION_ID}`,
    );
  });

  it('says when the session is not found', async () => {
    renderCheckout({ [`GET ${PATH}`]: () => problem(404, 'Checkout session not found') });
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
  });
});

describe('card input helpers', () => {
  it('formats numbers and expiry dates', () => {
    expect(formatCardNumber('4000000000009995')).toBe('4000 0000 0000 9995');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
});
