import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG } from '@shared/sw-messages';
import { requestOutboxBackgroundSync } from './background-sync';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function stubServiceWorker(registration: unknown) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration) },
  });
}

describe('requestOutboxBackgroundSync', () => {
  it('registers the outbox tag with the worker registration', async () => {
    const register = vi.fn(async () => undefined);
    stubServiceWorker({ sync: { register } });
    expect(await requestOutboxBackgroundSync()).toBe(true);
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(OUTBOX_SYNC_TAG).toBe('wb-outbox');
  });

  it('answers false where there is no worker, no Background Sync, or the browser refuses', async () => {
    stubServiceWorker(undefined);
    expect(await requestOutboxBackgroundSync()).toBe(false);
    stubServiceWorker({});
    expect(await requestOutboxBackgroundSync()).toBe(false);
    stubServiceWorker({ sync: { register: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) } });
    expect(await requestOutboxBackgroundSync()).toBe(false);
  });
});
