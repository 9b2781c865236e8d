/** Page content and SEO contracts (SPEC §3 SEO config; product decision 6). Pure: no I/O. */
import { z } from 'zod';

export const SEO_PAGE_TYPES = [
  'home',
  'bookstore',
  'book',
  'subscribe',
  'auth',
  'library',
  'dashboard',
  'challenges',
  'legal',
  'not-found',
] as const;
export type TSeoPageType = (typeof SEO_PAGE_TYPES)[number];

export const ZSeoConfigQuery = z.object({
  pageType: z.enum(SEO_PAGE_TYPES, { message: `pageType must be one of ${SEO_PAGE_TYPES.join(', ')}` }),
});

export interface TSeoConfig {
  pageType: TSeoPageType;
  title: string;
  description: string;
  keywords: string | null;
  metaRobots: string;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  ogType: string;
  twitterTitle: string | null;
  twitterDescription: string | null;
  twitterImage: string | null;
  twitterCard: string;
  canonicalUrl: string | null;
}

export const ZPageContentKeyParam = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Page key may contain only lower-case letters, digits and hyphens'),
});

/** Answer of GET /api/page-content/:key; `content` is the record's JSON document as stored. */
export interface TPageContent {
  key: string;
  content: Record<string, unknown>;
  /** ISO 8601, UTC. */
  updatedAt: string;
}

/** The 'homepage' record: hero text and the stats strip (figures are content, not code). */
export const ZHomepageContent = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  stats: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type THomepageContent = z.infer<typeof ZHomepageContent>;

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
