/**
 * The last user record the server confirmed on this browser, kept in localStorage so a reader who
 * opens the installed app with no network still reaches their downloads and the offline reader.
 * It is used only when the server cannot be reached at all: any answer
 * from the server (the user, or 401 signed out) replaces or clears it, and signing out forgets it.
 * It grants nothing by itself: every API call is still decided by the server's session.
 */
import type { TCurrentUser } from '@shared/auth';

const STORAGE_KEY = 'wb.last-known-user';
/**
 * After this long without reaching the server, the device asks for a fresh sign-in even offline. It
 * outlasts the longest offline licence (offline_max_days, 30 by default), so a reader whose downloads
 * have expired is told that, and what to do, rather than meeting a sign-in form they cannot submit.
 */
export const LAST_KNOWN_USER_MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;

interface TStoredUser {
  user: TCurrentUser;
  confirmedAt: number;
}

export function rememberConfirmedUser(user: TCurrentUser | null, now = Date.now()): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify({ user, confirmedAt: now } satisfies TStoredUser));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be full or disabled (private mode); the app then simply needs the network.
  }
}

export function lastKnownUser(now = Date.now()): TCurrentUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<TStoredUser>;
    if (!stored.user || typeof stored.confirmedAt !== 'number' || now - stored.confirmedAt > LAST_KNOWN_USER_MAX_AGE_MS)
      return null;
    return stored.user;
  } catch {
    return null;
  }
}

/** True for a failure to reach the server at all (fetch's TypeError, or the browser says it is offline). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
