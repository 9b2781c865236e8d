/**
 * How the tabs of this browser keep one view of the downloads: every message goes to this tab's
 * listeners at once and to the other tabs over BroadcastChannel('wb-downloads'). State: the listeners
 * of this tab and the channel, opened on first use.
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

/** Tells this tab's listeners and every other tab. */
export function postDownloadsMessage(message: TDownloadsMessage): void {
  for (const listener of listeners) listener(message, false);
  try {
    openChannel()?.postMessage(message);
  } catch {
    // A closed channel (the tab is going away) has nobody left to tell.
  }
}

/** Listens to messages from this tab and the others; returns the function that stops listening. */
export function onDownloadsMessage(listener: TListener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceStoredChange(): void {
  postDownloadsMessage({ type: 'stored-changed' });
}

/** Tests: closes the channel and forgets every listener. */
export function resetDownloadsChannelForTests(): void {
  channel?.close();
  channel = null;
  listeners.clear();
}
