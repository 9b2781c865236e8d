/**
 * The one TanStack Query client of the app and its defaults (docs/product/calls.md#cache-and-retry): data stays fresh 5
 * minutes and is kept 10; nothing refetches on focus, reconnect or a timer; a read is retried at most once and never
 * after a 429; mutations are never retried.
 */
import { onlineManager, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isRateLimitError, readJson } from './api';

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const RETRY_BASE_DELAY_MS = 2000;
export const RETRY_MAX_DELAY_MS = 10_000;
export const MAX_QUERY_RETRIES = 1;

/** Retry rule for reads: a rate-limited read is dropped with a warning; any other failure once more. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isRateLimitError(error)) {
    console.warn('rate limited');
    return false;
  }
  return failureCount < MAX_QUERY_RETRIES;
}

/** 2 s, 4 s, 8 s, then 10 s (TanStack passes 0 for the first retry). */
export function retryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** failureCount, RETRY_MAX_DELAY_MS);
}

/**
 * The default read (docs/product/calls.md#default-read): GET the query key joined with slashes, with credentials, and
 * parse JSON. A 429 returns nothing (null) with a 'rate limited' warning; a 401 throws unless the caller asks for null
 * (signed out is not an error for them).
 */
export function createDefaultQueryFn({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join('/');
    const response = await fetch(url, { credentials: 'include', signal, headers: { Accept: 'application/json' } });
    if (response.status === 401 && on401 === 'returnNull') return null;
    if (response.status === 429) {
      console.warn('rate limited');
      return null;
    }
    return readJson(response);
  };
}

export function createQueryClient(): QueryClient {
  // TanStack Query v5 assumes "online" until an event says otherwise; an app started with no network
  // must know at once, so server queries pause (and route guards stop waiting) instead of retrying.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
    onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createDefaultQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's client; tests make their own with createQueryClient(). */
export const queryClient = createQueryClient();
