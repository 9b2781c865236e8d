/**
 * Registration abuse rules (docs/product/accounts.md#registration-abuse).
 *
 * - Attempts: every registration that reaches the service is a `signup_attempts` row (IP, device
 *   fingerprint, e-mail). More than SIGNUP_MAX_ATTEMPTS_PER_IP / _PER_FINGERPRINT inside
 *   SIGNUP_ATTEMPT_WINDOW_MINUTES answers 'Too many ...'; a source that keeps going to twice its limit
 *   gets `blockUntil` (SIGNUP_BLOCK_MINUTES) and hears 'temporarily blocked' until then.
 * - Trials: one row per granted trial, judged by docs/product/trial-policy.md (see findTrialConflict).
 *   A declined trial never refuses the account: the reader can still sign up and subscribe.
 *
 * The functions here run inside the registration's BEGIN IMMEDIATE transaction.
 */
import { and, asc, count, eq, gt, or, type SQL } from 'drizzle-orm';
import type { TEnv } from '../../env';
import type { Db } from '../../db/client';
import { freeTrialAbusePrevention, signupAttempts } from '../../db/schema';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Domains that are one mailbox under several names: the address is counted under the first. */
const DOMAIN_ALIASES: Record<string, string> = {
  'googlemail.com': 'gmail.com',
  'me.com': 'icloud.com',
  'mac.com': 'icloud.com',
  'protonmail.com': 'proton.me',
  'protonmail.ch': 'proton.me',
  'pm.me': 'proton.me',
};
/** Gmail ignores dots in the local part. */
const DOTLESS_DOMAINS = new Set(['gmail.com']);

/**
 * The address one trial is counted against (docs/product/trial-policy.md#signals): lower-case, the
 * `+tag` removed for every domain (most mail servers deliver `name+anything@` to `name@`, and a person
 * who owns a domain can choose any tag), provider aliases folded together, Gmail's dots dropped.
 */
export function normaliseEmailForTrial(email: string): { email: string; domain: string } {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return { email: lower, domain: '' };
  let local = lower.slice(0, at);
  const rawDomain = lower.slice(at + 1);
  const domain = DOMAIN_ALIASES[rawDomain] ?? rawDomain;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
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

/** Why a free trial is declined (docs/product/trial-policy.md#decision); null when it is granted. */
export type TTrialDeclineReason = 'email' | 'phone_and_source' | 'ip_volume' | 'fingerprint_volume';

/**
 * Judges one trial per person from the signals together. A strong signal (the normalised e-mail) is
 * enough alone. The phone number is strong only with a weak signal beside it on the same earlier
 * trial, because nothing proves yet that the number belongs to the person typing it. The device
 * fingerprint and the address never decline alone, except at a volume no household reaches
 * (TRIAL_MAX_PER_FINGERPRINT / TRIAL_MAX_PER_IP inside TRIAL_WINDOW_DAYS), which suggests automation.
 */
export function findTrialConflict(
  options: { db: Db; env: TAbuseEnv; now: Date; trialEmail: string; phoneNumber: string | null } & TSource,
): TTrialDeclineReason | null {
  const { db, env, now, phoneNumber, deviceFingerprint, ipAddress } = options;
  const byEmail = db
    .select({ id: freeTrialAbusePrevention.id })
    .from(freeTrialAbusePrevention)
    .where(eq(freeTrialAbusePrevention.email, options.trialEmail))
    .limit(1)
    .get();
  if (byEmail) return 'email';

  const weakMatches = [
    deviceFingerprint ? eq(freeTrialAbusePrevention.deviceFingerprint, deviceFingerprint) : null,
    ipAddress ? eq(freeTrialAbusePrevention.registrationIp, ipAddress) : null,
  ].filter((condition): condition is SQL => condition !== null);
  if (phoneNumber && weakMatches.length > 0) {
    const phoneWithSource = db
      .select({ id: freeTrialAbusePrevention.id })
      .from(freeTrialAbusePrevention)
      .where(and(eq(freeTrialAbusePrevention.phoneNumber, phoneNumber), or(...weakMatches)))
      .limit(1)
      .get();
    if (phoneWithSource) return 'phone_and_source';
  }

  const windowStart = new Date(now.getTime() - env.TRIAL_WINDOW_DAYS * DAY);
  const countSince = (condition: SQL) =>
    db
      .select({ n: count() })
      .from(freeTrialAbusePrevention)
      .where(and(condition, gt(freeTrialAbusePrevention.createdAt, windowStart)))
      .get()?.n ?? 0;
  if (
    deviceFingerprint &&
    countSince(eq(freeTrialAbusePrevention.deviceFingerprint, deviceFingerprint)) >= env.TRIAL_MAX_PER_FINGERPRINT
  ) {
    return 'fingerprint_volume';
  }
  if (ipAddress && countSince(eq(freeTrialAbusePrevention.registrationIp, ipAddress)) >= env.TRIAL_MAX_PER_IP) {
    return 'ip_volume';
  }
  return null;
}

export function recordTrialGranted(
  options: {
    db: Db;
    now: Date;
    trialEmail: string;
    domain: string;
    phoneNumber: string | null;
    userId: string;
    trialEndsAt: Date;
  } & TSource,
): void {
  options.db
    .insert(freeTrialAbusePrevention)
    .values({
      email: options.trialEmail,
      emailDomain: options.domain,
      registrationIp: options.ipAddress,
      deviceFingerprint: options.deviceFingerprint,
      phoneNumber: options.phoneNumber,
      userId: options.userId,
      trialStartedAt: options.now,
      trialEndedAt: options.trialEndsAt,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .run();
}
