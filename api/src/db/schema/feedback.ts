/**
 * Reader feedback and the admins' replies (docs/product/data-model.md#stored-tables: feedback, feedback_comments).
 * Written by the feedback service (readers create, moderators and admins respond); one upvote per reader.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, enumCheck, id, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId } from './refs';

/** Feedback states (docs/product/data-model.md#states). */
export const FEEDBACK_TYPES = ['bug', 'feedback', 'suggestion', 'compliment'] as const;
export const FEEDBACK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export interface TFeedbackDeviceInfo {
  platform: string;
  browser: string;
  screenResolution: string;
  viewport: string;
}

export const feedback = sqliteTable(
  'feedback',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    category: text('category'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: FEEDBACK_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('open'),
    url: text('url'),
    userAgent: text('user_agent'),
    /** Blob-store key of an uploaded screenshot (never inline image data). */
    screenshot: text('screenshot'),
    deviceInfo: text('device_info', { mode: 'json' }).$type<TFeedbackDeviceInfo>(),
    adminResponse: text('admin_response'),
    adminResponseBy: text('admin_response_by').references(() => users.id, { onDelete: 'set null' }),
    adminResponseAt: timestampMs('admin_response_at'),
    isPublic: bool('is_public').notNull().default(false),
    upvotes: integer('upvotes').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('feedback_status_idx').on(table.status, table.priority, table.createdAt),
    index('feedback_user_idx').on(table.userId, table.createdAt),
    index('feedback_public_idx').on(table.isPublic, table.upvotes),
    enumCheck('feedback_type_check', table.type, FEEDBACK_TYPES),
    enumCheck('feedback_priority_check', table.priority, FEEDBACK_PRIORITIES),
    enumCheck('feedback_status_check', table.status, FEEDBACK_STATUSES),
    check('feedback_title_check', sql`length(${table.title}) >= 5`),
    check('feedback_description_check', sql`length(${table.description}) >= 10`),
    check('feedback_upvotes_check', sql`${table.upvotes} >= 0`),
  ],
);

export const feedbackComments = sqliteTable(
  'feedback_comments',
  {
    id: id(),
    feedbackId: text('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    comment: text('comment').notNull(),
    /** Internal comments are visible to staff only. */
    isInternal: bool('is_internal').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    index('feedback_comments_feedback_idx').on(table.feedbackId, table.createdAt),
    check('feedback_comments_comment_check', sql`length(trim(${table.comment})) >= 1`),
  ],
);

/** One upvote per reader and feedback item; feedback.upvotes is the count kept with it. */
export const feedbackVotes = sqliteTable(
  'feedback_votes',
  {
    id: id(),
    feedbackId: text('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('feedback_votes_feedback_user_unique').on(table.feedbackId, table.userId)],
);
