import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from './register-page';
import { PENDING_VERIFICATION_KEY } from './pending-verification';
import { clearToasts, currentToast, json, mockApi, problem, renderPage } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

beforeEach(() => localStorage.clear());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const VALID = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Phone number': '07400 123456',
  Username: 'ada',
  Email: 'ada@example.com',
  Password: 'analytical engine',
  'Confirm password': 'analytical engine',
} as const;

type TFieldLabel = keyof typeof VALID;

function renderRegister() {
  return renderPage(<RegisterPage />, { route: '/auth/register' });
}

function fill(values: Partial<Record<TFieldLabel, string>> = {}) {
  for (const [label, value] of Object.entries({ ...VALID, ...values })) {
    if (value) fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
  }
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

async function flush() {
  for (let step = 0; step < 5; step++) await act(async () => vi.advanceTimersByTimeAsync(0));
}

describe('/auth/register', () => {
  it("is 'Create Account' with every field, autocomplete hints and the links", () => {
    mockApi({});
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password', { selector: 'input' })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('has a country picker defaulting to GB, listing flags and calling codes', () => {
    mockApi({});
    renderRegister();
    const picker = screen.getByRole('combobox', { name: 'Country' });
    expect(picker).toHaveValue('GB');
    expect(within(picker).getByRole('option', { name: '🇬🇧 United Kingdom (+44)' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: '🇫🇷 France (+33)' })).toBeInTheDocument();
    expect(within(picker).getAllByRole('option').length).toBeGreaterThan(200);
  });

  it('formats an international number as typed and follows its country', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRegister();
    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '+33612345678');
    expect(phone).toHaveValue('+33 6 12 34 56 78');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('FR');
  });

  it.each<[string, Partial<Record<TFieldLabel, string>>, TFieldLabel]>([
    ['First name is required', { 'First name': '' }, 'First name'],
    ['Last name is required', { 'Last name': '' }, 'Last name'],
    ['Phone number is required', { 'Phone number': '' }, 'Phone number'],
    ['Please enter a valid phone number', { 'Phone number': '0740' }, 'Phone number'],
    ['Username must be at least 3 characters', { Username: 'ad' }, 'Username'],
    ['Please enter a valid email', { Email: 'ada.example.com' }, 'Email'],
    ['Password must be at least 8 characters', { Password: 'short', 'Confirm password': 'short' }, 'Password'],
    ['Passwords do not match', { 'Confirm password': 'analytical engine!' }, 'Confirm password'],
  ])("shows '%s' and sends nothing", async (message, values, label) => {
    const api = mockApi({
      [`POST ${apiPath('/auth/register')}`]: () =>
        json({ requiresVerification: true, userId: 'u1', email: 'ada@example.com' }, 201),
    });
    renderRegister();
    fill(values);
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    const field = screen.getByLabelText(label, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)).toHaveTextContent(
      message,
    );
    expect(api.callsTo('POST', apiPath('/auth/register'))).toHaveLength(0);
  });

  it("shows 'Creating Account...' while pending", async () => {
    mockApi({ [`POST ${apiPath('/auth/register')}`]: () => new Promise(() => {}) });
    renderRegister();
    fill();
    submit();
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('sends the payload with E.164 phone, detected country and device fingerprint; saves the pending record and goes to verify after 1 s', async () => {
    const api = mockApi({
      [`POST ${apiPath('/auth/register')}`]: () =>
        json({ requiresVerification: true, userId: 'user 7', email: 'ada+books@example.com' }, 201),
    });
    const { location } = renderRegister();
    fill();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    submit();
    await flush();

    const [call] = api.callsTo('POST', apiPath('/auth/register'));
    expect(call.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(call.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+447400123456',
      countryCode: 'GB',
      username: 'ada',
      email: 'ada@example.com',
      password: 'analytical engine',
      confirmPassword: 'analytical engine',
      deviceFingerprint: expect.stringMatching(/^[0-9a-z]+$/),
    });
    expect(JSON.parse(localStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({
      userId: 'user 7',
      email: 'ada+books@example.com',
    });
    expect(currentToast()?.title).toBe('Account Created!');
    expect(location()).toBe('/auth/register');

    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(location()).toBe('/auth/register');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(location()).toBe('/auth/verify-email?userId=user+7&email=ada%2Bbooks%40example.com');
  });

  it("welcomes the reader when no verification is needed ('Welcome to Wonderful Books!')", async () => {
    mockApi({
      [`POST ${apiPath('/auth/register')}`]: () =>
        json({ requiresVerification: false, userId: 'u1', email: 'ada@example.com' }, 201),
    });
    renderRegister();
    fill();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Wonderful Books!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Reading Now' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/bookstore');
    expect(localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it.each([
    [
      'The free trial was already used from this device.',
      'Free Trial Not Available',
      'This free trial offer has already been used. Please upgrade to a paid plan to continue.',
    ],
    [
      'Too many registration attempts from this network.',
      'Rate Limited',
      'Too many registration attempts. Please try again later.',
    ],
    [
      'Sign-ups from this device are temporarily blocked.',
      'Temporarily Blocked',
      'Account creation temporarily blocked. Please try again later.',
    ],
    ['Registration is closed today.', 'Registration Failed', 'Registration is closed today.'],
  ])("maps '%s' to the '%s' toast", async (detail, title, description) => {
    mockApi({
      [`POST ${apiPath('/auth/register')}`]: () => problem(detail.startsWith('Too many') ? 429 : 403, detail),
    });
    renderRegister();
    fill();
    submit();
    await waitFor(() => expect(currentToast()).toEqual({ title, description, variant: 'destructive' }));
  });

  it("falls back to 'Something went wrong. Please try again.'", async () => {
    mockApi({
      [`POST ${apiPath('/auth/register')}`]: () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderRegister();
    fill();
    submit();
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Registration Failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it('puts the server field errors of a 409 on the fields', async () => {
    mockApi({
      [`POST ${apiPath('/auth/register')}`]: () =>
        problem(409, 'An account with these details exists.', {
          errors: [
            { field: 'email', message: 'This email is already registered' },
            { field: 'username', message: 'This username is taken' },
          ],
        }),
    });
    renderRegister();
    fill();
    submit();
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(screen.getByText('This username is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(currentToast()?.title).toBe('Registration Failed');
  });
});
