/**
 * zod request schemas of the catalogue feature (the API validates with them; messages in the style of
 * docs/product/validation-messages.md).
 */
import { z } from 'zod';
import { BOOK_PAGE_SIZE_DEFAULT, BOOK_PAGE_SIZE_MAX, BOOK_SORTS } from './catalogue';
import { BOOK_TIERS } from './tiers';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const ZBookListQuery = z.object({
  search: optionalText(200, 'Search'),
  author: optionalText(200, 'Author'),
  category: optionalText(100, 'Category'),
  tier: z.enum(BOOK_TIERS, { message: 'Tier must be one of trial, basic or premium' }).optional(),
  featured: z
    .enum(['true', 'false'], { message: 'Featured must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  // No default on purpose: an omitted sort means "relevance" when searching (see BOOK_SORT_DEFAULT).
  sort: z.enum(BOOK_SORTS, { message: 'Sort must be one of popular, rating, newest or title' }).optional(),
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
    .max(BOOK_PAGE_SIZE_MAX, `Limit must be at most ${BOOK_PAGE_SIZE_MAX}`)
    .default(BOOK_PAGE_SIZE_DEFAULT),
});
export type TBookListQuery = z.infer<typeof ZBookListQuery>;

export const ZIdOrSlugParam = z.object({
  idOrSlug: z
    .string()
    .min(1, 'Book id is required')
    .max(200, 'Book id is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens'),
});
