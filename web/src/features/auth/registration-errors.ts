/** The registration failure toast (docs/product/errors.md#toasts) is chosen by marker words in the server's message. */
import { REGISTRATION_ERROR_MARKERS, TOASTS } from '@shared/messages';
import type { ToastOptions } from '@web/lib/toast';
import { serverMessage } from './queries';

export function registrationErrorToast(error: unknown): ToastOptions {
  const detail = serverMessage(error);
  const text = `${detail} ${error instanceof Error ? error.message : ''}`;
  const pick = (entry: { title: string; description: string }, description = entry.description): ToastOptions => ({
    variant: 'destructive',
    title: entry.title,
    description,
  });
  if (text.includes(REGISTRATION_ERROR_MARKERS.trialUsed)) return pick(TOASTS.freeTrialNotAvailable);
  if (text.includes(REGISTRATION_ERROR_MARKERS.tooMany)) return pick(TOASTS.rateLimited);
  if (text.includes(REGISTRATION_ERROR_MARKERS.blocked)) return pick(TOASTS.temporarilyBlocked);
  return pick(TOASTS.registrationFailed, detail || TOASTS.registrationFailed.description);
}
