import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceReaderFirstPageDrawn } from '@web/lib/reader-first-page';
import { getCurrentToast, resetToasts } from '@web/lib/toast';
import {
  isReaderPath,
  offerUpdate,
  registerServiceWorker,
  startServiceWorker,
  SERVICE_WORKER_URL,
} from './register-service-worker';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  return {
    listeners,
    addEventListener: vi.fn((type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    ),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
}

describe('service worker registration', () => {
  it('registers /sw.js and offers a reload when a new worker waits', async () => {
    const workbox = fakeWorkbox();
    const create = vi.fn(() => workbox);
    await startServiceWorker(create);
    expect(create).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    expect(workbox.register).toHaveBeenCalledTimes(1);
    workbox.fire('waiting');
    expect(getCurrentToast()).toMatchObject({ title: 'A new version is available', action: { label: 'Reload' } });
  });

  it('Reload tells the waiting worker to skip waiting and reloads once it controls', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerUpdate(workbox, reload);
    getCurrentToast()?.action?.onClick();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads by itself: a worker taking control without the Reload press leaves the page alone', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerUpdate(workbox, reload, '/reader/book-1');
    workbox.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('tells a reader with an open book that Reload keeps their place, and reloads only when they press it', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerUpdate(workbox, reload, '/read/atomic-habits');
    expect(getCurrentToast()).toMatchObject({
      title: 'A new version is available',
      description: 'Reload when you are ready: your place in the book is kept.',
      duration: Number.POSITIVE_INFINITY,
    });
    getCurrentToast()?.action?.onClick();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    offerUpdate(fakeWorkbox(), reload, '/library');
    expect(getCurrentToast()?.description).toBe('Reload to start using the latest Wonderful Books.');
  });

  it('recognises the reader routes', () => {
    expect(isReaderPath('/reader/abc')).toBe(true);
    expect(isReaderPath('/read/abc')).toBe(true);
    expect(isReaderPath('/readers')).toBe(false);
    expect(isReaderPath('/books/reader-guide')).toBe(false);
  });

  it('does not register outside production builds', () => {
    vi.useFakeTimers();
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    registerServiceWorker();
    expect(setTimeoutSpy).not.toHaveBeenCalled();
  });

  it('on a reader route waits for the book’s first page before the install starts its timer', async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const installTimer = () => setTimeoutSpy.mock.calls.filter(([, ms]) => ms === 2000);
    registerServiceWorker({ pathname: '/reader/book-1', production: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(installTimer()).toHaveLength(0);
    announceReaderFirstPageDrawn('viewer');
    await vi.advanceTimersByTimeAsync(0);
    expect(installTimer()).toHaveLength(1);
    registerServiceWorker({ pathname: '/library', production: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(installTimer()).toHaveLength(2);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('survives a failed registration with a warning', async () => {
    const workbox = fakeWorkbox();
    workbox.register.mockRejectedValueOnce(new Error('insecure context'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await startServiceWorker(() => workbox);
    expect(warn).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });
});
