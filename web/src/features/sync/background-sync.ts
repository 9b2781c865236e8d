/**
 * The page side of Background Sync for the sync outbox (docs/ARCHITECTURE.md#sync: the outbox is the source of truth,
 * Background Sync only wakes it). The sync engine calls requestOutboxBackgroundSync() while changes
 * wait, and flushes when the service worker relays the browser's 'sync' event
 * (subscribeToOutboxFlushRequests). Both do nothing where service workers or Background Sync are missing.
 */
import { OUTBOX_FLUSH_DONE_MESSAGE, OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from '@shared/sw-messages';

interface TSyncManagerLike {
  register(tag: string): Promise<void>;
}

function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/**
 * Asks the browser to wake the service worker once the connection is back, even if this tab is in the
 * background by then. Answers whether a sync was registered.
 */
export async function requestOutboxBackgroundSync(): Promise<boolean> {
  const container = serviceWorkerContainer();
  if (!container) return false;
  try {
    // getRegistration, not `ready`: `ready` never settles where no worker is registered (development).
    const registration = await container.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: TSyncManagerLike }) | undefined)?.sync;
    if (!sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Background Sync refused (permission, private mode): the engine's own timers still flush.
    return false;
  }
}

/**
 * Calls `flush` whenever the service worker asks (OUTBOX_FLUSH_MESSAGE) and tells it when the flush has
 * finished, so the browser keeps the sync event alive until then. Returns the function that stops.
 */
export function subscribeToOutboxFlushRequests(
  flush: () => Promise<unknown>,
  container: ServiceWorkerContainer | undefined = serviceWorkerContainer(),
): () => void {
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== OUTBOX_FLUSH_MESSAGE) return;
    const port = event.ports?.[0];
    const reply = (ok: boolean) => port?.postMessage({ type: OUTBOX_FLUSH_DONE_MESSAGE, ok });
    Promise.resolve()
      .then(flush)
      .then(
        () => reply(true),
        () => reply(false),
      );
  };
  container.addEventListener('message', onMessage);
  // Messages from the worker wait in a queue until the page says it listens.
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}
