/**
 * Accounts and sessions (docs/product/data-model.md#stored-tables: users, sessions). Written by the auth and admin
 * features; subscription columns are written by billing.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, id, timestampMs, timestamps } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    countryCode: text('country_code'),
    profileImageUrl: text('profile_image_url'),
    username: text('username'),
    passwordHash: text('password_hash'),
    emailVerified: bool('email_verified').notNull().default(false),
    emailVerificationToken: text('email_verification_token'),
    /** sha256 of the current one-time code; the code itself is never stored. */
    verificationCode: text('verification_code'),
    codeExpiresAt: timestampMs('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: timestampMs('code_sent_at'),
    authProvider: text('auth_provider').notNull().default('local'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionTier: text('subscription_tier', { enum: ['free', 'trial', 'basic', 'premium'] })
      .notNull()
      .default('trial'),
    subscriptionStatus: text('subscription_status', { enum: ['active', 'inactive', 'cancelled', 'past_due'] })
      .notNull()
      .default('inactive'),
    booksReadThisMonth: integer('books_read_this_month').notNull().default(0),
    role: text('role', { enum: ['user', 'moderator', 'admin', 'super_admin'] })
      .notNull()
      .default('user'),
    isActive: bool('is_active').notNull().default(true),
    lastLoginAt: timestampMs('last_login_at'),
    /** sha256 of the reset token sent by e-mail. */
    passwordResetToken: text('password_reset_token'),
    passwordResetExpires: timestampMs('password_reset_expires'),
    freeTrialUsed: bool('free_trial_used').notNull().default(false),
    freeTrialStartedAt: timestampMs('free_trial_started_at'),
    freeTrialEndedAt: timestampMs('free_trial_ended_at'),
    /** Set when the account was created without a free trial under docs/product/trial-policy.md. */
    trialDeclinedAt: timestampMs('trial_declined_at'),
    registrationIp: text('registration_ip'),
    deviceFingerprint: text('device_fingerprint'),
    selectionsLockedUntil: timestampMs('selections_locked_until'),
    subscriptionCurrentPeriodEnd: timestampMs('subscription_current_period_end'),
    trialStartedAt: timestampMs('trial_started_at'),
    trialEndsAt: timestampMs('trial_ends_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_unique').on(table.username),
    index('users_role_idx').on(table.role),
    index('users_device_fingerprint_idx').on(table.deviceFingerprint),
    // The back office's users list sorts and filters on these (docs/product/back-office.md#users); its text search
    // uses the FTS5 table users_fts (migration users_search).
    index('users_created_idx').on(table.createdAt),
    index('users_last_login_idx').on(table.lastLoginAt),
    index('users_tier_status_created_idx').on(table.subscriptionTier, table.subscriptionStatus, table.createdAt),
    index('users_status_created_idx').on(table.subscriptionStatus, table.createdAt),
    index('users_active_created_idx').on(table.isActive, table.createdAt),
    index('users_verified_created_idx').on(table.emailVerified, table.createdAt),
    // Trial accounts (the trial tier with a trial end; docs/product/admin-money.md#subscriptions): the unfiltered
    // subscriptions list counts these without reading the users table.
    index('users_trial_accounts_idx')
      .on(table.id)
      .where(
        sql`subscription_tier = 'trial' and max(coalesce(trial_ends_at, 0), coalesce(free_trial_ended_at, 0)) > 0`,
      ),
  ],
);

/**
 * Server-side sessions. `sid` is the sha256 of the opaque cookie token (docs/ARCHITECTURE.md#security), so a database
 * leak does not hand out live sessions. `sess` keeps small per-session data as JSON.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: text('sess', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    /** Idle expiry; slides forward on use up to `absoluteExpire`. */
    expire: timestampMs('expire').notNull(),
    absoluteExpire: timestampMs('absolute_expire').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expire_idx').on(table.expire)],
);
