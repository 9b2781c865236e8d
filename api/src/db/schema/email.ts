/**
 * E-mail (email_preferences, email_logs; docs/product/decisions.md#9). email_logs doubles as the local
 * outbox: every message is stored with its rendered body, shown to admins, and delivered by SMTP
 * only when configured. Written by the mailer adapter and the preferences/unsubscribe endpoints.
 */
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
