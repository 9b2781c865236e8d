/** zod schemas of the back office's books (docs/product/back-office.md#books): list query, create and edit. */
import { z } from 'zod';
import { adminListQuery, optionalText, ZOptionalFlag } from './admin-list';
import { ADMIN_BOOK_MESSAGES as M } from './admin-books';
import { BOOK_TIERS } from './tiers';

export const ADMIN_BOOK_SORTS = ['title', 'author', 'updatedAt', 'createdAt', 'contentVersion'] as const;

export const ZAdminBooksQuery = adminListQuery(ADMIN_BOOK_SORTS, { sort: 'updatedAt', order: 'desc' }).extend({
  q: optionalText(200, M.search),
  category: z.uuid({ message: M.category }).optional(),
  tier: z.enum(BOOK_TIERS, { message: M.requiredTier }).optional(),
  featured: ZOptionalFlag,
  hasContent: ZOptionalFlag,
  published: ZOptionalFlag,
  version: z.coerce
    .number({ message: M.version })
    .int(M.version)
    .min(1, M.version)
    .max(1_000_000, M.version)
    .optional(),
});
export type TAdminBooksQuery = z.infer<typeof ZAdminBooksQuery>;

const optionalLongText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));

const textList = (maxItems: number, maxLength: number, message: string) =>
  z.array(z.string({ message }).trim().min(1, message).max(maxLength, message), { message }).max(maxItems, message);

export const ZAdminBookFields = z.object({
  title: z.string({ message: M.title }).trim().min(1, M.title).max(200, M.title),
  author: z.string({ message: M.author }).trim().min(1, M.author).max(200, M.author),
  description: z.string({ message: M.description }).trim().max(2000, M.description),
  longDescription: optionalLongText(20_000, M.longDescription),
  authorBio: optionalLongText(5000, M.authorBio),
  publishedYear: z
    .number({ message: M.publishedYear })
    .int(M.publishedYear)
    .min(1000, M.publishedYear)
    .max(2100, M.publishedYear)
    .nullable(),
  tableOfContents: textList(100, 200, M.tableOfContents),
  keyTakeaways: textList(20, 500, M.keyTakeaways),
  targetAudience: optionalLongText(500, M.targetAudience),
  categoryIds: z.array(z.uuid({ message: M.categoryIds }), { message: M.categoryIds }).max(10, M.categoryIds),
  isFeatured: z.boolean({ message: 'Featured must be true or false' }),
  isPublished: z.boolean({ message: 'Published must be true or false' }),
  requiredTier: z.enum(BOOK_TIERS, { message: M.requiredTier }),
  previewPageCount: z
    .number({ message: M.previewPageCount })
    .int(M.previewPageCount)
    .min(0, M.previewPageCount)
    .max(50, M.previewPageCount),
  publicReleaseDate: z
    .string({ message: M.publicReleaseDate })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      M.publicReleaseDate,
    )
    .nullable(),
  slug: z
    .string({ message: M.slug })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slug)
    .max(80, M.slug),
});

/** POST /api/admin/books: title and author required; an empty or missing slug is made from the title. */
export const ZAdminBookCreate = ZAdminBookFields.partial().extend({
  title: ZAdminBookFields.shape.title,
  author: ZAdminBookFields.shape.author,
  slug: z.union([ZAdminBookFields.shape.slug, z.literal('')]).optional(),
});
export type TAdminBookCreate = z.infer<typeof ZAdminBookCreate>;

/** PATCH /api/admin/books/:id: any of the fields; unpublish and republish are `isPublished`. */
export const ZAdminBookUpdate = ZAdminBookFields.partial();
export type TAdminBookUpdate = z.infer<typeof ZAdminBookUpdate>;

export const ZBookUploadIdParam = z.object({ id: z.uuid({ message: 'Upload id must be a valid id' }) });
