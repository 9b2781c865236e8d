import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api';
import { serverMessage, unverifiedLogin } from './queries';
import { FLASH_TOAST_KEY, queueFlashToast, showQueuedFlashToast } from './flash-toast';
import {
  PENDING_VERIFICATION_KEY,
  clearPendingVerification,
  readPendingVerification,
  savePendingVerification,
  verifyEmailPath,
} from './pending-verification';
import { formatAsTyped, phonePayload, flagEmoji } from '@web/lib/phone-format';
import { homePathForRole, loginPathWithRedirect, safeRedirectPath } from './redirects';
import { registrationErrorToast } from './registration-errors';
import { getCurrentToast, resetToasts } from '@web/lib/toast';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetToasts();
});

function apiError(status: number, body: unknown) {
  return new ApiError(status, 'Status', JSON.stringify(body));
}

describe('redirects', () => {
  it('lands by role (docs/product/routes-and-screens.md#sign-in-screen)', () => {
    expect(homePathForRole('super_admin')).toBe('/super-admin');
    expect(homePathForRole('admin')).toBe('/admin');
    expect(homePathForRole('moderator')).toBe('/dashboard');
    expect(homePathForRole('user')).toBe('/dashboard');
    expect(homePathForRole(undefined)).toBe('/dashboard');
  });

  it.each([
    ['/profile', '/profile'],
    ['/reader/abc?page=3', '/reader/abc?page=3'],
    ['//evil.example/x', null],
    ['https://evil.example/', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/auth/login', null],
    ['', null],
  ])('safeRedirectPath(%s) is %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it('builds the guard’s sign-in path', () => {
    expect(loginPathWithRedirect('/library')).toBe('/auth/login?redirect=%2Flibrary');
    expect(loginPathWithRedirect('/')).toBe('/auth/login');
  });
});

describe('pending verification record', () => {
  it('is saved, read and cleared in localStorage', () => {
    savePendingVerification({ userId: 'u1', email: 'a@example.com' });
    expect(JSON.parse(localStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({
      userId: 'u1',
      email: 'a@example.com',
    });
    expect(readPendingVerification()).toEqual({ userId: 'u1', email: 'a@example.com' });
    clearPendingVerification();
    expect(readPendingVerification()).toBeNull();
  });

  it('ignores malformed entries', () => {
    localStorage.setItem(PENDING_VERIFICATION_KEY, '{not json');
    expect(readPendingVerification()).toBeNull();
    localStorage.setItem(PENDING_VERIFICATION_KEY, JSON.stringify({ email: 'x' }));
    expect(readPendingVerification()).toBeNull();
  });

  it('URL-encodes the verify path', () => {
    expect(verifyEmailPath({ userId: 'a b', email: 'x+y@z.com' })).toBe(
      '/auth/verify-email?userId=a+b&email=x%2By%40z.com',
    );
  });
});

describe('phone helpers', () => {
  it('formats national input in the picker country and international input by its own country', () => {
    expect(formatAsTyped('07400123456', 'GB')).toEqual({ text: '07400 123456', detectedCountry: null });
    expect(formatAsTyped('+447400123456', 'FR')).toEqual({ text: '+44 7400 123456', detectedCountry: 'GB' });
    expect(formatAsTyped('abc', 'GB').text).toBe('');
  });

  it('sends E.164 and the country detected from the number, else the picker', () => {
    expect(phonePayload('07400 123456', 'GB')).toEqual({ phoneNumber: '+447400123456', countryCode: 'GB' });
    expect(phonePayload('+33 6 12 34 56 78', 'GB')).toEqual({ phoneNumber: '+33612345678', countryCode: 'FR' });
    expect(phonePayload('12', 'DE')).toEqual({ phoneNumber: '12', countryCode: 'DE' });
  });

  it('draws flags from regional indicators', () => {
    expect(flagEmoji('GB')).toBe('🇬🇧');
  });
});

describe('error helpers', () => {
  it('reads the problem detail as the server message', () => {
    expect(serverMessage(apiError(401, { detail: 'Invalid email/username or password' }))).toBe(
      'Invalid email/username or password',
    );
    expect(serverMessage(new Error('x'))).toBe('');
  });

  it('recognises an unverified sign-in by the 403 carrying a user id', () => {
    expect(unverifiedLogin(apiError(403, { detail: 'Verify first', userId: 'u1', email: 'a@b.c' }))).toEqual({
      userId: 'u1',
      email: 'a@b.c',
    });
    expect(unverifiedLogin(apiError(403, { detail: 'Forbidden' }))).toBeNull();
    expect(unverifiedLogin(apiError(401, { userId: 'u1' }))).toBeNull();
  });

  it('picks the registration toast by marker, also from the raw message', () => {
    expect(registrationErrorToast(new Error('403: trial already used')).title).toBe('Free Trial Not Available');
    expect(registrationErrorToast(apiError(429, { detail: 'Too many attempts' })).title).toBe('Rate Limited');
    expect(registrationErrorToast(apiError(403, { detail: 'You are temporarily blocked' })).title).toBe(
      'Temporarily Blocked',
    );
    expect(registrationErrorToast(apiError(400, {}))).toEqual({
      variant: 'destructive',
      title: 'Registration Failed',
      description: 'Something went wrong. Please try again.',
    });
  });
});

describe('flash toast', () => {
  it('survives into the next page once', () => {
    queueFlashToast({ title: 'Signed out', description: 'Bye' });
    expect(sessionStorage.getItem(FLASH_TOAST_KEY)).not.toBeNull();
    showQueuedFlashToast();
    expect(getCurrentToast()).toMatchObject({ title: 'Signed out', description: 'Bye', variant: 'default' });
    resetToasts();
    showQueuedFlashToast();
    expect(getCurrentToast()).toBeNull();
  });

  it('drops a malformed entry', () => {
    sessionStorage.setItem(FLASH_TOAST_KEY, '{');
    const spy = vi.fn();
    showQueuedFlashToast();
    expect(getCurrentToast()).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });
});
