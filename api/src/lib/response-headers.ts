/**
 * Adds headers that every response carries (security headers, request id).
 *
 * On Node, they go straight onto the ServerResponse that @hono/node-server exposes as
 * `c.env.outgoing`; Node merges them into the head it writes. Going through Hono's `c.header()`
 * instead builds a WHATWG Headers object for every response, which measured at about half the
 * throughput of a fast JSON read. Elsewhere (tests using `app.request()`, other runtimes) there is
 * no Node response, and the headers are set through Hono as usual.
 */
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing && typeof (outgoing as ServerResponse).setHeader === 'function'
    ? (outgoing as ServerResponse)
    : undefined;
}

export function addResponseHeaders(c: Context, headers: readonly (readonly [string, string])[]): void {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    if (!outgoing.headersSent) for (const [name, value] of headers) outgoing.setHeader(name, value);
    return;
  }
  for (const [name, value] of headers) c.header(name, value);
}
