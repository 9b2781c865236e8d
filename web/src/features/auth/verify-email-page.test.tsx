import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VerifyEmailPage, { keepCodeDigits } from './verify-email-page';
import { PENDING_VERIFICATION_KEY, savePendingVerification } from './pending-verification';
import { clearToasts, currentToast, mockApi, problem, renderPage } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

beforeEach(() => localStorage.clear());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ROUTE = '/auth/verify-email?userId=u-1&email=ada%40example.com';

function renderVerify(route = ROUTE) {
  return renderPage(<VerifyEmailPage />, { route, path: '/auth/verify-email' });
}

const codeInput = () => screen.getByLabelText('Verification code');
const verifyButton = () => screen.getByRole('button', { name: 'Verify Email' });

async function flush() {
  for (let step = 0; step < 5; step++) await act(async () => vi.advanceTimersByTimeAsync(0));
}

describe('/auth/verify-email', () => {
  it('has one numeric one-time-code input and the e-mail from the query', () => {
    mockApi({});
    renderVerify();
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeInput()).toHaveAttribute('pattern', '[0-9]*');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/auth/register');
  });

  it('keeps only digits, at most 6, and enables Verify Email only at 6', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderVerify();
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), '1a2-3 4');
    expect(codeInput()).toHaveValue('1234');
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), '5678');
    expect(codeInput()).toHaveValue('123456');
    expect(verifyButton()).toBeEnabled();
    expect(keepCodeDigits('12 34-56 78')).toBe('123456');
  });

  it("answers Enter with a short code with 'Invalid Code' and sends nothing", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderVerify();
    await user.type(codeInput(), '123{Enter}');
    expect(currentToast()).toEqual({
      title: 'Invalid Code',
      description: 'Please enter the complete 6-digit verification code.',
      variant: 'destructive',
    });
    expect(api.callsTo('POST', apiPath('/auth/verify-otp'))).toHaveLength(0);
  });

  it("says 'Missing Information' without a user id, for verify and for resend", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderVerify('/auth/verify-email');
    await user.type(codeInput(), '123456');
    await user.click(verifyButton());
    const missing = {
      title: 'Missing Information',
      description: 'User information is missing. Please try registering again.',
      variant: 'destructive',
    };
    expect(currentToast()).toEqual(missing);
    clearToasts();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(currentToast()).toEqual(missing);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('falls back to the pending record when the query has no user id', async () => {
    savePendingVerification({ userId: 'stored-9', email: 'stored@example.com' });
    const api = mockApi({ [`POST ${apiPath('/auth/verify-otp')}`]: () => ({ success: true, message: 'Verified' }) });
    const user = userEvent.setup();
    renderVerify('/auth/verify-email');
    expect(screen.getByText('stored@example.com')).toBeInTheDocument();
    await user.type(codeInput(), '654321');
    await user.click(verifyButton());
    await waitFor(() => expect(api.callsTo('POST', apiPath('/auth/verify-otp'))).toHaveLength(1));
    expect(api.callsTo('POST', apiPath('/auth/verify-otp'))[0].body).toEqual({ userId: 'stored-9', code: '654321' });
  });

  it("shows 'Verification Failed' with the server message and clears the code", async () => {
    mockApi({
      [`POST ${apiPath('/auth/verify-otp')}`]: () => problem(400, 'That code has expired. Request a new one.'),
    });
    const user = userEvent.setup();
    renderVerify();
    await user.type(codeInput(), '111111');
    await user.click(verifyButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Verification Failed',
        description: 'That code has expired. Request a new one.',
        variant: 'destructive',
      }),
    );
    expect(codeInput()).toHaveValue('');
    expect(verifyButton()).toBeDisabled();
  });

  it("uses 'Invalid or expired code. Please try again.' when the answer has no message", async () => {
    mockApi({ [`POST ${apiPath('/auth/verify-otp')}`]: () => ({ success: false, message: '' }) });
    const user = userEvent.setup();
    renderVerify();
    await user.type(codeInput(), '111111');
    await user.click(verifyButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Verification Failed',
        description: 'Invalid or expired code. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(codeInput()).toHaveValue('');
  });

  it("resends: disabled while sending, then 'Code Sent!'", async () => {
    let finish: (response: Response) => void = () => {};
    const api = mockApi({
      [`POST ${apiPath('/auth/resend-otp')}`]: () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const user = userEvent.setup();
    renderVerify();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.callsTo('POST', apiPath('/auth/resend-otp'))[0].body).toEqual({ userId: 'u-1' });
    await act(async () => finish(new Response(JSON.stringify({ success: true, message: 'Sent' }), { status: 200 })));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Code Sent!',
        description: 'A new verification code has been sent to your email.',
        variant: 'default',
      }),
    );
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
  });

  it("shows 'Failed to Resend' with the server message, or the default", async () => {
    let answer = problem(429, 'Please wait a minute before asking for another code.');
    mockApi({ [`POST ${apiPath('/auth/resend-otp')}`]: () => answer });
    const user = userEvent.setup();
    renderVerify();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Failed to Resend',
        description: 'Please wait a minute before asking for another code.',
        variant: 'destructive',
      }),
    );
    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Failed to Resend',
        description: 'Unable to send verification code. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it("on success removes the pending record, shows 'Email Verified!' and goes to /auth/login?verified=true after 2 s", async () => {
    savePendingVerification({ userId: 'u-1', email: 'ada@example.com' });
    const api = mockApi({
      [`POST ${apiPath('/auth/verify-otp')}`]: () => ({ success: true, message: 'Email verified' }),
    });
    const { location } = renderVerify();
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(verifyButton());
    await flush();

    expect(api.callsTo('POST', apiPath('/auth/verify-otp'))[0].body).toEqual({ userId: 'u-1', code: '123456' });
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/auth/login?verified=true');
    expect(localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(1999));
    expect(location()).toBe(ROUTE);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(location()).toBe('/auth/login?verified=true');
  });
});
