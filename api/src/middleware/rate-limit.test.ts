import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { rateLimitHits } from '../db/schema';
import type { AppEnv } from '../deps';
import { createTestContext } from '../test-utils';
import { createClock, testEnv } from '../features/auth/auth-test-helpers';
import { handleError } from './error-handler';
import {
  checkRateLimit,
  clearRateLimit,
  consumeRateLimit,
  pruneRateLimitHits,
  rateLimit,
  rateLimitKey,
} from './rate-limit';

const rule = { name: 'test:thing', limit: 3, windowMs: 60_000 };

describe('database sliding-window rate limit', () => {
  it('allows `limit` hits per window, then says when the oldest leaves it', () => {
    const clock = createClock();
    const { db } = createTestContext();
    for (let i = 0; i < 3; i += 1) {
      expect(consumeRateLimit({ db, rule, subject: 'a', now: clock.now() }).allowed).toBe(true);
      clock.advance(10_000);
    }
    // Hits at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(consumeRateLimit({ db, rule, subject: 'a', now: clock.now() })).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 30,
    });
    // Refused requests are not counted, so waiting is enough.
    clock.advance(30_001);
    expect(consumeRateLimit({ db, rule, subject: 'a', now: clock.now() }).allowed).toBe(true);
    // Other subjects have their own window.
    expect(checkRateLimit({ db, rule, subject: 'b', now: clock.now() }).count).toBe(0);
  });

  it('stores hashed keys only, can clear a subject and prunes old rows', () => {
    const clock = createClock();
    const { db } = createTestContext();
    consumeRateLimit({ db, rule, subject: 'ada@example.com', now: clock.now() });
    const [row] = db.select().from(rateLimitHits).all();
    expect(row.key).toBe(rateLimitKey(rule, 'ada@example.com'));
    expect(row.key).not.toContain('ada');
    clearRateLimit({ db, rule, subject: 'ada@example.com' });
    expect(db.select().from(rateLimitHits).all()).toHaveLength(0);

    consumeRateLimit({ db, rule, subject: 'x', now: clock.now() });
    clock.advance(120_000);
    consumeRateLimit({ db, rule, subject: 'x', now: clock.now() });
    expect(pruneRateLimitHits({ db, before: new Date(clock.now().getTime() - rule.windowMs) })).toBe(1);
  });

  it('as middleware answers 429 problem+json with Retry-After, per client IP', async () => {
    const clock = createClock();
    const deps = { ...createTestContext(), env: testEnv(), now: clock.now };
    const app = new Hono<AppEnv>().post('/x', rateLimit(deps, { ...rule, message: 'Slow down.' }), (c) => c.text('ok'));
    app.onError(handleError);
    // raw request: a one-route app built here around the middleware, not the API
    const hit = (ip: string) => app.request('/x', { method: 'POST' }, { incoming: { socket: { remoteAddress: ip } } });
    for (let i = 0; i < 3; i += 1) expect((await hit('192.0.2.1')).status).toBe(200);
    const limited = await hit('192.0.2.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(await limited.json()).toMatchObject({ status: 429, detail: 'Slow down.' });
    expect((await hit('192.0.2.2')).status).toBe(200);
  });
});
