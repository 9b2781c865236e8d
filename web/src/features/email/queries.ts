/**
 * The unsubscribe link's calls: who the token is for with their current choices (GET
 * /api/email/unsubscribe?token=), and saving new choices. No sign-in: the token is the authorisation.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TEmailPreferences, TUnsubscribeRequest } from '@shared/auth.schemas';
import { api, isApiError, readJson, withSignal } from '@web/lib/api';

export interface TUnsubscribeInfo {
  email: string;
  preferences: TEmailPreferences;
}

export const emailKeys = {
  all: ['email'] as const,
  unsubscribe: (token: string) => [...emailKeys.all, 'unsubscribe', token] as const,
};

/** A 4xx other than 429: the link is missing, invalid or expired, and asking again will not help. */
export function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

export function unsubscribeInfoQuery(token: string) {
  return queryOptions({
    queryKey: emailKeys.unsubscribe(token),
    queryFn: ({ signal }) =>
      readJson<TUnsubscribeInfo>(api.email.unsubscribe.$get({ query: { token } }, withSignal(signal))),
    retry: (count, error) => !isInvalidLink(error) && count < 1,
  });
}

export function saveUnsubscribeChoices(body: TUnsubscribeRequest): Promise<unknown> {
  return readJson<unknown>(api.email.unsubscribe.$post({ json: body }));
}

/** The reading reminder's one click (docs/product/reading-stats.md#reading-reminder): only the reminders go off. */
export function stopReadingReminders(token: string): Promise<unknown> {
  return readJson<unknown>(api.email.unsubscribe['reading-reminders'].$post({ query: { token } }));
}
