import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { testEnv } from '../features/auth/auth-test-helpers';
import { getClientIp } from './client-ip';

async function ipOf(options: { trustProxy: string; forwardedFor?: string; socket?: string }) {
  const env = testEnv({ TRUST_PROXY: options.trustProxy });
  const app = new Hono().get('/', (c) => c.text(String(getClientIp(c, env))));
  const headers: Record<string, string> = options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {};
  const bindings = options.socket ? { incoming: { socket: { remoteAddress: options.socket } } } : undefined;
  // app.request answers synchronously when no handler awaits.
  // raw request: a one-route app built here to read the address, not the API
  const response = await app.request('/', { headers }, bindings);
  return response.text();
}

describe('getClientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await ipOf({ trustProxy: 'false', socket: '192.0.2.7', forwardedFor: '6.6.6.6' })).toBe('192.0.2.7');
    expect(await ipOf({ trustProxy: 'false', socket: '::ffff:192.0.2.7' })).toBe('192.0.2.7');
  });

  it('takes the entry the trusted proxies wrote, not what the client prepended', async () => {
    expect(await ipOf({ trustProxy: 'true', socket: '10.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.4' })).toBe(
      '198.51.100.4',
    );
    expect(await ipOf({ trustProxy: '2', socket: '10.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.4, 10.0.0.2' })).toBe(
      '198.51.100.4',
    );
    expect(await ipOf({ trustProxy: 'true', socket: '10.0.0.1' })).toBe('10.0.0.1');
  });

  it('is null without a socket (app.request in tests) and no trusted header', async () => {
    expect(await ipOf({ trustProxy: 'false', forwardedFor: '6.6.6.6' })).toBe('null');
    expect(await ipOf({ trustProxy: 'true', forwardedFor: '198.51.100.4' })).toBe('198.51.100.4');
  });

  it('rejects a malformed TRUST_PROXY', () => {
    expect(() => testEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
