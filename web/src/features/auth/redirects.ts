/**
 * Where a reader lands after signing in (docs/product/routes-and-screens.md#sign-in-screen) and which `?redirect=`
 * targets are safe to honour.
 */
import type { TRole } from '@shared/tiers';

/**
 * docs/product/routes-and-screens.md#sign-in-screen: /super-admin for super_admin, /admin for admin, /dashboard for any
 * other role.
 */
export function homePathForRole(role: TRole | null | undefined): string {
  if (role === 'super_admin') return '/super-admin';
  if (role === 'admin') return '/admin';
  return '/dashboard';
}

/**
 * A same-origin path from `?redirect=` (set by the route guard), or null. Absolute URLs,
 * protocol-relative '//host' and backslash tricks are refused, and so are the auth screens themselves
 * (returning to /auth/login after signing in would loop).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return null;
    if (url.pathname.startsWith('/auth/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /auth/login?redirect=<path> for the guard; the plain sign-in path for the home page. */
export function loginPathWithRedirect(from: string): string {
  const safe = safeRedirectPath(from);
  return safe && safe !== '/' ? `/auth/login?${new URLSearchParams({ redirect: safe }).toString()}` : '/auth/login';
}

/** Where a verified reader is sent (docs/product/accounts.md#verification-codes: /auth/login?verified=true). */
export const VERIFIED_LOGIN_PATH = '/auth/login?verified=true';

/**
 * Router state the 'Start 7-Day Trial' buttons send with their link to /auth/login (the link's target stays as
 * docs/product/routes-and-screens.md#landing-page has it): the sign-in screen then leads with creating an account.
 */
export const START_TRIAL_STATE = { intent: 'start-trial' } as const;

export function isStartTrialArrival(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { intent?: unknown }).intent === 'start-trial';
}
