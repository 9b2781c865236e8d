/**
 * Reading challenges (docs/product/data-model.md#stored-tables: reading_challenges, challenge_participants,
 * challenge_activities, challenge_comments, challenge_comment_likes). Written by the challenges service
 * (docs/product/reviews-and-challenges.md#reading-challenges): any reader creates a challenge, readers join and leave,
 * progress follows their counted reading, and they comment; public challenges are readable by everyone.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { bool, createdAt, enumCheck, id, stringList, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId } from './refs';

/** Challenge states (docs/product/data-model.md#states). */
export const CHALLENGE_TYPES = ['books_count', 'pages_count', 'time_duration'] as const;
export const CHALLENGE_DURATIONS = ['weekly', 'monthly', 'custom'] as const;
export const CHALLENGE_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export const readingChallenges = sqliteTable(
  'reading_challenges',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: CHALLENGE_TYPES }).notNull(),
    /** Books, pages or minutes, by `type`. */
    targetValue: integer('target_value').notNull(),
    duration: text('duration', { enum: CHALLENGE_DURATIONS }).notNull(),
    startDate: timestampMs('start_date').notNull(),
    endDate: timestampMs('end_date').notNull(),
    isPublic: bool('is_public').notNull().default(true),
    isActive: bool('is_active').notNull().default(true),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    maxParticipants: integer('max_participants'),
    /**
     * How many readers joined, kept by triggers on challenge_participants (every insert and delete, cascades included;
     * docs/product/reviews-and-challenges.md#leaderboard), so the leaderboard reads it instead of counting every one.
     */
    participantCount: integer('participant_count').notNull().default(0),
    rules: stringList('rules'),
    tags: stringList('tags'),
    difficulty: text('difficulty', { enum: CHALLENGE_DIFFICULTIES }).notNull().default('medium'),
    prize: text('prize'),
    /** Admins feature a challenge: it is listed first. */
    isFeatured: bool('is_featured').notNull().default(false),
    /** Closed by its creator or a moderator (isActive false): no joins, progress frozen. */
    closedAt: timestampMs('closed_at'),
    ...timestamps(),
  },
  (table) => [
    index('reading_challenges_listing_idx').on(table.isActive, table.isPublic, table.startDate),
    index('reading_challenges_end_idx').on(table.endDate),
    index('reading_challenges_creator_idx').on(table.createdById),
    enumCheck('reading_challenges_type_check', table.type, CHALLENGE_TYPES),
    enumCheck('reading_challenges_duration_check', table.duration, CHALLENGE_DURATIONS),
    enumCheck('reading_challenges_difficulty_check', table.difficulty, CHALLENGE_DIFFICULTIES),
    check('reading_challenges_target_check', sql`${table.targetValue} >= 1`),
    check('reading_challenges_max_check', sql`${table.maxParticipants} is null or ${table.maxParticipants} > 0`),
    check('reading_challenges_dates_check', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

export const challengeParticipants = sqliteTable(
  'challenge_participants',
  {
    id: id(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => readingChallenges.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    progress: integer('progress').notNull().default(0),
    isCompleted: bool('is_completed').notNull().default(false),
    completedAt: timestampMs('completed_at'),
    rank: integer('rank'),
    notes: text('notes'),
    /** The reader's leaderboard opt-out: others see "a reader" in their place. */
    hideFromLeaderboard: bool('hide_from_leaderboard').notNull().default(false),
    /** The last progress milestone (25, 50, 75 %) announced in the activity feed. */
    milestone: integer('milestone').notNull().default(0),
    joinedAt: timestampMs('joined_at').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('challenge_participants_challenge_user_unique').on(table.challengeId, table.userId),
    // The leaderboard's order, so its top is read from the index without sorting every participant.
    index('challenge_participants_leaderboard_idx').on(
      table.challengeId,
      sql`${table.progress} desc`,
      table.completedAt,
      table.joinedAt,
    ),
    index('challenge_participants_user_idx').on(table.userId),
    check('challenge_participants_progress_check', sql`${table.progress} >= 0`),
  ],
);

export const challengeActivities = sqliteTable(
  'challenge_activities',
  {
    id: id(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => readingChallenges.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    /** e.g. joined, progress, completed, left. */
    activityType: text('activity_type').notNull(),
    message: text('message'),
    progressValue: integer('progress_value'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('challenge_activities_challenge_idx').on(table.challengeId, table.createdAt),
    index('challenge_activities_user_idx').on(table.userId, table.createdAt),
  ],
);

export const challengeComments = sqliteTable(
  'challenge_comments',
  {
    id: id(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => readingChallenges.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    content: text('content').notNull(),
    /** Reply threading; replies go with their parent. */
    parentId: text('parent_id').references((): AnySQLiteColumn => challengeComments.id, { onDelete: 'cascade' }),
    likes: integer('likes').notNull().default(0),
    isEdited: bool('is_edited').notNull().default(false),
    /** Hidden by a moderator: shown to nobody but its author and moderators. */
    isHidden: bool('is_hidden').notNull().default(false),
    moderationReason: text('moderation_reason'),
    /** Deleted by its author while it had replies: the replies stay, its text is no longer shown. */
    deletedAt: timestampMs('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('challenge_comments_challenge_idx').on(table.challengeId, table.createdAt),
    index('challenge_comments_parent_idx').on(table.parentId),
    index('challenge_comments_user_idx').on(table.userId),
    // Comments are 1 to 1000 characters (docs/product/validation-messages.md#back-office-and-community).
    check('challenge_comments_content_check', sql`length(trim(${table.content})) between 1 and 1000`),
    check('challenge_comments_likes_check', sql`${table.likes} >= 0`),
  ],
);

/** One like per reader and comment; `challenge_comments.likes` is recounted with each change. */
export const challengeCommentLikes = sqliteTable(
  'challenge_comment_likes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => challengeComments.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('challenge_comment_likes_user_idx').on(table.userId),
  ],
);

/**
 * Reading reminders sent (docs/product/reading-stats.md#reading-reminder): one row per reader and local day, so the
 * job sends at most one a day even when two workers run it.
 */
export const readingReminders = sqliteTable(
  'reading_reminders',
  {
    userId: ownerUserId(),
    day: text('day').notNull(),
    sentAt: timestampMs('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
