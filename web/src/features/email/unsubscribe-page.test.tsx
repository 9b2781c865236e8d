import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, mockApi, problem, renderPage } from '@web/features/auth/test-utils';
import UnsubscribePage, { maskEmail } from './unsubscribe-page';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const TOKEN = 't'.repeat(40);
const PREFS = { marketingEmails: true, trialReminders: true, subscriptionUpdates: false, isUnsubscribedAll: false };

describe('/unsubscribe', () => {
  it('masks the e-mail address', () => {
    expect(maskEmail('reader@example.com')).toBe('r•••@example.com');
    expect(maskEmail('r***@example.com')).toBe('r***@example.com');
  });

  it('explains a missing token', () => {
    mockApi({});
    renderPage(<UnsubscribePage />, { route: '/unsubscribe' });
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('explains a token the server rejects', async () => {
    mockApi({ [`GET ${apiPath('/email/unsubscribe')}`]: () => problem(404, 'Unknown token') });
    renderPage(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('shows the masked address and the current choices, and saves new ones', async () => {
    const api = mockApi({
      [`GET ${apiPath('/email/unsubscribe')}`]: () => ({ email: 'reader@example.com', preferences: PREFS }),
      [`POST ${apiPath('/email/unsubscribe')}`]: () => ({ success: true }),
    });
    const user = userEvent.setup();
    renderPage(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}` });
    expect(await screen.findByText('r•••@example.com')).toBeInTheDocument();
    expect(api.callsTo('GET', apiPath('/email/unsubscribe'))[0].search).toBe(`?token=${TOKEN}`);
    expect(screen.getByLabelText('Recommendations and offers')).toBeChecked();
    expect(screen.getByLabelText('Subscription updates')).not.toBeChecked();

    await user.click(screen.getByLabelText('Recommendations and offers'));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your email preferences have been saved.')).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath('/email/unsubscribe'))[0].body).toEqual({
      token: TOKEN,
      ...PREFS,
      marketingEmails: false,
    });
  });

  it("'Unsubscribe from all' switches every category off", async () => {
    const api = mockApi({
      [`GET ${apiPath('/email/unsubscribe')}`]: () => ({ email: 'reader@example.com', preferences: PREFS }),
      [`POST ${apiPath('/email/unsubscribe')}`]: () => ({ success: true }),
    });
    const user = userEvent.setup();
    renderPage(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}` });
    await user.click(await screen.findByLabelText('Unsubscribe from all optional emails'));
    expect(screen.getByLabelText('Recommendations and offers')).toBeDisabled();
    expect(screen.getByLabelText('Recommendations and offers')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(api.callsTo('POST', apiPath('/email/unsubscribe'))).toHaveLength(1));
    expect(api.callsTo('POST', apiPath('/email/unsubscribe'))[0].body).toMatchObject({
      token: TOKEN,
      isUnsubscribedAll: true,
    });
    expect(await screen.findByText('You have been unsubscribed from all optional emails.')).toBeInTheDocument();
  });
});
