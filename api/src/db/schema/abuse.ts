/**
 * Abuse prevention (free_trial_abuse_prevention, signup_attempts: docs/product/accounts.md#registration-abuse) and the
 * hits of the database-backed sliding-window rate limiter (docs/ARCHITECTURE.md#security: rate limits live in the
 * database so every worker process sees the same counts). Written by registration and the rate-limit middleware; old
 * rate-limit hits are pruned by a job.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, id, timestampMs, timestamps } from './columns';
import { users } from './users';

/** One row per free trial granted, matched on the signals of docs/product/trial-policy.md to refuse repeats. */
export const freeTrialAbusePrevention = sqliteTable(
  'free_trial_abuse_prevention',
  {
    id: id(),
    /** Normalised (lower-case) address. */
    email: text('email').notNull(),
    emailDomain: text('email_domain').notNull(),
    registrationIp: text('registration_ip'),
    deviceFingerprint: text('device_fingerprint'),
    /** E.164 phone number given at sign-up. */
    phoneNumber: text('phone_number'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    trialStartedAt: timestampMs('trial_started_at'),
    trialEndedAt: timestampMs('trial_ended_at'),
    isBlocked: bool('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    ...timestamps(),
  },
  (table) => [
    index('free_trial_abuse_email_idx').on(table.email),
    index('free_trial_abuse_domain_idx').on(table.emailDomain),
    index('free_trial_abuse_ip_idx').on(table.registrationIp),
    index('free_trial_abuse_fingerprint_idx').on(table.deviceFingerprint),
    index('free_trial_abuse_user_idx').on(table.userId),
    index('free_trial_abuse_phone_idx').on(table.phoneNumber),
  ],
);

export const signupAttempts = sqliteTable(
  'signup_attempts',
  {
    id: id(),
    email: text('email'),
    registrationIp: text('registration_ip'),
    deviceFingerprint: text('device_fingerprint'),
    attemptedAt: timestampMs('attempted_at').notNull(),
    successful: bool('successful').notNull().default(false),
    /** Set on the attempt that tripped a block: no new account from this source before then. */
    blockUntil: timestampMs('block_until'),
  },
  (table) => [
    index('signup_attempts_ip_idx').on(table.registrationIp, table.attemptedAt),
    index('signup_attempts_email_idx').on(table.email, table.attemptedAt),
    index('signup_attempts_fingerprint_idx').on(table.deviceFingerprint, table.attemptedAt),
    index('signup_attempts_attempted_idx').on(table.attemptedAt),
  ],
);

/**
 * Sliding-window rate limiting: one row per counted request under a key such as `login:ip:1.2.3.4`
 * or `login:account:<id>`. Count rows with hitAt inside the window; prune rows older than the
 * longest window. Integer primary key keeps rows small and inserts append-only.
 */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    hitAt: timestampMs('hit_at').notNull(),
  },
  (table) => [
    index('rate_limit_hits_key_time_idx').on(table.key, table.hitAt),
    index('rate_limit_hits_time_idx').on(table.hitAt),
  ],
);
