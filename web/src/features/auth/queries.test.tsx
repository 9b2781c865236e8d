import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createTestQueryClient, currentUserHandler, makeUser, stubFetch } from '@web/app/test-helpers';
import { authKeys, currentUserQuery, fetchCurrentUser, shouldRetryCurrentUser, useCurrentUser } from './queries';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

describe('current-user query', () => {
  it('treats 401 as signed out (null), not an error', async () => {
    const fetchMock = stubFetch(currentUserHandler(null));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(apiPath('/auth/user'), expect.objectContaining({ credentials: 'include' }));
  });

  it('returns the server record when signed in', async () => {
    const user = makeUser({ role: 'admin' });
    stubFetch(currentUserHandler(user));
    await expect(fetchCurrentUser()).resolves.toEqual(user);
  });

  it('is cached under ["auth","user"], fresh 30 s and kept 5 min', () => {
    expect(currentUserQuery.queryKey).toEqual(authKeys.user);
    expect(authKeys.user).toEqual(['auth', 'user']);
    expect(currentUserQuery.staleTime).toBe(30_000);
    expect(currentUserQuery.gcTime).toBe(300_000);
  });

  it('does not retry rate-limit errors and retries others once', () => {
    expect(shouldRetryCurrentUser(0, new Error('429: Too Many Requests'))).toBe(false);
    expect(shouldRetryCurrentUser(0, new Error('Rate limited, try later'))).toBe(false);
    expect(shouldRetryCurrentUser(0, new Error('500: boom'))).toBe(true);
    expect(shouldRetryCurrentUser(1, new Error('500: boom'))).toBe(false);
  });
});

describe('useCurrentUser', () => {
  it('is not authenticated when signed out', async () => {
    stubFetch(currentUserHandler(null));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false });
  });

  it('is authenticated with the user record', async () => {
    const user = makeUser();
    stubFetch(currentUserHandler(user));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user).toEqual(user);
  });

  it('is not authenticated when the call fails', async () => {
    stubFetch(() => new Response('down', { status: 503 }));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isAuthenticated).toBe(false);
  });
});
