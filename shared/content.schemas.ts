/** zod schemas of the content feature: SEO config and page-content requests, the 'homepage' record. */
import { z } from 'zod';
import { SEO_PAGE_TYPES, type THomepageContent } from './content';

// Kept out of content.ts, which the landing page's bundle carries (bench/landing-js-budget.json).
/** The landing's featured section shows between these many featured books (docs/product/site-content.md#homepage). */
export const HOMEPAGE_FEATURED_MIN = 4;
export const HOMEPAGE_FEATURED_MAX = 12;

export const HOMEPAGE_MESSAGES = {
  heroTitle: 'Hero title is required and must be at most 200 characters',
  heroSubtitle: 'Hero subtitle is required and must be at most 500 characters',
  stats: 'The stats strip holds 1 to 6 figures, each with a value of at most 20 and a label of at most 40 characters',
  featuredTitle: 'Featured heading is required and must be at most 100 characters',
  featuredCount: `Featured books shown must be a whole number between ${HOMEPAGE_FEATURED_MIN} and ${HOMEPAGE_FEATURED_MAX}`,
} as const;

const M = HOMEPAGE_MESSAGES;

export const ZSeoConfigQuery = z.object({
  pageType: z.enum(SEO_PAGE_TYPES, { message: `pageType must be one of ${SEO_PAGE_TYPES.join(', ')}` }),
});

export const ZPageContentKeyParam = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Page key may contain only lower-case letters, digits and hyphens'),
});

/** The 'homepage' record as admins save it (docs/product/site-content.md#homepage). */
export const ZHomepageContent: z.ZodType<THomepageContent, THomepageContent> = z.object({
  heroTitle: z.string({ message: M.heroTitle }).trim().min(1, M.heroTitle).max(200, M.heroTitle),
  heroSubtitle: z.string({ message: M.heroSubtitle }).trim().min(1, M.heroSubtitle).max(500, M.heroSubtitle),
  stats: z
    .array(
      z.object({
        value: z.string({ message: M.stats }).trim().min(1, M.stats).max(20, M.stats),
        label: z.string({ message: M.stats }).trim().min(1, M.stats).max(40, M.stats),
      }),
      { message: M.stats },
    )
    .min(1, M.stats)
    .max(6, M.stats),
  featured: z
    .object({
      title: z.string({ message: M.featuredTitle }).trim().min(1, M.featuredTitle).max(100, M.featuredTitle),
      count: z
        .number({ message: M.featuredCount })
        .int(M.featuredCount)
        .min(HOMEPAGE_FEATURED_MIN, M.featuredCount)
        .max(HOMEPAGE_FEATURED_MAX, M.featuredCount),
    })
    .optional(),
});

export const ZPlaceholderParams = z.object({
  width: z.coerce
    .number({ message: 'Width must be a number' })
    .int('Width must be a whole number')
    .min(1, 'Width must be between 1 and 2000')
    .max(2000, 'Width must be between 1 and 2000'),
  height: z.coerce
    .number({ message: 'Height must be a number' })
    .int('Height must be a whole number')
    .min(1, 'Height must be between 1 and 2000')
    .max(2000, 'Height must be between 1 and 2000'),
});
