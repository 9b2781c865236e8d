/**
 * A toast that survives one full page load. Logout and account deletion end with a full redirect to
 * '/' (docs/product/accounts.md#logout), which would wipe a toast shown just before it; they queue it here
 * (sessionStorage, this tab only) and the app shows it once the new page has started.
 */
import { toast, type ToastOptions } from '@web/lib/toast';

export const FLASH_TOAST_KEY = 'wonderful-books:flash-toast';

export function queueFlashToast(options: Pick<ToastOptions, 'title' | 'description' | 'variant'>): void {
  try {
    window.sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify(options));
  } catch {
    // Storage blocked: the toast shown before the redirect is all the reader gets.
  }
}

/** Shows and forgets the queued toast, if any. */
export function showQueuedFlashToast(): void {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(FLASH_TOAST_KEY);
    window.sessionStorage.removeItem(FLASH_TOAST_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const options = JSON.parse(raw) as ToastOptions;
    if (options && (options.title || options.description)) {
      toast({
        title: options.title,
        description: options.description,
        variant: options.variant === 'destructive' ? 'destructive' : 'default',
      });
    }
  } catch {
    // A malformed entry is dropped.
  }
}
