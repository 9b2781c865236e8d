/**
 * The web app's HTTP layer: the typed Hono client and the helpers that turn responses into data or
 * errors. Every call sends credentials (the session cookie, docs/product/calls.md#requests); a non-2xx becomes an
 * ApiError whose message is "{status}: {body text or status text}" (docs/product/errors.md#client-error-message).
 */
import { hc } from 'hono/client';
import type { AppType } from '@api/app';

/** Where the server mounts the API (createApp in api/src/app.ts); every request path starts with it. */
export const API_BASE = '/api';

/**
 * Typed client over the API's routes: the only way the web app calls the API. AppType describes the
 * routes of createApi(), which the server mounts under API_BASE, so api.health.$get() calls
 * GET /api/health. Every call sends the session cookie and asks for JSON.
 */
export const api = hc<AppType>(API_BASE, {
  init: { credentials: 'include' },
  headers: { Accept: 'application/json' },
});

/** Per-request options for hc: the caller's abort signal (credentials and headers come from the client). */
export function withSignal(signal?: AbortSignal) {
  return { init: { signal } };
}

/**
 * Per-request options for an answer that is not JSON (encrypted chunks): the Accept header fetch sends
 * by default, and the caller's request options (signal, credentials, cache).
 */
export function binaryRequest(init: RequestInit = {}) {
  return { init, headers: { Accept: '*/*' } };
}

/** hc puts path parameters into the URL as given; ids and slugs from a URL are encoded here first. */
export function encodeParams<T extends Record<string, string>>(params: T): T {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, encodeURIComponent(value)])) as T;
}

/**
 * The URL of an API resource the browser loads itself (an image, a PDF for pdf.js): `path` comes from
 * the client (`api.books[':idOrSlug'].preview.$path(...)`), which leaves out the base. `$url()` cannot
 * be used: it builds an absolute URL and the base is relative to the page's origin.
 */
export function apiHref(path: string): string {
  return `${API_BASE}${path}`;
}

/** The RFC 9457 problem document the API sends with every error (api/src/lib/problem.ts). */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  /** The parsed problem+json body, or null when the body was not JSON. */
  readonly problem: ProblemDetails | null;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.problem = parseProblem(bodyText);
  }
}

function parseProblem(text: string): ProblemDetails | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ProblemDetails) : null;
  } catch {
    return null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a 429 answer, whether it arrives as an ApiError or only as a formatted message. */
export function isRateLimitError(error: unknown): boolean {
  if (isApiError(error)) return error.status === 429;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return message.startsWith('429') || message.includes('Rate limited');
}

/**
 * A sentence fit to show a reader: the problem's detail when the API sent one, else the error message.
 * Use it for toasts; ApiError.message keeps the exact "{status}: {body}" format of
 * docs/product/errors.md#client-error-message.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.problem?.detail || error.message;
  if (error instanceof Error) return error.message;
  return '';
}

/** Throws ApiError for a non-2xx response; returns the response otherwise. */
export async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, text);
}

async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Awaits a fetch (or hc) call and returns its JSON body, throwing ApiError on a non-2xx.
 * An empty body (204) resolves to undefined.
 */
export async function readJson<T>(responsePromise: Promise<Response> | Response): Promise<T> {
  const response = await ensureOk(await responsePromise);
  return parseBody<T>(response);
}

/** Like readJson, but a 401 resolves to null: for reads where signed out means "absent", not an error. */
export async function readJsonOrNullOn401<T>(responsePromise: Promise<Response> | Response): Promise<T | null> {
  const response = await responsePromise;
  if (response.status === 401) return null;
  return readJson<T>(response);
}
