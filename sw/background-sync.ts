/**
 * The worker side of Background Sync for the sync outbox: on the outbox tag, every open window of the
 * app is asked to flush (the outbox lives in IndexedDB and is sent by the page's sync engine), and the
 * sync event is kept alive until they answer or FLUSH_REPLY_TIMEOUT_MS passes. With no window open
 * nothing is lost: the outbox is flushed at the next start.
 */
import { OUTBOX_FLUSH_DONE_MESSAGE, OUTBOX_FLUSH_MESSAGE } from '@shared/sw-messages';

export const FLUSH_REPLY_TIMEOUT_MS = 60_000;

interface TClientLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface TClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly TClientLike[]>;
}

function askOne(client: TClientLike, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type !== OUTBOX_FLUSH_DONE_MESSAGE) return;
      clearTimeout(timer);
      channel.port1.close();
      resolve((event.data as { ok?: unknown }).ok === true);
    };
    client.postMessage({ type: OUTBOX_FLUSH_MESSAGE }, [channel.port2]);
  });
}

/** Asks every window to flush; answers how many said their flush finished. */
export async function askClientsToFlush(clients: TClientsLike, timeoutMs = FLUSH_REPLY_TIMEOUT_MS): Promise<number> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const answers = await Promise.all(windows.map((client) => askOne(client, timeoutMs)));
  return answers.filter(Boolean).length;
}
