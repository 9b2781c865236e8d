/**
 * Editable site content and SEO (docs/product/data-model.md#stored-tables: seo_configs, seo_keywords, seo_images;
 * docs/product/decisions.md#6: marketing figures are content). Written by the seed and the admin SEO/content screens.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, id, timestamps } from './columns';

/** Keyed JSON documents such as 'homepage' (hero text, stats strip figures). */
export const pageContent = sqliteTable(
  'page_content',
  {
    id: id(),
    key: text('key').notNull(),
    content: text('content', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    updatedBy: text('updated_by'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('page_content_key_unique').on(table.key)],
);

export const seoConfigs = sqliteTable(
  'seo_configs',
  {
    id: id(),
    pageType: text('page_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    keywords: text('keywords'),
    metaRobots: text('meta_robots').notNull().default('index, follow'),
    ogTitle: text('og_title'),
    ogDescription: text('og_description'),
    ogImage: text('og_image'),
    ogType: text('og_type').notNull().default('website'),
    twitterTitle: text('twitter_title'),
    twitterDescription: text('twitter_description'),
    twitterImage: text('twitter_image'),
    twitterCard: text('twitter_card').notNull().default('summary_large_image'),
    canonicalUrl: text('canonical_url'),
    isActive: bool('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('seo_configs_page_type_unique').on(table.pageType)],
);

export const seoKeywords = sqliteTable(
  'seo_keywords',
  {
    id: id(),
    keyword: text('keyword').notNull(),
    pageType: text('page_type'),
    searchVolume: integer('search_volume'),
    difficulty: integer('difficulty'),
    currentRank: integer('current_rank'),
    targetRank: integer('target_rank'),
    isActive: bool('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('seo_keywords_keyword_page_unique').on(table.keyword, table.pageType)],
);

export const seoImages = sqliteTable(
  'seo_images',
  {
    id: id(),
    pageType: text('page_type'),
    imageUrl: text('image_url').notNull(),
    altText: text('alt_text').notNull(),
    width: integer('width'),
    height: integer('height'),
    purpose: text('purpose').notNull().default('og'),
    ...timestamps(),
  },
  (table) => [index('seo_images_page_type_idx').on(table.pageType)],
);
