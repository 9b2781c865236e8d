/**
 * The signed-in user the server put into the page it served (api/src/features/seo/seo-head.ts
 * injectSession): the same public record GET /api/auth/user answers, or null for nobody. The app
 * starts with it instead of asking the API after the first paint (docs/decisions/016-loading-order.md).
 * A page without it (the service worker's precached shell offline, the development server) asks as
 * before. Read once and removed from the page, so it never outlives a later sign-out.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/auth';
import { rememberConfirmedUser } from './last-known-user';
import { authKeys } from './queries';

export const SESSION_SCRIPT_ID = 'wb-session';

function isCurrentUser(value: unknown): value is TCurrentUser {
  const candidate = value as TCurrentUser | null;
  return !!candidate && typeof candidate.id === 'string' && typeof candidate.email === 'string';
}

/** The user in the page (null: nobody signed in), or undefined when the page carries no answer. */
export function takeServerSession(doc: Document = document): TCurrentUser | null | undefined {
  const element = doc.getElementById(SESSION_SCRIPT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (value === null) return null;
    return isCurrentUser(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the page's answer into the current-user query, as if GET /api/auth/user had just answered it. */
export function adoptServerSession(queryClient: QueryClient, doc: Document = document): boolean {
  const user = takeServerSession(doc);
  if (user === undefined) return false;
  queryClient.setQueryData(authKeys.user, user);
  rememberConfirmedUser(user);
  return true;
}
