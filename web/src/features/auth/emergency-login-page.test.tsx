import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmergencyLoginPage from './emergency-login-page';
import { clearToasts, currentToast, makeUser, mockApi, problem, renderPage } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

function renderEmergency() {
  return renderPage(<EmergencyLoginPage />, { route: '/emergency-login' });
}

const DEMO = { email: 'demo-admin@wonderful-books.test', password: 'demo-password-123' };

describe('/emergency-login', () => {
  it('explains that the break-glass path is switched off', async () => {
    mockApi({ [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: false, demo: null }) });
    renderEmergency();
    expect(await screen.findByText('Emergency login is switched off.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login as Premium User' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth/login');
  });

  it('treats a 404 from the config endpoint as switched off', async () => {
    mockApi({ [`GET ${apiPath('/auth/emergency-config')}`]: () => problem(404, 'Not found') });
    renderEmergency();
    expect(await screen.findByText('Emergency login is switched off.')).toBeInTheDocument();
  });

  it('is pre-filled with the demo credentials and says so', async () => {
    mockApi({ [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: true, demo: DEMO }) });
    renderEmergency();
    expect(await screen.findByRole('button', { name: 'Login as Premium User' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(DEMO.email);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO.password);
    expect(screen.getByText(/Demo credentials\./)).toBeInTheDocument();
    expect(screen.getByText(/premium super admin/, { selector: 'div[role="status"]' })).toBeInTheDocument();
  });

  it('is empty, with no demo note, when enabled without demo credentials', async () => {
    mockApi({ [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: true, demo: null }) });
    renderEmergency();
    await screen.findByRole('button', { name: 'Login as Premium User' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText(/Demo credentials\./)).not.toBeInTheDocument();
  });

  it('welcomes the user by first name, refreshes the current user and goes to /dashboard', async () => {
    const api = mockApi({
      [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: true, demo: DEMO }),
      [`POST ${apiPath('/auth/admin-emergency')}`]: () => ({
        success: true,
        message: 'Emergency access granted.',
        user: { firstName: 'Grace' },
      }),
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ role: 'super_admin', firstName: 'Grace' }),
    });
    const user = userEvent.setup();
    const { location, queryClient } = renderEmergency();
    await user.click(await screen.findByRole('button', { name: 'Login as Premium User' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(currentToast()).toEqual({
      title: 'Welcome, Grace!',
      description: 'Emergency access granted.',
      variant: 'default',
    });
    expect(api.callsTo('POST', apiPath('/auth/admin-emergency'))[0].body).toEqual(DEMO);
    expect(queryClient.getQueryData(['auth', 'user'])).toMatchObject({ role: 'super_admin' });
  });

  it("shows 'Login failed' with the server message, or 'Please check your credentials'", async () => {
    let answer: Response = problem(401, 'Emergency credentials rejected.');
    mockApi({
      [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: true, demo: DEMO }),
      [`POST ${apiPath('/auth/admin-emergency')}`]: () => answer,
    });
    const user = userEvent.setup();
    renderEmergency();
    await user.click(await screen.findByRole('button', { name: 'Login as Premium User' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Login failed',
        description: 'Emergency credentials rejected.',
        variant: 'destructive',
      }),
    );
    answer = new Response(JSON.stringify({ success: false, message: '' }), { status: 200 });
    await user.click(screen.getByRole('button', { name: 'Login as Premium User' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Login failed',
        description: 'Please check your credentials',
        variant: 'destructive',
      }),
    );
  });

  it("says 'Unable to connect to server' when the request cannot be sent", async () => {
    mockApi({
      [`GET ${apiPath('/auth/emergency-config')}`]: () => ({ enabled: true, demo: DEMO }),
      [`POST ${apiPath('/auth/admin-emergency')}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = userEvent.setup();
    renderEmergency();
    await user.click(await screen.findByRole('button', { name: 'Login as Premium User' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Login failed',
        description: 'Unable to connect to server',
        variant: 'destructive',
      }),
    );
  });
});
