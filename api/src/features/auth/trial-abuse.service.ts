/**
 * Registration abuse rules (SPEC §3 signup_attempts, free_trial_abuse_prevention; SPEC §8 messages).
 *
 * - Attempts: every registration that reaches the service is a `signup_attempts` row (IP, device
 *   fingerprint, e-mail). More than SIGNUP_MAX_ATTEMPTS_PER_IP / _PER_FINGERPRINT inside
 *   SIGNUP_ATTEMPT_WINDOW_MINUTES answers 'Too many ...'; a source that keeps going to twice its limit
 *   gets `blockUntil` (SIGNUP_BLOCK_MINUTES) and hears 'temporarily blocked' until then.
 * - Trials: one row per granted trial. One trial per normalised e-mail ever; per device fingerprint and
 *   per registration IP at most TRIAL_MAX_PER_FINGERPRINT / _PER_IP inside TRIAL_WINDOW_DAYS. A window
 *   rather than "ever" because fingerprints (browser, platform, screen, timezone) collide between
 *   strangers with the same phone model, and IPs are shared by households and carriers.
 *
 * The functions here run inside the registration's BEGIN IMMEDIATE transaction.
 */
import { and, asc, count, eq, gt, or, type SQL } from 'drizzle-orm';
import type { TEnv } from '../../env';
import type { Db } from '../../db/client';
import { freeTrialAbusePrevention, signupAttempts } from '../../db/schema';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Providers that deliver `name+anything@` to `name@`; gmail also ignores dots in the local part. */
const PLUS_TAG_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.co.uk',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'fastmail.com',
  'fastmail.fm',
  'zoho.com',
  'aol.com',
]);
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address one trial is counted against: lower-case; for Gmail without dots and +tags (and
 * googlemail.com folded into gmail.com); +tags removed for the other common providers.
 */
export function normaliseEmailForTrial(email: string): { email: string; domain: string } {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return { email: lower, domain: '' };
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (PLUS_TAG_DOMAINS.has(domain)) {
    const plus = local.indexOf('+');
    if (plus > 0) local = local.slice(0, plus);
  }
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return { email: `${local}@${domain}`, domain };
}

type TAbuseEnv = Pick<
  TEnv,
  | 'SIGNUP_MAX_ATTEMPTS_PER_IP'
  | 'SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT'
  | 'SIGNUP_ATTEMPT_WINDOW_MINUTES'
  | 'SIGNUP_BLOCK_MINUTES'
  | 'TRIAL_MAX_PER_IP'
  | 'TRIAL_MAX_PER_FINGERPRINT'
  | 'TRIAL_WINDOW_DAYS'
>;

export type TSignupGate =
  | { status: 'ok' }
  | { status: 'too_many'; retryAfterSeconds: number }
  | { status: 'blocked'; retryAfterSeconds: number };

interface TSource {
  ipAddress: string | null;
  deviceFingerprint: string | null;
}

/** The sources an attempt is counted against; an unknown IP or a missing fingerprint is not a source. */
function sourceConditions({ ipAddress, deviceFingerprint }: TSource) {
  const conditions: {
    column: typeof signupAttempts.registrationIp | typeof signupAttempts.deviceFingerprint;
    value: string;
    kind: 'ip' | 'fingerprint';
  }[] = [];
  if (ipAddress) conditions.push({ column: signupAttempts.registrationIp, value: ipAddress, kind: 'ip' });
  if (deviceFingerprint)
    conditions.push({ column: signupAttempts.deviceFingerprint, value: deviceFingerprint, kind: 'fingerprint' });
  return conditions;
}

/** Read-only: may this source attempt a registration now? */
export function evaluateSignupGate(
  options: { db: Db; env: TAbuseEnv; now: Date } & TSource,
): TSignupGate & { escalate: boolean } {
  const { db, env, now } = options;
  const sources = sourceConditions(options);
  if (sources.length === 0) return { status: 'ok', escalate: false };
  const nowMs = now.getTime();

  const blockedUntil = db
    .select({ blockUntil: signupAttempts.blockUntil })
    .from(signupAttempts)
    .where(and(or(...sources.map((source) => eq(source.column, source.value))), gt(signupAttempts.blockUntil, now)))
    .orderBy(asc(signupAttempts.blockUntil))
    .all()
    .reduce((latest, row) => Math.max(latest, row.blockUntil?.getTime() ?? 0), 0);
  if (blockedUntil > nowMs) {
    return { status: 'blocked', retryAfterSeconds: Math.ceil((blockedUntil - nowMs) / 1000), escalate: false };
  }

  const windowMs = env.SIGNUP_ATTEMPT_WINDOW_MINUTES * MINUTE;
  const windowStart = new Date(nowMs - windowMs);
  let tooMany = false;
  let escalate = false;
  let retryAfterSeconds = 0;
  for (const source of sources) {
    const limit = source.kind === 'ip' ? env.SIGNUP_MAX_ATTEMPTS_PER_IP : env.SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT;
    const inWindow = and(eq(source.column, source.value), gt(signupAttempts.attemptedAt, windowStart));
    const attempts = db.select({ n: count() }).from(signupAttempts).where(inWindow).get()?.n ?? 0;
    if (attempts < limit) continue;
    tooMany = true;
    // Refused attempts are counted too, so persisting to twice the limit earns a block.
    if (attempts + 1 >= limit * 2) escalate = true;
    const freeing = db
      .select({ at: signupAttempts.attemptedAt })
      .from(signupAttempts)
      .where(inWindow)
      .orderBy(asc(signupAttempts.attemptedAt))
      .limit(1)
      .offset(attempts - limit)
      .get();
    const waitMs = freeing ? freeing.at.getTime() + windowMs - nowMs : windowMs;
    retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil(waitMs / 1000)));
  }
  if (escalate) return { status: 'blocked', retryAfterSeconds: env.SIGNUP_BLOCK_MINUTES * 60, escalate };
  return tooMany ? { status: 'too_many', retryAfterSeconds, escalate } : { status: 'ok', escalate };
}

/** Records this attempt (refused ones too: they are what a block is earned with). Returns its id. */
export function recordSignupAttempt(
  options: { db: Db; env: TAbuseEnv; now: Date; email: string; escalate: boolean } & TSource,
): string {
  const { db, env, now } = options;
  return db
    .insert(signupAttempts)
    .values({
      email: options.email,
      registrationIp: options.ipAddress,
      deviceFingerprint: options.deviceFingerprint,
      attemptedAt: now,
      successful: false,
      blockUntil: options.escalate ? new Date(now.getTime() + env.SIGNUP_BLOCK_MINUTES * MINUTE) : null,
    })
    .returning({ id: signupAttempts.id })
    .get().id;
}

export function markSignupAttemptSuccessful(options: { db: Db; attemptId: string }): void {
  options.db.update(signupAttempts).set({ successful: true }).where(eq(signupAttempts.id, options.attemptId)).run();
}

/** Why a free trial is refused, or null when this e-mail, device and IP may still have one. */
export function findTrialConflict(
  options: { db: Db; env: TAbuseEnv; now: Date; trialEmail: string } & TSource,
): 'email' | 'fingerprint' | 'ip' | null {
  const { db, env, now } = options;
  const byEmail = db
    .select({ id: freeTrialAbusePrevention.id })
    .from(freeTrialAbusePrevention)
    .where(eq(freeTrialAbusePrevention.email, options.trialEmail))
    .limit(1)
    .get();
  if (byEmail) return 'email';

  const windowStart = new Date(now.getTime() - env.TRIAL_WINDOW_DAYS * DAY);
  const countSince = (condition: SQL) =>
    db
      .select({ n: count() })
      .from(freeTrialAbusePrevention)
      .where(and(condition, gt(freeTrialAbusePrevention.createdAt, windowStart)))
      .get()?.n ?? 0;
  if (
    options.deviceFingerprint &&
    countSince(eq(freeTrialAbusePrevention.deviceFingerprint, options.deviceFingerprint)) >=
      env.TRIAL_MAX_PER_FINGERPRINT
  ) {
    return 'fingerprint';
  }
  if (
    options.ipAddress &&
    countSince(eq(freeTrialAbusePrevention.registrationIp, options.ipAddress)) >= env.TRIAL_MAX_PER_IP
  ) {
    return 'ip';
  }
  return null;
}

export function recordTrialGranted(
  options: { db: Db; now: Date; trialEmail: string; domain: string; userId: string; trialEndsAt: Date } & TSource,
): void {
  options.db
    .insert(freeTrialAbusePrevention)
    .values({
      email: options.trialEmail,
      emailDomain: options.domain,
      registrationIp: options.ipAddress,
      deviceFingerprint: options.deviceFingerprint,
      userId: options.userId,
      trialStartedAt: options.now,
      trialEndedAt: options.trialEndsAt,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .run();
}
