import { describe, expect, it, vi } from 'vitest';
import { subscribeToOutboxFlushRequests } from './background-sync';
import { OUTBOX_FLUSH_DONE_MESSAGE, OUTBOX_FLUSH_MESSAGE } from '@shared/sw-messages';
import { askClientsToFlush, type TClientsLike } from '../../../../sw/background-sync';

/** A page's ServiceWorkerContainer stand-in: messages posted by the worker arrive as 'message' events. */
function pageContainer() {
  const target = new EventTarget();
  return Object.assign(target, { startMessages: vi.fn() }) as unknown as ServiceWorkerContainer & {
    startMessages: ReturnType<typeof vi.fn>;
  };
}

function clientOf(container: EventTarget) {
  return {
    postMessage(message: unknown, transfer: Transferable[]) {
      container.dispatchEvent(new MessageEvent('message', { data: message, ports: transfer as MessagePort[] }));
    },
  };
}

describe('Background Sync relay', () => {
  it('asks every open window to flush and waits for each to finish', async () => {
    const first = pageContainer();
    const second = pageContainer();
    const flushes: string[] = [];
    const stopFirst = subscribeToOutboxFlushRequests(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      flushes.push('first');
    }, first);
    subscribeToOutboxFlushRequests(async () => flushes.push('second'), second);
    expect(first.startMessages).toHaveBeenCalled();
    const clients: TClientsLike = { matchAll: vi.fn(async () => [clientOf(first), clientOf(second)]) };
    expect(await askClientsToFlush(clients, 1000)).toBe(2);
    expect(flushes.sort()).toEqual(['first', 'second']);
    stopFirst();
  });

  it('counts a failed flush as not done and does not wait forever for a silent window', async () => {
    const failing = pageContainer();
    subscribeToOutboxFlushRequests(async () => {
      throw new Error('offline again');
    }, failing);
    const silent = new EventTarget();
    const clients: TClientsLike = { matchAll: async () => [clientOf(failing), clientOf(silent)] };
    expect(await askClientsToFlush(clients, 50)).toBe(0);
  });

  it('ignores other messages and stops listening when asked', async () => {
    const container = pageContainer();
    const flush = vi.fn(async () => undefined);
    const stop = subscribeToOutboxFlushRequests(flush, container);
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SOMETHING_ELSE' } }));
    stop();
    const channel = new MessageChannel();
    const replies: unknown[] = [];
    channel.port1.onmessage = (event) => replies.push(event.data);
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: OUTBOX_FLUSH_MESSAGE }, ports: [channel.port2] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flush).not.toHaveBeenCalled();
    expect(replies).toEqual([]);
    channel.port1.close();
    expect(OUTBOX_FLUSH_DONE_MESSAGE).toBe('WB_FLUSH_OUTBOX_DONE');
  });

  it('with no window open, resolves without asking anyone', async () => {
    expect(await askClientsToFlush({ matchAll: async () => [] })).toBe(0);
  });
});
