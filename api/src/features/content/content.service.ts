/**
 * Editable site content read by the public pages: SEO configs per page type and keyed page-content
 * documents (docs/product/decisions.md#6). Read-only here; the seed and the admin SEO/content screens write them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TPageContent, TSeoConfig, TSeoPageType } from '@shared/content';
import type { Db } from '../../db/client';
import { pageContent, seoConfigs, seoImages, seoKeywords } from '../../db/schema';
import { notFound } from '../../lib/app-error';

const statements = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function prepareStatements(db: Db) {
  return {
    seoConfig: db
      .select({
        pageType: seoConfigs.pageType,
        title: seoConfigs.title,
        description: seoConfigs.description,
        keywords: seoConfigs.keywords,
        metaRobots: seoConfigs.metaRobots,
        ogTitle: seoConfigs.ogTitle,
        ogDescription: seoConfigs.ogDescription,
        ogImage: seoConfigs.ogImage,
        ogType: seoConfigs.ogType,
        twitterTitle: seoConfigs.twitterTitle,
        twitterDescription: seoConfigs.twitterDescription,
        twitterImage: seoConfigs.twitterImage,
        twitterCard: seoConfigs.twitterCard,
        canonicalUrl: seoConfigs.canonicalUrl,
      })
      .from(seoConfigs)
      .where(and(eq(seoConfigs.pageType, sql.placeholder('pageType')), eq(seoConfigs.isActive, true)))
      .limit(1)
      .prepare(),
    keywords: db
      .select({ keyword: seoKeywords.keyword })
      .from(seoKeywords)
      .where(and(eq(seoKeywords.pageType, sql.placeholder('pageType')), eq(seoKeywords.isActive, true)))
      .orderBy(asc(seoKeywords.keyword))
      .prepare(),
    image: db
      .select({ imageUrl: seoImages.imageUrl })
      .from(seoImages)
      .where(
        and(eq(seoImages.pageType, sql.placeholder('pageType')), eq(seoImages.purpose, sql.placeholder('purpose'))),
      )
      .orderBy(asc(seoImages.createdAt))
      .limit(1)
      .prepare(),
    pageContent: db
      .select({ key: pageContent.key, content: pageContent.content, updatedAt: pageContent.updatedAt })
      .from(pageContent)
      .where(eq(pageContent.key, sql.placeholder('key')))
      .limit(1)
      .prepare(),
  };
}

function statementsFor(db: Db) {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = prepareStatements(db);
    statements.set(db, prepared);
  }
  return prepared;
}

/** The active SEO config of a page type, or null (the web host falls back to its defaults). */
export function findSeoConfig({ db, pageType }: { db: Db; pageType: TSeoPageType }): TSeoConfig | null {
  const row = statementsFor(db).seoConfig.get({ pageType });
  return row ? { ...row, pageType: row.pageType as TSeoPageType } : null;
}

/**
 * The keyword and image records of a page type (docs/product/site-content.md#seo): active keywords join the page's
 * keywords tag, and the first image of a purpose stands in for a config without its own image.
 */
export function findSeoRecords({ db, pageType }: { db: Db; pageType: TSeoPageType }): {
  keywords: string[];
  ogImage: string | null;
  twitterImage: string | null;
} {
  const prepared = statementsFor(db);
  return {
    keywords: prepared.keywords.all({ pageType }).map((row) => row.keyword),
    ogImage: prepared.image.get({ pageType, purpose: 'og' })?.imageUrl ?? null,
    twitterImage: prepared.image.get({ pageType, purpose: 'twitter' })?.imageUrl ?? null,
  };
}

export function getSeoConfig({ db, pageType }: { db: Db; pageType: TSeoPageType }): TSeoConfig {
  const config = findSeoConfig({ db, pageType });
  if (!config) throw notFound('SEO config');
  return config;
}

export function getPageContent({ db, key }: { db: Db; key: string }): TPageContent {
  const row = statementsFor(db).pageContent.get({ key });
  if (!row) throw notFound('Page content');
  return { key: row.key, content: row.content, updatedAt: row.updatedAt.toISOString() };
}
