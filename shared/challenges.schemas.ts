/**
 * zod request schemas of the challenges feature (docs/product/reviews-and-challenges.md#reading-challenges); the web
 * form validates with the same schema as the API.
 */
import { z } from 'zod';
import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_DESCRIPTION_MIN,
  CHALLENGE_DIFFICULTIES,
  CHALLENGE_DURATIONS,
  CHALLENGE_LIST_MAX,
  CHALLENGE_PARTICIPANTS_MAX,
  CHALLENGE_PRIZE_MAX,
  CHALLENGE_RULE_MAX,
  CHALLENGE_STATUSES,
  CHALLENGE_TAG_MAX,
  CHALLENGE_TARGET_MAX,
  CHALLENGE_TITLE_MAX,
  CHALLENGE_TITLE_MIN,
  CHALLENGE_TYPES,
  COMMENT_MAX,
} from './challenges';
import { MESSAGES } from './messages';

export const ZChallengeIdParam = z.object({ id: z.uuid({ message: 'Challenge id must be a valid id' }) });
export const ZCommentIdParam = z.object({ commentId: z.uuid({ message: 'Comment id must be a valid id' }) });

const dateText = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(40, message)
    .refine((value) => !Number.isNaN(Date.parse(value)), message);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const textList = (itemMax: number, itemMessage: string, listMessage: string) =>
  z
    .array(z.string().trim().min(1, itemMessage).max(itemMax, itemMessage), { message: listMessage })
    .max(CHALLENGE_LIST_MAX, listMessage)
    .optional()
    .default([]);

export const ZChallengeInput = z
  .object({
    title: z
      .string({ message: `Title must be at least ${CHALLENGE_TITLE_MIN} characters` })
      .trim()
      .min(CHALLENGE_TITLE_MIN, `Title must be at least ${CHALLENGE_TITLE_MIN} characters`)
      .max(CHALLENGE_TITLE_MAX, `Title must be at most ${CHALLENGE_TITLE_MAX} characters`),
    description: z
      .string({ message: `Description must be at least ${CHALLENGE_DESCRIPTION_MIN} characters` })
      .trim()
      .min(CHALLENGE_DESCRIPTION_MIN, `Description must be at least ${CHALLENGE_DESCRIPTION_MIN} characters`)
      .max(CHALLENGE_DESCRIPTION_MAX, `Description must be at most ${CHALLENGE_DESCRIPTION_MAX} characters`),
    type: z.enum(CHALLENGE_TYPES, { message: 'Type must be books_count, pages_count or time_duration' }),
    targetValue: z
      .number({ message: 'Target must be a whole number of at least 1' })
      .int('Target must be a whole number of at least 1')
      .min(1, 'Target must be a whole number of at least 1')
      .max(CHALLENGE_TARGET_MAX, `Target must be at most ${CHALLENGE_TARGET_MAX.toLocaleString('en-GB')}`),
    duration: z.enum(CHALLENGE_DURATIONS, { message: 'Duration must be weekly, monthly or custom' }),
    difficulty: z
      .enum(CHALLENGE_DIFFICULTIES, { message: 'Difficulty must be easy, medium or hard' })
      .optional()
      .default('medium'),
    startDate: dateText('Start date must be a valid date'),
    endDate: dateText('End date must be a valid date'),
    maxParticipants: z
      .number({ message: 'Maximum participants must be a positive whole number' })
      .int('Maximum participants must be a positive whole number')
      .min(1, 'Maximum participants must be a positive whole number')
      .max(CHALLENGE_PARTICIPANTS_MAX, `Maximum participants must be at most ${CHALLENGE_PARTICIPANTS_MAX}`)
      .optional()
      .nullable()
      .transform((value) => value ?? null),
    rules: textList(
      CHALLENGE_RULE_MAX,
      `Each rule must be 1 to ${CHALLENGE_RULE_MAX} characters`,
      `At most ${CHALLENGE_LIST_MAX} rules`,
    ),
    tags: textList(
      CHALLENGE_TAG_MAX,
      `Each tag must be 1 to ${CHALLENGE_TAG_MAX} characters`,
      `At most ${CHALLENGE_LIST_MAX} tags`,
    ),
    prize: optionalText(CHALLENGE_PRIZE_MAX, `Prize must be at most ${CHALLENGE_PRIZE_MAX} characters`),
  })
  .superRefine((input, context) => {
    const start = Date.parse(input.startDate);
    const end = Date.parse(input.endDate);
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after the start date' });
    }
  });
export type TChallengeInput = z.input<typeof ZChallengeInput>;

const filterEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { message }).optional();

export const ZChallengeListQuery = z.object({
  type: filterEnum(CHALLENGE_TYPES, 'Type must be books_count, pages_count or time_duration'),
  duration: filterEnum(CHALLENGE_DURATIONS, 'Duration must be weekly, monthly or custom'),
  difficulty: filterEnum(CHALLENGE_DIFFICULTIES, 'Difficulty must be easy, medium or hard'),
  status: filterEnum(CHALLENGE_STATUSES, 'Status must be upcoming, running or ended'),
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  page: z.coerce
    .number({ message: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page is too large')
    .optional()
    .default(1),
});
export type TChallengeListQuery = z.input<typeof ZChallengeListQuery>;

export const ZLeaderboardChoice = z.object({
  hideFromLeaderboard: z.boolean({ message: 'Choose whether to hide your name' }),
});

export const ZFeatureChallenge = z.object({ isFeatured: z.boolean({ message: 'Featured must be true or false' }) });

const commentContent = z
  .string({ message: MESSAGES.commentEmpty })
  .trim()
  .min(1, MESSAGES.commentEmpty)
  .max(COMMENT_MAX, MESSAGES.commentTooLong);

export const ZCommentInput = z.object({
  content: commentContent,
  parentId: z
    .uuid({ message: 'Comment id must be a valid id' })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
});
export type TCommentInput = z.input<typeof ZCommentInput>;

export const ZCommentEdit = z.object({ content: commentContent });

export const ZCommentModeration = z.object({
  isHidden: z.boolean({ message: 'Choose hide or restore' }),
  reason: z
    .string({ message: 'Give a reason the author will see' })
    .trim()
    .min(3, 'Give a reason the author will see')
    .max(500, 'Reason must be at most 500 characters'),
});
