/**
 * zod schemas of highlights, notes and review cards (docs/product/highlights.md): the sync payloads
 * (every write goes through the outbox, so it works offline) and the read routes' parameters. Limits
 * and messages are the product's (docs/product/highlights.md#limits-and-messages).
 */
import { z } from 'zod';

export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type THighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** docs/product/highlights.md#limits-and-messages */
export const HIGHLIGHT_QUOTE_MAX = 2000;
export const HIGHLIGHT_NOTE_MAX = 2000;
export const HIGHLIGHT_OFFSET_MAX = 1_000_000;
export const CARD_KINDS = ['quote', 'note'] as const;
export type TCardKind = (typeof CARD_KINDS)[number];
export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export type TReviewRating = (typeof REVIEW_RATINGS)[number];

const MAX_PAGE = 100_000;

const bookRef = z
  .string({ message: 'Book id is required' })
  .trim()
  .min(1, 'Book id is required')
  .max(200, 'Book id is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens');
const uuid = (label: string) => z.uuid({ message: `${label} must be a valid id` });
const offset = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(HIGHLIGHT_OFFSET_MAX, `${label} must be at most ${HIGHLIGHT_OFFSET_MAX}`);

export const ZHighlightUpsertPayload = z
  .strictObject({
    id: uuid('Highlight id'),
    bookId: bookRef,
    page: z
      .number({ message: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`),
    start: offset('Start'),
    end: offset('End'),
    quote: z
      .string({ message: 'Highlighted text must be text' })
      .trim()
      .min(1, 'Highlighted text is required')
      .max(HIGHLIGHT_QUOTE_MAX, `Highlighted text must be at most ${HIGHLIGHT_QUOTE_MAX} characters`),
    color: z.enum(HIGHLIGHT_COLORS, { message: `Colour must be one of ${HIGHLIGHT_COLORS.join(', ')}` }),
    note: z
      .string({ message: 'Note must be text' })
      .max(HIGHLIGHT_NOTE_MAX, `Note must be at most ${HIGHLIGHT_NOTE_MAX} characters`)
      .nullable()
      .optional(),
  })
  .refine((value) => value.end > value.start, { message: 'End must be after start', path: ['end'] });

export const ZHighlightDeletePayload = z.strictObject({ id: uuid('Highlight id'), bookId: bookRef });

export const ZCardUpsertPayload = z.strictObject({
  id: uuid('Card id'),
  highlightId: uuid('Highlight id'),
  kind: z.enum(CARD_KINDS, { message: `Card kind must be one of ${CARD_KINDS.join(', ')}` }),
});

export const ZCardDeletePayload = z.strictObject({ id: uuid('Card id') });

export const ZCardReviewPayload = z.strictObject({
  id: uuid('Review id'),
  cardId: uuid('Card id'),
  rating: z
    .number({ message: 'Rating must be a number' })
    .int('Rating must be 1, 2, 3 or 4')
    .min(1, 'Rating must be 1, 2, 3 or 4')
    .max(4, 'Rating must be 1, 2, 3 or 4'),
  reviewedAt: z.iso.datetime({ offset: true, message: 'Reviewed at must be an ISO 8601 date and time' }),
});

export type THighlightUpsertPayload = z.infer<typeof ZHighlightUpsertPayload>;
export type THighlightDeletePayload = z.infer<typeof ZHighlightDeletePayload>;
export type TCardUpsertPayload = z.infer<typeof ZCardUpsertPayload>;
export type TCardDeletePayload = z.infer<typeof ZCardDeletePayload>;
export type TCardReviewPayload = z.infer<typeof ZCardReviewPayload>;

export const ZHighlightsQuery = z.object({
  bookId: bookRef.optional(),
  page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(10_000, 'Page must be at most 10000')
    .default(1),
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(1000, 'Limit must be at most 1000')
    .default(100),
});
export type THighlightsQuery = z.infer<typeof ZHighlightsQuery>;

export const ZHighlightBookParam = z.object({ bookId: bookRef });
