/**
 * E-mail (email_preferences, email_logs; docs/product/decisions.md#9). email_logs doubles as the local
 * outbox: every message is stored with its rendered body, shown to admins, and delivered by SMTP
 * only when configured. Written by the mailer adapter and the preferences/unsubscribe endpoints.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, enumCheck, id, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId } from './refs';

export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'suppressed'] as const;
export const EMAIL_TRANSPORTS = ['outbox', 'smtp'] as const;

export const emailPreferences = sqliteTable(
  'email_preferences',
  {
    id: id(),
    userId: ownerUserId(),
    email: text('email').notNull(),
    /** Random token in unsubscribe links; works without signing in. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    // Marketing needs opt-in consent (UK PECR), so it starts off; service e-mails start on.
    marketingEmails: bool('marketing_emails').notNull().default(false),
    trialReminders: bool('trial_reminders').notNull().default(true),
    subscriptionUpdates: bool('subscription_updates').notNull().default(true),
    isUnsubscribedAll: bool('is_unsubscribed_all').notNull().default(false),
    unsubscribedAt: timestampMs('unsubscribed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('email_preferences_user_unique').on(table.userId),
    uniqueIndex('email_preferences_unsubscribe_token_unique').on(table.unsubscribeToken),
    index('email_preferences_email_idx').on(table.email),
  ],
);

export const emailLogs = sqliteTable(
  'email_logs',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Recipient address. */
    email: text('email').notNull(),
    /** e.g. verification_code, password_reset, trial_reminder, receipt, marketing. */
    emailType: text('email_type').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    transport: text('transport', { enum: EMAIL_TRANSPORTS }).notNull().default('outbox'),
    providerMessageId: text('provider_message_id'),
    errorMessage: text('error_message'),
    sentAt: timestampMs('sent_at'),
    ...timestamps(),
  },
  (table) => [
    index('email_logs_user_idx').on(table.userId, table.createdAt),
    index('email_logs_email_idx').on(table.email, table.createdAt),
    index('email_logs_status_idx').on(table.status, table.createdAt),
    index('email_logs_type_idx').on(table.emailType, table.createdAt),
    index('email_logs_created_idx').on(table.createdAt),
    enumCheck('email_logs_status_check', table.status, EMAIL_STATUSES),
    enumCheck('email_logs_transport_check', table.transport, EMAIL_TRANSPORTS),
  ],
);

export const CAMPAIGN_STATUSES = ['sending', 'completed', 'cancelled'] as const;
/** 'cancelled': still waiting when an admin cancelled the campaign, so never sent. */
export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'suppressed', 'cancelled'] as const;

/**
 * Marketing campaigns (docs/product/admin-money.md#campaigns): written by the admin e-mail service when an admin sends one;
 * the 'email-campaigns' job delivers it recipient by recipient and keeps the counters current; an admin's cancel stops
 * the rest.
 */
export const emailCampaigns = sqliteTable(
  'email_campaigns',
  {
    id: id(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('sending'),
    audienceCount: integer('audience_count').notNull(),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    suppressedCount: integer('suppressed_count').notNull().default(0),
    /** The admin who sent it; text so the row outlives the account. */
    createdBy: text('created_by'),
    completedAt: timestampMs('completed_at'),
    /** When an admin cancelled it (docs/product/admin-money.md#campaigns) and who; text so the row outlives the account. */
    cancelledAt: timestampMs('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    ...timestamps(),
  },
  (table) => [
    index('email_campaigns_created_idx').on(table.createdAt),
    index('email_campaigns_status_idx').on(table.status),
    enumCheck('email_campaigns_status_check', table.status, CAMPAIGN_STATUSES),
  ],
);

/** One row per reader a campaign goes to (the audience as it was when it was sent), with its delivery attempts. */
export const emailCampaignRecipients = sqliteTable(
  'email_campaign_recipients',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampMs('next_attempt_at').notNull(),
    lastError: text('last_error'),
    emailLogId: text('email_log_id'),
    sentAt: timestampMs('sent_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('email_campaign_recipients_unique').on(table.campaignId, table.userId),
    index('email_campaign_recipients_due_idx').on(table.status, table.nextAttemptAt),
    index('email_campaign_recipients_campaign_idx').on(table.campaignId, table.status),
    enumCheck('email_campaign_recipients_status_check', table.status, CAMPAIGN_RECIPIENT_STATUSES),
    check('email_campaign_recipients_attempts_check', sql`${table.attempts} >= 0`),
  ],
);
