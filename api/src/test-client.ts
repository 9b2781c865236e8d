/**
 * The typed Hono client for API tests: paths, methods and bodies are checked against the routes of
 * createApi() (AppType), and replies have the type the route answers, so a renamed route or a changed
 * body fails to compile instead of failing at run time.
 *
 * Requests go through `app.request()` of the full app (createTestContext's), so CSRF, sessions and the
 * error handler run as in production. Cookies, Origin or X-Forwarded-For travel in `headers`, for the
 * whole client here or per call (`client.x.$post({ json }, { headers })`).
 *
 * Tests send raw `app.request()` only for what the types forbid (malformed or wrongly typed bodies,
 * multipart uploads, unknown routes), with a one-line reason at the call.
 */
import { type ClientResponse, hc } from 'hono/client';
import type { AppType } from './app';
import type { ProblemBody } from './lib/problem';

export interface TTestApp {
  request: (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;
}

export function createTestClient(app: TTestApp, headers?: Record<string, string>) {
  return hc<AppType>('http://localhost/api', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
    headers,
  });
}

export type TTestClient = ReturnType<typeof createTestClient>;

/** The bodies a route answers with c.json(); a problem document (lib/problem.ts) is sent as text, not among them. */
type TJsonBody<R> = R extends ClientResponse<infer Body, number, 'json'> ? Body : never;

/**
 * The JSON body typed by the route. Routes with zod validation also declare the validator's problem
 * answer, which makes `response.json()` unknown; this keeps only the route's own JSON answers.
 */
export async function readJson<R extends ClientResponse<unknown, number, string>>(
  response: R | Promise<R>,
): Promise<TJsonBody<R>> {
  return (await (await response).json()) as TJsonBody<R>;
}

/** Error answers are not part of the route types: read them as the problem document every error is. */
export async function readProblem(response: Response | ClientResponse<unknown, number, string>): Promise<ProblemBody> {
  return (await response.json()) as ProblemBody;
}
