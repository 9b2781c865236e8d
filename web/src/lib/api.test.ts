import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiHref,
  describeError,
  encodeParams,
  isRateLimitError,
  readJson,
  readJsonOrNullOn401,
} from './api';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it('formats the message as "{status}: {body text}" (docs/product/errors.md#client-error-message)', () => {
    const error = new ApiError(409, 'Conflict', 'Book already selected');
    expect(error.message).toBe('409: Book already selected');
    expect(error.status).toBe(409);
  });

  it('falls back to the status text when the body is empty', () => {
    expect(new ApiError(503, 'Service Unavailable', '').message).toBe('503: Service Unavailable');
  });

  it('keeps the parsed problem body', () => {
    const body = JSON.stringify({
      type: 'x',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'Pick limit reached',
      code: 'pick_limit',
    });
    const error = new ApiError(422, 'Unprocessable Content', body);
    expect(error.message).toBe(`422: ${body}`);
    expect(error.problem).toMatchObject({ status: 422, detail: 'Pick limit reached', code: 'pick_limit' });
    expect(describeError(error)).toBe('Pick limit reached');
  });

  it('has no problem when the body is not JSON', () => {
    const error = new ApiError(500, 'Internal Server Error', 'boom');
    expect(error.problem).toBeNull();
    expect(describeError(error)).toBe('500: boom');
  });
});

describe('readJson', () => {
  it('returns the JSON body of a 2xx response', async () => {
    await expect(readJson(Promise.resolve(new Response('{"items":[1,2]}', { status: 200 })))).resolves.toEqual({
      items: [1, 2],
    });
  });

  it('resolves an empty 204 to undefined', async () => {
    await expect(readJson(new Response(null, { status: 204 }))).resolves.toBeUndefined();
  });

  it('throws ApiError with the body text for a non-2xx', async () => {
    const promise = readJson(
      Promise.resolve(new Response('Too many requests', { status: 429, statusText: 'Too Many Requests' })),
    );
    await expect(promise).rejects.toBeInstanceOf(ApiError);
    await expect(readJson(new Response('Too many requests', { status: 429 }))).rejects.toThrow(
      '429: Too many requests',
    );
  });

  it('uses the status text when a non-2xx has no body', async () => {
    await expect(readJson(new Response(null, { status: 404, statusText: 'Not Found' }))).rejects.toThrow(
      '404: Not Found',
    );
  });
});

describe('readJsonOrNullOn401', () => {
  it('returns null on 401 and sends credentials', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response('{"detail":"no session"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(readJsonOrNullOn401(api.auth.user.$get())).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(apiPath('/auth/user'), expect.objectContaining({ credentials: 'include' }));
  });

  it('returns the body on 200 and throws on other errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"id":"u1"}', { status: 200 })),
    );
    await expect(readJsonOrNullOn401(api.auth.user.$get())).resolves.toEqual({ id: 'u1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 500 })),
    );
    await expect(readJsonOrNullOn401(api.auth.user.$get())).rejects.toThrow('500: down');
  });
});

describe('typed writes', () => {
  it('send a JSON body with credentials', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await readJson(api.auth['forgot-password'].$post({ json: { email: 'ada@example.com' } }));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(apiPath('/auth/forgot-password'));
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"ada@example.com"}' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('encode path parameters', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await readJson(api.library[':bookId'].$delete({ param: encodeParams({ bookId: 'a/b?c' }) }));
    expect(fetchMock.mock.calls[0][0]).toBe(apiPath('/library/a%2Fb%3Fc'));
  });
});

describe('apiHref', () => {
  it('puts a client path under the API base', () => {
    expect(apiHref(api.books[':idOrSlug'].preview.$path({ param: { idOrSlug: 'deep-work' } }))).toBe(
      apiPath('/books/deep-work/preview'),
    );
  });
});

describe('isRateLimitError', () => {
  it('recognises 429 ApiErrors and rate-limit messages only', () => {
    expect(isRateLimitError(new ApiError(429, 'Too Many Requests', ''))).toBe(true);
    expect(isRateLimitError(new Error('429: slow down'))).toBe(true);
    expect(isRateLimitError(new Error('Rate limited'))).toBe(true);
    expect(isRateLimitError(new ApiError(500, 'Internal Server Error', 'retry in 429 ms'))).toBe(false);
    expect(isRateLimitError(new Error('500: oops'))).toBe(false);
  });
});

describe('typed client', () => {
  it('calls the API under /api with credentials', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(readJson(api.health.$get())).resolves.toEqual({ status: 'ok' });
    const [url, init] = fetchMock.mock.calls[0] as [string | URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/health$/);
    expect(init.credentials).toBe('include');
  });
});
