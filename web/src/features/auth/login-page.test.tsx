import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRole } from '@shared/tiers';
import LoginPage from './login-page';
import { PENDING_VERIFICATION_KEY } from './pending-verification';
import { clearToasts, currentToast, makeUser, mockApi, problem, renderPage } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

beforeEach(() => localStorage.clear());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets promises and zero-delay timers settle while setTimeout is faked. */
async function flush() {
  for (let step = 0; step < 5; step++) await act(async () => vi.advanceTimersByTimeAsync(0));
}

function renderLogin(route = '/auth/login') {
  return renderPage(<LoginPage />, { route, path: '/auth/login' });
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, identifier = 'ada', password = 'correct horse') {
  if (identifier) await user.type(screen.getByLabelText('Email or Username'), identifier);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/auth/login', () => {
  it('carries the brand, the fields and the documented links', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Wonderful Books' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows and hides the password with a labelled toggle', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['', 'secret', 'Email or username is required', 'Email or Username'],
    ['ada', '', 'Password is required', 'Password'],
  ])('validates (%s / %s) with "%s" and sends nothing', async (identifier, password, message, label) => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderLogin();
    await fillAndSubmit(user, identifier, password);
    expect(await screen.findByText(message)).toBeInTheDocument();
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain('error');
    expect(api.callsTo('POST', apiPath('/auth/login'))).toHaveLength(0);
  });

  it("shows 'Signing in...' while the request is pending", async () => {
    mockApi({ [`POST ${apiPath('/auth/login')}`]: () => new Promise(() => {}) });
    const user = userEvent.setup();
    renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it.each<[TRole, string]>([
    ['super_admin', '/super-admin'],
    ['admin', '/admin'],
    ['moderator', '/dashboard'],
    ['user', '/dashboard'],
  ])('signs in a %s: welcome toast, user refreshed, %s after 500 ms', async (role, target) => {
    const signedIn = makeUser({ role });
    const api = mockApi({
      [`POST ${apiPath('/auth/login')}`]: () => ({ user: signedIn }),
      [`GET ${apiPath('/auth/user')}`]: () => signedIn,
    });
    const { location, queryClient } = renderLogin();
    fireEvent.change(screen.getByLabelText('Email or Username'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await flush();

    expect(currentToast()).toEqual({
      title: 'Welcome back!',
      description: 'You have successfully logged in.',
      variant: 'default',
    });
    const [call] = api.callsTo('POST', apiPath('/auth/login'));
    expect(call.body).toEqual({ emailOrUsername: 'ada@example.com', password: 'correct horse' });
    expect(call.init).toMatchObject({ credentials: 'include' });
    expect(new Headers(call.init?.headers).get('Content-Type')).toBe('application/json');
    expect(queryClient.getQueryData(['auth', 'user'])).toEqual(signedIn);
    expect(queryClient.getQueryState(['auth', 'user'])?.isInvalidated).toBe(true);
    expect(location()).toBe('/auth/login');

    await act(async () => vi.advanceTimersByTimeAsync(499));
    expect(location()).toBe('/auth/login');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(location()).toBe(target);
  });

  it('returns to the page the guard stopped, when it is a same-origin path', async () => {
    const signedIn = makeUser({ role: 'admin' });
    mockApi({
      [`POST ${apiPath('/auth/login')}`]: () => ({ user: signedIn }),
      [`GET ${apiPath('/auth/user')}`]: () => signedIn,
    });
    const user = userEvent.setup();
    const { location } = renderLogin('/auth/login?redirect=%2Fprofile');
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/profile'), { timeout: 2000 });
  });

  it('ignores an off-site redirect and lands by role', async () => {
    const signedIn = makeUser({ role: 'user' });
    mockApi({
      [`POST ${apiPath('/auth/login')}`]: () => ({ user: signedIn }),
      [`GET ${apiPath('/auth/user')}`]: () => signedIn,
    });
    const user = userEvent.setup();
    const { location } = renderLogin('/auth/login?redirect=%2F%2Fevil.example%2Fx');
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 2000 });
  });

  it("shows 'Login Failed' with the server's message", async () => {
    mockApi({ [`POST ${apiPath('/auth/login')}`]: () => problem(401, 'Invalid email/username or password') });
    const user = userEvent.setup();
    const { location } = renderLogin();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Login Failed',
        description: 'Invalid email/username or password',
        variant: 'destructive',
      }),
    );
    expect(location()).toBe('/auth/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("falls back to 'Please check your credentials and try again.'", async () => {
    mockApi({
      [`POST ${apiPath('/auth/login')}`]: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    const user = userEvent.setup();
    renderLogin();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Login Failed',
        description: 'Please check your credentials and try again.',
        variant: 'destructive',
      }),
    );
  });

  it('sends an unverified account to /auth/verify-email with its user id and e-mail', async () => {
    mockApi({
      [`POST ${apiPath('/auth/login')}`]: () =>
        problem(403, 'Please verify your email address first.', { userId: 'u-42', email: 'ada@example.com' }),
    });
    const user = userEvent.setup();
    const { location } = renderLogin();
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/auth/verify-email?userId=u-42&email=ada%40example.com'));
    expect(JSON.parse(localStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({
      userId: 'u-42',
      email: 'ada@example.com',
    });
  });

  it('greets a verified arrival (?verified=true)', () => {
    mockApi({});
    renderLogin('/auth/login?verified=true');
    expect(screen.getByRole('status')).toHaveTextContent('Your email has been verified');
  });
});
