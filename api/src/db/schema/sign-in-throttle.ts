/**
 * Sign-in throttling that stops attackers without locking out owners (docs/product/accounts.md).
 *
 * `login_lockouts` holds one row per account (source_key '*': failures from every source) and one per
 * account + source pair (source_key = hash of the IP or of the device cookie). Identifiers and sources
 * are stored as keyed hashes; the source IP is kept in clear only so an admin can judge a lock (the
 * audit log keeps it too). `known_sign_in_sources` lists the devices and addresses an account has
 * signed in from: those may still sign in while failures from elsewhere hold the account locked.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestampMs, timestamps, id } from './columns';
import { users } from './users';

/** The source key of the row that counts failures from every source of one account. */
export const ACCOUNT_WIDE_SOURCE = '*';

export const loginLockouts = sqliteTable(
  'login_lockouts',
  {
    id: id(),
    accountKey: text('account_key').notNull(),
    /** Set when the identifier names an account; unknown identifiers are throttled alike. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    sourceIp: text('source_ip'),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestampMs('last_failure_at').notNull(),
    lockedUntil: timestampMs('locked_until'),
    /** sha256 of the single-use unlock link's token (account-wide rows of real accounts only). */
    unlockTokenHash: text('unlock_token_hash'),
    unlockTokenExpires: timestampMs('unlock_token_expires'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('login_lockouts_account_source_idx').on(table.accountKey, table.sourceKey),
    index('login_lockouts_user_idx').on(table.userId),
    index('login_lockouts_locked_until_idx').on(table.lockedUntil),
    index('login_lockouts_unlock_token_idx').on(table.unlockTokenHash),
  ],
);

export const KNOWN_SOURCE_KINDS = ['device', 'ip'] as const;
export type TKnownSourceKind = (typeof KNOWN_SOURCE_KINDS)[number];

export const knownSignInSources = sqliteTable(
  'known_sign_in_sources',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KNOWN_SOURCE_KINDS }).notNull(),
    valueHash: text('value_hash').notNull(),
    lastSignedInAt: timestampMs('last_signed_in_at').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('known_sign_in_sources_user_kind_value_idx').on(table.userId, table.kind, table.valueHash)],
);
