/**
 * The client's IP address for rate limits, abuse records and the audit log.
 *
 * By default it is the TCP peer (the socket @hono/node-server hands over). X-Forwarded-For is read only
 * when TRUST_PROXY says how many proxies we run in front of the server: each proxy appends the address
 * it saw, so the trustworthy entry is the one `hops` places from the right; everything left of it was
 * written by the client and could be anything.
 *
 * Tests call `app.request()` without a socket. They can pass the node-server binding themselves
 * (`app.request(path, init, { incoming: { socket: { remoteAddress } } })`); with neither a socket nor a
 * trusted header the address is unknown (null), and callers decide what that means.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { TEnv } from '../env';

/** `::ffff:1.2.3.4` is how a dual-stack socket reports an IPv4 peer; one client, one key. */
function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

function socketAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normaliseAddress(address) : null;
  } catch {
    // No node-server binding (app.request in tests, or another runtime): no socket to ask.
    return null;
  }
}

export function getClientIp(c: Context, env: Pick<TEnv, 'TRUST_PROXY'>): string | null {
  const hops = env.TRUST_PROXY;
  if (hops > 0) {
    const header = c.req.header('x-forwarded-for');
    if (header) {
      const entries = header
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const trusted = entries[entries.length - hops];
      if (trusted && trusted.length <= 64) return normaliseAddress(trusted);
    }
  }
  return socketAddress(c);
}

/**
 * Whether the TCP peer is this machine (127.0.0.0/8, ::1, or either as a dual-stack ::ffff: address).
 * Only the socket counts, never X-Forwarded-For, even with TRUST_PROXY: a proxy on this machine makes
 * every visitor look local, so demo conveniences are off behind one (docs/product/accounts.md#demo-mode).
 */
export function isFromThisMachine(c: Context): boolean {
  const address = socketAddress(c);
  return address !== null && (address === '::1' || /^127(\.\d{1,3}){3}$/.test(address));
}

/** What services record about the request alongside the user: address and (capped) user agent. */
export interface TRequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export function getRequestMeta(c: Context, env: Pick<TEnv, 'TRUST_PROXY'>): TRequestMeta {
  return { ipAddress: getClientIp(c, env), userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
}
