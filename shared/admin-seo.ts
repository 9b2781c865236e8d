/**
 * The back office's SEO (docs/product/site-content.md#seo): each page type's tags, the keyword and image records, and
 * the texts the rules answer with. Pure: no I/O.
 */
import type { TSeoConfig, TSeoPageType } from './content';

export const META_ROBOTS = ['index, follow', 'noindex, follow', 'index, nofollow', 'noindex, nofollow'] as const;
export const OG_TYPES = ['website', 'article', 'book', 'product', 'profile'] as const;
export const TWITTER_CARDS = ['summary', 'summary_large_image'] as const;
export const SEO_IMAGE_PURPOSES = ['og', 'twitter', 'general'] as const;
/** Search results cut titles and descriptions about here; the previews show where. */
export const SEARCH_TITLE_SHOWN = 60;
export const SEARCH_DESCRIPTION_SHOWN = 160;

export const SEO_MESSAGES = {
  pageType: 'Page type must be one of the listed page types',
  title: 'Title is required and must be at most 200 characters',
  description: 'Description is required and must be at most 500 characters',
  keywords: 'Keywords must be at most 500 characters',
  metaRobots: `Meta robots must be one of: ${META_ROBOTS.join('; ')}`,
  ogTitle: 'Open Graph title must be at most 200 characters',
  ogDescription: 'Open Graph description must be at most 500 characters',
  ogType: `Open Graph type must be one of: ${OG_TYPES.join(', ')}`,
  twitterTitle: 'Twitter title must be at most 200 characters',
  twitterDescription: 'Twitter description must be at most 500 characters',
  twitterCard: "Twitter card must be 'summary' or 'summary_large_image'",
  url: 'Must be a path on this site such as /icons/icon-512.png or a web address starting with https:// or http://',
  active: 'Active must be true or false',
  keyword: 'Keyword is required and must be at most 100 characters',
  keywordTaken: 'This keyword is already recorded for this page type',
  searchVolume: 'Search volume must be a whole number of 0 or more',
  difficulty: 'Difficulty must be a whole number between 0 and 100',
  rank: 'Rank must be a whole number between 1 and 1000',
  altText: 'Alt text is required and must be at most 300 characters',
  dimension: 'Width and height must be whole numbers between 1 and 10000',
  purpose: "Purpose must be 'og', 'twitter' or 'general'",
  recordId: 'Id must be a valid id',
  keywordNotFound: 'Keyword not found',
  imageNotFound: 'Image not found',
} as const;

/** One page type's row: its stored config, or null until an admin saves one (the server's defaults apply). */
export interface TAdminSeoPage {
  pageType: TSeoPageType;
  config: (TSeoConfig & { isActive: boolean; updatedAt: string }) | null;
}

export interface TSeoKeyword {
  id: string;
  keyword: string;
  /** null: the whole site. */
  pageType: TSeoPageType | null;
  searchVolume: number | null;
  difficulty: number | null;
  currentRank: number | null;
  targetRank: number | null;
  isActive: boolean;
}

export interface TSeoImage {
  id: string;
  pageType: TSeoPageType | null;
  imageUrl: string;
  altText: string;
  width: number | null;
  height: number | null;
  purpose: (typeof SEO_IMAGE_PURPOSES)[number];
}

export interface TAdminSeo {
  pages: TAdminSeoPage[];
  keywords: TSeoKeyword[];
  images: TSeoImage[];
}
