/**
 * Who is signed in and what they may read, as the server put it into the page it served
 * (api/src/features/seo/seo-head.ts injectSession): `{ user, entitlements }`, the answers of
 * GET /api/auth/user and GET /api/me/entitlements, both null for nobody. The app starts with them
 * instead of asking the API after the first paint, so a reader route's guard decides at once
 * (docs/decisions/017-loading-order.md). A page without them (the service worker's precached shell
 * offline, the development server) asks as before. Read once and removed from the page, so they never
 * outlive a later sign-out.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import type { TEntitlements } from '@shared/selections';
import { rememberConfirmedUser } from '@web/features/auth/last-known-user';
import { authKeys } from '@web/features/auth/queries';
import { selectionsKeys } from '@web/features/selections/queries';

export const SESSION_SCRIPT_ID = 'wb-session';

export interface TServerSession {
  user: TCurrentUser | null;
  entitlements: TEntitlements | null;
}

function isCurrentUser(value: unknown): value is TCurrentUser {
  const candidate = value as TCurrentUser | null;
  return !!candidate && typeof candidate.id === 'string' && typeof candidate.email === 'string';
}

function isEntitlements(value: unknown): value is TEntitlements {
  return !!value && typeof (value as TEntitlements).tier === 'string';
}

/** The page's answers, or undefined when the page carries none (or nothing usable). */
export function takeServerSession(doc: Document = document): TServerSession | undefined {
  const element = doc.getElementById(SESSION_SCRIPT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as Partial<Record<keyof TServerSession, unknown>> | null;
    if (!value || typeof value !== 'object') return undefined;
    if (value.user === null) return { user: null, entitlements: null };
    if (!isCurrentUser(value.user)) return undefined;
    return { user: value.user, entitlements: isEntitlements(value.entitlements) ? value.entitlements : null };
  } catch {
    return undefined;
  }
}

/** Puts the page's answers into the queries, as if the API had just given them. */
export function adoptServerSession(queryClient: QueryClient, doc: Document = document): boolean {
  const session = takeServerSession(doc);
  if (session === undefined) return false;
  queryClient.setQueryData(authKeys.user, session.user);
  // A visitor's page forgets a remembered reader in a task of its own: the first touch of localStorage costs a
  // slow phone tens of milliseconds, which the app's start-up task should not carry
  // (docs/decisions/020-app-starts-after-the-first-paint.md); the queries already hold the answer.
  if (session.user) rememberConfirmedUser(session.user);
  else setTimeout(() => rememberConfirmedUser(null), 0);
  if (session.entitlements) queryClient.setQueryData(selectionsKeys.entitlements, session.entitlements);
  return true;
}
