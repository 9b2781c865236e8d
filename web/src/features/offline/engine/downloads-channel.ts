/**
 * How the tabs of this browser keep one view of the downloads: every message goes to the engine's own
 * listeners at once and to the other tabs over BroadcastChannel('wb-downloads'). State (per engine):
 * the listeners and the channel, opened on first use.
 */
import type { TDownloadState } from './download-types';

export const DOWNLOADS_CHANNEL_NAME = 'wb-downloads';

export type TDownloadsMessage =
  /** One book's download state changed in the tab that runs the download. */
  | { type: 'state'; bookId: string; state: TDownloadState }
  /** Stored books changed (finished, removed, renewed, wiped, device registered): lists must be read again. */
  | { type: 'stored-changed' }
  /** Ask the tab that runs this download to cancel it. */
  | { type: 'cancel'; bookId: string }
  /** Every download of this user is being deleted (device removed): stop running ones, keep nothing. */
  | { type: 'wiped'; userId: string }
  /** A tab has just started listening: tabs running downloads answer with their states. */
  | { type: 'hello' };

type TListener = (message: TDownloadsMessage, fromOtherTab: boolean) => void;

export interface TDownloadsChannel {
  /** Tells this engine's listeners and every other tab. */
  post(message: TDownloadsMessage): void;
  /** Listens to messages from this engine and the other tabs; returns the function that stops listening. */
  listen(listener: TListener): () => void;
  announceStoredChange(): void;
  /** Stops listening to the other tabs and forgets every listener. */
  close(): void;
}

/** One per offline engine; the BroadcastChannel opens on first use. */
export function createDownloadsChannel(): TDownloadsChannel {
  const listeners = new Set<TListener>();
  let channel: BroadcastChannel | null = null;

  function openChannel(): BroadcastChannel | null {
    if (channel || typeof BroadcastChannel === 'undefined') return channel;
    channel = new BroadcastChannel(DOWNLOADS_CHANNEL_NAME);
    channel.addEventListener('message', (event: MessageEvent<TDownloadsMessage>) => {
      if (!event.data || typeof event.data.type !== 'string') return;
      for (const listener of listeners) listener(event.data, true);
    });
    return channel;
  }

  function post(message: TDownloadsMessage): void {
    for (const listener of listeners) listener(message, false);
    try {
      openChannel()?.postMessage(message);
    } catch {
      // A closed channel (the tab is going away) has nobody left to tell.
    }
  }

  return {
    post,
    listen(listener) {
      openChannel();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announceStoredChange: () => post({ type: 'stored-changed' }),
    close() {
      channel?.close();
      channel = null;
      listeners.clear();
    },
  };
}
