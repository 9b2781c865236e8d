/**
 * The web app's HTTP layer: the typed Hono client and the helpers that turn responses into data or
 * errors. Every call sends credentials (the session cookie, SPEC §7); a non-2xx becomes an ApiError
 * whose message is "{status}: {body text or status text}" (SPEC §8).
 */
import { hc } from 'hono/client';
import type { AppType } from '@api/app';

/**
 * Typed client over the API's routes. AppType describes the routes of createApi(), which the server
 * mounts under /api, so the client's base is /api (api.health.$get() calls GET /api/health).
 */
export const api = hc<AppType>('/api', { init: { credentials: 'include' } });

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
 * Use it for toasts; ApiError.message keeps the exact "{status}: {body}" format of SPEC §8.
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

/** GET a JSON resource with credentials, treating 401 as "absent" (SPEC §8: returns null, no error). */
export async function getJsonOrNullOn401<T>(url: string, init?: RequestInit): Promise<T | null> {
  const response = await fetch(url, {
    credentials: 'include',
    ...init,
    headers: { Accept: 'application/json', ...init?.headers },
  });
  if (response.status === 401) return null;
  return readJson<T>(response);
}

/**
 * A write with credentials. Writes are same-origin JSON (DESIGN §6), so a JSON body and content type
 * are always sent; calls without a payload send an empty object.
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown = {},
): Promise<T> {
  return readJson<T>(
    fetch(url, {
      method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
