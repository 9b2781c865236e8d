/**
 * JSON responses for results that come out of a read cache: the same result object is answered many
 * times, so its encoded bytes are kept next to it (a WeakMap, freed with the object) instead of being
 * serialised and UTF-8 encoded again per request. For a 24-book page that work costs more than the
 * rest of a cached request.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

/** Same wire format and hc types as `c.json(value)`, serialising each distinct object once. */
export function jsonOnce<T extends object>(c: Context, value: T): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  let body = bodies.get(value);
  if (body === undefined) {
    body = encoder.encode(JSON.stringify(value));
    bodies.set(value, body);
  }
  return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, 'json'>;
}
