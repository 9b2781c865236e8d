/** zod schemas of the content feature: SEO config and page-content requests, the 'homepage' record. */
import { z } from 'zod';
import { SEO_PAGE_TYPES, type THomepageContent } from './content';

export const ZSeoConfigQuery = z.object({
  pageType: z.enum(SEO_PAGE_TYPES, { message: `pageType must be one of ${SEO_PAGE_TYPES.join(', ')}` }),
});

export const ZPageContentKeyParam = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Page key may contain only lower-case letters, digits and hyphens'),
});

export const ZHomepageContent: z.ZodType<THomepageContent> = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  stats: z.array(z.object({ value: z.string(), label: z.string() })),
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
