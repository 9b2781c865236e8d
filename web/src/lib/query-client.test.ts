import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { ApiError } from './api';
import {
  QUERY_GC_TIME_MS,
  QUERY_STALE_TIME_MS,
  createDefaultQueryFn,
  createQueryClient,
  retryDelay,
  shouldRetryQuery,
} from './query-client';
import { apiPath } from '@web/lib/api-test-support';

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  warn.mockRestore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('retry rules (docs/product/errors.md#read-and-retry-rules)', () => {
  it('never retries a 429 and logs "rate limited"', () => {
    expect(shouldRetryQuery(0, new ApiError(429, 'Too Many Requests', ''))).toBe(false);
    expect(warn).toHaveBeenCalledWith('rate limited');
  });

  it('retries other read errors once', () => {
    const error = new ApiError(500, 'Internal Server Error', '');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('doubles the delay from 2 s and caps it at 10 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('createQueryClient', () => {
  it('has the cache defaults of docs/product/calls.md#cache-and-retry', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnReconnect).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(typeof queries?.retry).toBe('function');
    expect(mutations?.retry).toBe(false);
  });

  it('runs a failing read twice in all, 2 s apart', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw new ApiError(500, 'Internal Server Error', 'boom');
    });
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await result).toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('does not retry a rate-limited read', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw new ApiError(429, 'Too Many Requests', '');
    });
    await expect(client.fetchQuery({ queryKey: ['limited'], queryFn })).rejects.toThrow('429: Too Many Requests');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('never retries a mutation', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => {
      throw new ApiError(500, 'Internal Server Error', 'nope');
    });
    const observer = new MutationObserver(client, { mutationFn });
    await expect(observer.mutate()).rejects.toThrow('500: nope');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe('default query function (docs/product/calls.md#default-read)', () => {
  it('GETs the query key joined with slashes, with credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('[{"id":"b1"}]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [apiPath('/books'), 'b1'] })).resolves.toEqual([{ id: 'b1' }]);
    expect(fetchMock).toHaveBeenCalledWith(apiPath('/books/b1'), expect.objectContaining({ credentials: 'include' }));
  });

  it('returns nothing on 429, with a warning and no retry', async () => {
    const fetchMock = vi.fn(async () => new Response('slow down', { status: 429 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [apiPath('/books')] })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('rate limited');
  });

  it('throws on 401 by default and returns null when asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no session', { status: 401 })),
    );
    const context = { queryKey: [apiPath('/me')], signal: new AbortController().signal } as never;
    await expect(createDefaultQueryFn({ on401: 'throw' })(context)).rejects.toThrow('401: no session');
    await expect(createDefaultQueryFn({ on401: 'returnNull' })(context)).resolves.toBeNull();
  });
});
