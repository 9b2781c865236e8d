/** zod schemas of the back office's categories and bulk categorisation (docs/product/site-content.md#categories). */
import { z } from 'zod';
import { ZAdminBooksQuery } from './admin-books.schemas';
import {
  BULK_CATEGORIZATION_MAX_IDS,
  CATEGORY_NAME_MAX,
  CATEGORY_MESSAGES as M,
  CATEGORY_SUGGESTIONS_MAX_BOOKS,
  CATEGORY_TERM_MAX_LENGTH,
  CATEGORY_TERMS_MAX,
} from './admin-categories';

const optionalText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));

export const ZCategoryFields = z.object({
  name: z.string({ message: M.name }).trim().min(1, M.name).max(CATEGORY_NAME_MAX, M.name),
  slug: z
    .string({ message: M.slug })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slug)
    .max(80, M.slug),
  description: optionalText(500, M.description),
  icon: z
    .string({ message: M.icon })
    .trim()
    .regex(/^([A-Z][A-Za-z0-9]{0,49})?$/, M.icon)
    .nullable()
    .transform((value) => (value ? value : null)),
  color: z
    .string({ message: M.color })
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, M.color)
    .nullable()
    .transform((value) => (value ? value.toLowerCase() : null)),
  isActive: z.boolean({ message: M.active }),
  terms: z
    .array(z.string({ message: M.terms }).trim().toLowerCase().min(1, M.terms).max(CATEGORY_TERM_MAX_LENGTH, M.terms), {
      message: M.terms,
    })
    .max(CATEGORY_TERMS_MAX, M.terms)
    .transform((terms) => [...new Set(terms)]),
});

/** POST /api/admin/categories: a name is required; an empty or missing slug is made from the name. */
export const ZCategoryCreate = ZCategoryFields.partial().extend({
  name: ZCategoryFields.shape.name,
  slug: z.union([ZCategoryFields.shape.slug, z.literal('')]).optional(),
});
export type TCategoryCreate = z.infer<typeof ZCategoryCreate>;

export const ZCategoryUpdate = ZCategoryFields.partial();
export type TCategoryUpdate = z.infer<typeof ZCategoryUpdate>;

export const ZCategoryIdParam = z.object({ id: z.uuid({ message: M.categoryId }) });

export const ZCategoryMerge = z.object({ intoCategoryId: z.uuid({ message: M.mergeTarget }) });
export type TCategoryMerge = z.infer<typeof ZCategoryMerge>;

/** GET /api/admin/categories/suggestions?bookIds=a,b,c: the books of one table page. */
export const ZCategorySuggestionsQuery = z.object({
  bookIds: z
    .string({ message: M.suggestionBookIds })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ message: M.suggestionBookIds }))
        .min(1, M.suggestionBookIds)
        .max(CATEGORY_SUGGESTIONS_MAX_BOOKS, M.suggestionBookIds),
    ),
});

/** The books list's filters (docs/product/back-office.md#books), as a selection: every book they match. */
export const ZBookSelectionFilter = ZAdminBooksQuery.pick({
  q: true,
  category: true,
  tier: true,
  featured: true,
  hasContent: true,
  published: true,
  version: true,
});
export type TBookSelectionFilter = z.infer<typeof ZBookSelectionFilter>;

const ZCategoryIdList = z.array(z.uuid({ message: M.unknownCategory }), { message: M.unknownCategory }).max(100);

/** POST /api/admin/categorization-jobs: books by hand (`bookIds`) or by filter, categories to add and remove. */
export const ZCategorizationRequest = z
  .object({
    bookIds: z
      .array(z.uuid({ message: M.bookIds }), { message: M.bookIds })
      .min(1, M.bookIds)
      .max(BULK_CATEGORIZATION_MAX_IDS, M.bookIds)
      .optional(),
    filter: ZBookSelectionFilter.optional(),
    add: ZCategoryIdList.default([]),
    remove: ZCategoryIdList.default([]),
  })
  .superRefine((request, context) => {
    if (!request.bookIds && !request.filter)
      context.addIssue({ code: 'custom', path: ['bookIds'], message: M.bookIds });
    if (request.add.length === 0 && request.remove.length === 0)
      context.addIssue({ code: 'custom', path: ['add'], message: M.noChange });
    if (request.add.some((id) => request.remove.includes(id)))
      context.addIssue({ code: 'custom', path: ['remove'], message: M.addAndRemove });
  });
export type TCategorizationRequest = z.infer<typeof ZCategorizationRequest>;
/** What the client sends: the filter's flags as the list's query strings ('true' / 'false'). */
export type TCategorizationRequestInput = z.input<typeof ZCategorizationRequest>;

export const ZCategorizationJobParam = z.object({ id: z.uuid({ message: M.jobId }) });
