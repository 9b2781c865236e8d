/** zod schemas of the back office's SEO (docs/product/site-content.md#seo). */
import { z } from 'zod';
import { META_ROBOTS, OG_TYPES, SEO_IMAGE_PURPOSES, SEO_MESSAGES as M, TWITTER_CARDS } from './admin-seo';
import { SEO_PAGE_TYPES } from './content';

/** A path on this site ('/icons/x.png') or an absolute http(s) address; the server makes paths absolute. */
const ZSeoUrlText = z
  .string({ message: M.url })
  .trim()
  .max(500, M.url)
  .refine((value) => {
    if (value === '') return true;
    if (/^\/(?!\/)[^\s]*$/.test(value)) return true;
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, M.url);
const ZSeoUrl = ZSeoUrlText.nullable().transform((value) => (value ? value : null));

const optional = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));

export const ZSeoPageTypeParam = z.object({ pageType: z.enum(SEO_PAGE_TYPES, { message: M.pageType }) });
export const ZSeoRecordIdParam = z.object({ id: z.uuid({ message: M.recordId }) });

/** PUT /api/admin/seo/pages/:pageType: the page type's whole config (empty optional fields fall back). */
export const ZSeoConfigInput = z.object({
  title: z.string({ message: M.title }).trim().min(1, M.title).max(200, M.title),
  description: z.string({ message: M.description }).trim().min(1, M.description).max(500, M.description),
  keywords: optional(500, M.keywords),
  metaRobots: z.enum(META_ROBOTS, { message: M.metaRobots }),
  ogTitle: optional(200, M.ogTitle),
  ogDescription: optional(500, M.ogDescription),
  ogImage: ZSeoUrl,
  ogType: z.enum(OG_TYPES, { message: M.ogType }),
  twitterTitle: optional(200, M.twitterTitle),
  twitterDescription: optional(500, M.twitterDescription),
  twitterImage: ZSeoUrl,
  twitterCard: z.enum(TWITTER_CARDS, { message: M.twitterCard }),
  canonicalUrl: ZSeoUrl,
  isActive: z.boolean({ message: M.active }),
});
export type TSeoConfigInput = z.infer<typeof ZSeoConfigInput>;

const ZRank = z.number({ message: M.rank }).int(M.rank).min(1, M.rank).max(1000, M.rank).nullable();

export const ZSeoKeywordFields = z.object({
  keyword: z.string({ message: M.keyword }).trim().toLowerCase().min(1, M.keyword).max(100, M.keyword),
  pageType: z.enum(SEO_PAGE_TYPES, { message: M.pageType }).nullable(),
  searchVolume: z.number({ message: M.searchVolume }).int(M.searchVolume).min(0, M.searchVolume).nullable(),
  difficulty: z
    .number({ message: M.difficulty })
    .int(M.difficulty)
    .min(0, M.difficulty)
    .max(100, M.difficulty)
    .nullable(),
  currentRank: ZRank,
  targetRank: ZRank,
  isActive: z.boolean({ message: M.active }),
});
export const ZSeoKeywordCreate = ZSeoKeywordFields.partial().extend({ keyword: ZSeoKeywordFields.shape.keyword });
export type TSeoKeywordCreate = z.infer<typeof ZSeoKeywordCreate>;
export const ZSeoKeywordUpdate = ZSeoKeywordFields.partial();
export type TSeoKeywordUpdate = z.infer<typeof ZSeoKeywordUpdate>;

const ZDimension = z.number({ message: M.dimension }).int(M.dimension).min(1, M.dimension).max(10_000, M.dimension);

export const ZSeoImageCreate = z.object({
  pageType: z.enum(SEO_PAGE_TYPES, { message: M.pageType }).nullable().default(null),
  imageUrl: ZSeoUrlText.refine((value) => value !== '', M.url),
  altText: z.string({ message: M.altText }).trim().min(1, M.altText).max(300, M.altText),
  width: ZDimension.nullable().default(null),
  height: ZDimension.nullable().default(null),
  purpose: z.enum(SEO_IMAGE_PURPOSES, { message: M.purpose }).default('og'),
});
export type TSeoImageCreate = z.infer<typeof ZSeoImageCreate>;
