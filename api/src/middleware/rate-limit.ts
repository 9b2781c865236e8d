/**
 * Sliding-window rate limits kept in the database (`rate_limit_hits`; docs/ARCHITECTURE.md#security: no in-process
 * state, so every worker process sees the same counts). One row per counted request under a key;
 * a request is allowed while fewer than `limit` rows of its key fall inside the last `windowMs`.
 * Refused requests are not counted, so a client that waits is let back in when its oldest hit leaves
 * the window (the 429's Retry-After says when).
 *
 * Keys are `<rule>:<sha256 of the subject>`: the table holds no e-mail or IP address in clear.
 * Old rows are removed by `pruneRateLimitHits` (the jobs runner, or any caller, may run it).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { immediateTransaction, type Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from '../lib/app-error';
import { getClientIp } from './client-ip';

export interface TRateLimitRule {
  /** Short stable name, part of the key: `login:ip`, `forgot-password:email` ... */
  name: string;
  limit: number;
  windowMs: number;
}

export interface TRateLimitResult {
  allowed: boolean;
  /** Hits inside the window before this request. */
  count: number;
  /** Whole seconds until one more request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export function rateLimitKey(rule: Pick<TRateLimitRule, 'name'>, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject).digest('hex').slice(0, 32)}`;
}

/** Reads the window without counting this request. */
export function checkRateLimit(options: {
  db: Db;
  rule: TRateLimitRule;
  subject: string;
  now: Date;
}): TRateLimitResult {
  const { db, rule, now } = options;
  const key = rateLimitKey(rule, options.subject);
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const inWindow = and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, windowStart));
  const hits = db.select({ n: count() }).from(rateLimitHits).where(inWindow).get()?.n ?? 0;
  if (hits < rule.limit) return { allowed: true, count: hits, retryAfterSeconds: 0 };
  // The request becomes allowed when enough of the oldest hits have left the window.
  const freeing = db
    .select({ hitAt: rateLimitHits.hitAt })
    .from(rateLimitHits)
    .where(inWindow)
    .orderBy(asc(rateLimitHits.hitAt))
    .limit(1)
    .offset(hits - rule.limit)
    .get();
  const waitMs = freeing ? freeing.hitAt.getTime() + rule.windowMs - now.getTime() : rule.windowMs;
  return { allowed: false, count: hits, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export function recordRateLimitHit(options: {
  db: Db;
  rule: Pick<TRateLimitRule, 'name'>;
  subject: string;
  now: Date;
}): void {
  options.db
    .insert(rateLimitHits)
    .values({ key: rateLimitKey(options.rule, options.subject), hitAt: options.now })
    .run();
}

/** Check and count in one BEGIN IMMEDIATE transaction, so concurrent workers cannot both slip under the limit. */
export function consumeRateLimit(options: {
  db: Db;
  rule: TRateLimitRule;
  subject: string;
  now: Date;
}): TRateLimitResult {
  return immediateTransaction(options.db, () => {
    const result = checkRateLimit(options);
    if (result.allowed) recordRateLimitHit(options);
    return result;
  });
}

/** Forgets a subject's hits, e.g. an account's failed sign-ins once the real owner signs in. */
export function clearRateLimit(options: { db: Db; rule: Pick<TRateLimitRule, 'name'>; subject: string }): void {
  options.db
    .delete(rateLimitHits)
    .where(eq(rateLimitHits.key, rateLimitKey(options.rule, options.subject)))
    .run();
}

export function pruneRateLimitHits(options: { db: Db; before: Date }): number {
  return options.db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, options.before)).run().changes;
}

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

/** The 429 problem with Retry-After (docs/API.md: 429 = rate limited, with Retry-After). */
export function rateLimitedError(
  retryAfterSeconds: number,
  message = DEFAULT_RATE_LIMIT_MESSAGE,
  code = 'rate_limited',
): AppError {
  return new AppError(code, 429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Counts this request against the rule and throws the 429 when it is over. */
export function enforceRateLimit(options: {
  db: Db;
  rule: TRateLimitRule;
  subject: string;
  now: Date;
  message?: string;
}): void {
  const result = consumeRateLimit(options);
  if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds, options.message);
}

/**
 * Route middleware: counts every request per client IP (or per `subject(c)`) under `rule`.
 * Requests whose address is unknown share one bucket rather than escaping the limit.
 */
export const rateLimit = <E extends AppEnv = AppEnv>(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  rule: TRateLimitRule & { message?: string; subject?: (c: Context<E>) => string },
) =>
  createMiddleware<E>(async (c, next) => {
    const subject = rule.subject ? rule.subject(c) : (getClientIp(c, deps.env) ?? 'unknown');
    enforceRateLimit({ db: deps.db, rule, subject, now: deps.now(), message: rule.message });
    await next();
  });
