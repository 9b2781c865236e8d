/**
 * Registers the service worker (docs/product/routes-and-screens.md#application-shell: /sw.js, scope /, two seconds
 * after start) in production builds, and offers a reload when a new version is waiting. workbox-window is loaded only
 * then, so it stays out of the first bundle. The page never reloads by itself: only the reader's "Reload" activates the
 * new worker, so an open book is never interrupted.
 */
import { DELAYS_MS } from '@shared/limits';
import { whenReaderFirstPageDrawn } from '@web/lib/reader-first-page';
import { toast } from '@web/lib/toast';

export const SERVICE_WORKER_URL = '/sw.js';

type WorkboxLike = {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
};

/** The reader's routes (/reader/:bookId, /read/:bookId): an open book. */
export function isReaderPath(pathname: string): boolean {
  return /^\/(reader|read)\//.test(pathname);
}

/**
 * Shows the update toast; pressing Reload activates the waiting worker and reloads once it controls.
 * Only that press reloads: a worker activated by another tab does not reload this one.
 */
export function offerUpdate(
  workbox: WorkboxLike,
  reload: () => void = () => window.location.reload(),
  pathname: string = typeof window === 'undefined' ? '/' : window.location.pathname,
): void {
  toast({
    title: 'A new version is available',
    description: isReaderPath(pathname)
      ? 'Reload when you are ready: your place in the book is kept.'
      : 'Reload to start using the latest Wonderful Books.',
    // An update offer waits for the reader instead of disappearing after 5 seconds.
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Reload',
      altText: 'Reload the page to update Wonderful Books',
      onClick: () => {
        workbox.addEventListener('controlling', () => reload());
        workbox.messageSkipWaiting();
      },
    },
  });
}

export async function startServiceWorker(createWorkbox?: (url: string) => WorkboxLike): Promise<void> {
  let workbox: WorkboxLike;
  if (createWorkbox) {
    workbox = createWorkbox(SERVICE_WORKER_URL);
  } else {
    let Workbox: typeof import('workbox-window').Workbox;
    try {
      ({ Workbox } = await import('workbox-window'));
    } catch (error) {
      // Offline before the worker was ever installed: its loader cannot be fetched yet. Try again once the
      // connection returns; the app works meanwhile (only offline use waits).
      console.warn('Service worker loader unavailable; retrying when online', error);
      window.addEventListener('online', () => void startServiceWorker(), { once: true });
      return;
    }
    workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  }
  workbox.addEventListener('waiting', () => offerUpdate(workbox));
  try {
    await workbox.register();
  } catch (error) {
    // The app works without a service worker (only offline use is lost), so this is not fatal.
    console.warn('Service worker registration failed', error);
  }
}

/** A book that never draws (an error, a refusal) lets the worker install after this long anyway. */
const READER_FIRST_PAGE_CAP_MS = 20_000;

export function registerServiceWorker({
  delayMs = DELAYS_MS.serviceWorkerRegistration,
  pathname = typeof window === 'undefined' ? '/' : window.location.pathname,
  production = import.meta.env.PROD,
} = {}): void {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Installing precaches the app's code; on a reader route that waits for the book's first page, so a phone's link
  // carries the page first.
  const ready = isReaderPath(pathname) ? whenReaderFirstPageDrawn(READER_FIRST_PAGE_CAP_MS) : Promise.resolve();
  void ready.then(() => window.setTimeout(() => void startServiceWorker(), delayMs));
}
