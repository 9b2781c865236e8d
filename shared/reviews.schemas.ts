/** zod request schemas of the reviews feature (docs/product/reviews-and-challenges.md#reviews). */
import { z } from 'zod';
import {
  MODERATION_REASON_MAX,
  REVIEW_REPORT_REASON_MAX,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from './reviews';

const bookRef = z
  .string({ message: 'Book id is required' })
  .trim()
  .min(1, 'Book id is required')
  .max(200, 'Book id is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens');

export const ZBookReviewsParam = z.object({ idOrSlug: bookRef });
export const ZReviewIdParam = z.object({ id: z.uuid({ message: 'Review id must be a valid id' }) });

/** Empty strings mean "none": a form sends '' for a cleared field. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const ZReviewInput = z.object({
  rating: z
    .number({ message: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  reviewTitle: optionalText(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  reviewText: optionalText(REVIEW_TEXT_MAX, `Review must be at most ${REVIEW_TEXT_MAX} characters`),
  hasSpoilers: z.boolean({ message: 'Spoilers must be true or false' }).optional().default(false),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

export const ZReviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { message: 'Sort must be helpful or newest' }).optional().default('helpful'),
  page: z.coerce
    .number({ message: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page is too large')
    .optional()
    .default(1),
});

export const ZReviewReport = z.object({
  reason: z
    .string({ message: 'Say why you are reporting this review' })
    .trim()
    .min(3, 'Say why you are reporting this review')
    .max(REVIEW_REPORT_REASON_MAX, `Reason must be at most ${REVIEW_REPORT_REASON_MAX} characters`),
});

export const ZReviewModeration = z.object({
  isApproved: z.boolean({ message: 'Choose hide or restore' }),
  reason: z
    .string({ message: 'Give a reason the author will see' })
    .trim()
    .min(3, 'Give a reason the author will see')
    .max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`),
});
