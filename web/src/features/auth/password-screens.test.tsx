import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmailVerifiedPage from './email-verified-page';
import ForgotPasswordPage, { FORGOT_PASSWORD_CONFIRMATION } from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';
import { clearToasts, currentToast, json, mockApi, problem, renderPage } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const TOKEN = 'a'.repeat(32);

describe('/auth/forgot-password', () => {
  it('validates the e-mail address', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { route: '/auth/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['a known account', () => json({ success: true, message: 'If an account exists, a link was sent.' })],
    ['an unknown account', () => json({ success: true, message: 'If an account exists, a link was sent.' })],
    ['a rate-limited request', () => problem(429, 'Too many requests')],
  ])('shows the same neutral confirmation for %s', async (_case, answer) => {
    const api = mockApi({ [`POST ${apiPath('/auth/forgot-password')}`]: answer });
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { route: '/auth/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_CONFIRMATION)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath('/auth/forgot-password'))[0].body).toEqual({ email: 'ada@example.com' });
  });
});

describe('/auth/reset-password', () => {
  it('explains an incomplete link and offers a new one', () => {
    mockApi({});
    renderPage(<ResetPasswordPage />, { route: '/auth/reset-password' });
    expect(screen.getByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('validates the new password twice', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { route: `/auth/reset-password?token=${TOKEN}` });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('resets the password and links to sign in', async () => {
    const api = mockApi({
      [`POST ${apiPath('/auth/reset-password')}`]: () => ({ success: true, message: 'Password reset' }),
    });
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { route: `/auth/reset-password?token=${TOKEN}` });
    await user.type(screen.getByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(api.callsTo('POST', apiPath('/auth/reset-password'))[0].body).toEqual({
      token: TOKEN,
      password: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
  });

  it('says so when the server rejects the token as expired', async () => {
    mockApi({ [`POST ${apiPath('/auth/reset-password')}`]: () => problem(400, 'This reset link has expired.') });
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { route: `/auth/reset-password?token=${TOKEN}` });
    await user.type(screen.getByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeInTheDocument();
  });

  it('shows a rate limit as a toast and keeps the form', async () => {
    mockApi({ [`POST ${apiPath('/auth/reset-password')}`]: () => problem(429, 'Too many attempts. Try again later.') });
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { route: `/auth/reset-password?token=${TOKEN}` });
    await user.type(screen.getByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(currentToast()?.description).toBe('Too many attempts. Try again later.'));
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });
});

describe('/email-verified', () => {
  it('confirms a verification just made and offers Sign In', () => {
    renderPage(<EmailVerifiedPage />, { route: '/email-verified', state: { verified: true } });
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login?verified=true');
  });

  it('claims no success when reached without a verification', () => {
    renderPage(<EmailVerifiedPage />, { route: '/email-verified' });
    expect(screen.queryByRole('heading', { name: 'Email Verified!' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter my code' })).toHaveAttribute('href', '/auth/verify-email');
  });
});
