import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@shared/auth';
import { fetchCurrentUser } from './queries';
import { LAST_KNOWN_USER_MAX_AGE_MS, lastKnownUser, rememberConfirmedUser } from './last-known-user';

const reader = {
  id: 'u1',
  email: 'reader@example.com',
  firstName: 'Ada',
  role: 'user',
  subscriptionTier: 'premium',
} as unknown as TCurrentUser;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the last confirmed user (offline start)', () => {
  it('answers from the last record the server confirmed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(reader), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    expect(await fetchCurrentUser()).toMatchObject({ id: 'u1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchCurrentUser()).toMatchObject({ id: 'u1', email: 'reader@example.com' });
  });

  it('forgets the record when the server says signed out, and then a network failure stays an error', async () => {
    rememberConfirmedUser(reader);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    expect(await fetchCurrentUser()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchCurrentUser()).rejects.toThrow(TypeError);
  });

  it('never stands in for a server error, and expires after the maximum age', async () => {
    rememberConfirmedUser(reader, 1_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    await expect(fetchCurrentUser()).rejects.toThrow();
    expect(lastKnownUser(1_000 + LAST_KNOWN_USER_MAX_AGE_MS + 1)).toBeNull();
  });
});
