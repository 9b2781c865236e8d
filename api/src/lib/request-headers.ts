/**
 * Reads a request header cheaply. On Node, @hono/node-server exposes the IncomingMessage as
 * `c.env.incoming`, whose headers Node has already parsed into a plain object; `c.req.header()`
 * would first build a WHATWG Headers object from them, which costs a noticeable share of a fast
 * cached read. Elsewhere (tests with `app.request()`, other runtimes) it falls back to Hono.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

export function readRequestHeader(c: Context, lowerCaseName: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.headers) {
    const value = incoming.headers[lowerCaseName];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(lowerCaseName);
}
