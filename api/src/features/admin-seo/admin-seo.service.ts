/**
 * The back office's SEO (docs/product/site-content.md#seo): every page type's config (saved whole, created on first
 * save), and the keyword and image records. The server-rendered tags read seo_configs on every page request
 * (api/src/features/seo/seo.service.ts), so a saved change is in the next page's HTML. Each change is audited.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { SEO_MESSAGES, type TAdminSeo, type TSeoImage, type TSeoKeyword } from '@shared/admin-seo';
import type { TSeoConfigInput, TSeoImageCreate, TSeoKeywordCreate, TSeoKeywordUpdate } from '@shared/admin-seo.schemas';
import { SEO_PAGE_TYPES, type TSeoPageType } from '@shared/content';
import { immediateTransaction, type Db } from '../../db/client';
import { seoConfigs, seoImages, seoKeywords } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';

export interface TSeoActor extends TRequestMeta {
  userId: string;
  sessionId: string | null;
}

function audit(db: Db, now: Date, actor: TSeoActor, action: string, resourceId: string, details: object) {
  recordAudit(
    { db, now: () => now },
    {
      action,
      resource: 'seo',
      resourceId,
      userId: actor.userId,
      sessionId: actor.sessionId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      details: details as Record<string, unknown>,
    },
  );
}

const toKeyword = (row: typeof seoKeywords.$inferSelect): TSeoKeyword => ({
  id: row.id,
  keyword: row.keyword,
  pageType: row.pageType as TSeoPageType | null,
  searchVolume: row.searchVolume,
  difficulty: row.difficulty,
  currentRank: row.currentRank,
  targetRank: row.targetRank,
  isActive: row.isActive,
});

const toImage = (row: typeof seoImages.$inferSelect): TSeoImage => ({
  id: row.id,
  pageType: row.pageType as TSeoPageType | null,
  imageUrl: row.imageUrl,
  altText: row.altText,
  width: row.width,
  height: row.height,
  purpose: row.purpose as TSeoImage['purpose'],
});

/** GET /api/admin/seo: every page type (with its config or null), every keyword and image record. */
export function getAdminSeo({ db }: { db: Db }): TAdminSeo {
  const configs = new Map(
    db
      .select()
      .from(seoConfigs)
      .all()
      .map((row) => [row.pageType, row]),
  );
  return {
    pages: SEO_PAGE_TYPES.map((pageType) => {
      const row = configs.get(pageType);
      if (!row) return { pageType, config: null };
      const { id: _id, createdAt: _created, updatedAt, ...config } = row;
      return { pageType, config: { ...config, pageType, updatedAt: updatedAt.toISOString() } };
    }),
    keywords: db
      .select()
      .from(seoKeywords)
      .orderBy(asc(seoKeywords.pageType), asc(seoKeywords.keyword))
      .all()
      .map(toKeyword),
    images: db.select().from(seoImages).orderBy(asc(seoImages.pageType), asc(seoImages.createdAt)).all().map(toImage),
  };
}

/** PUT /api/admin/seo/pages/:pageType: saves the whole config; audited with the fields that changed. */
export function saveSeoConfig({
  db,
  now,
  actor,
  pageType,
  input,
}: {
  db: Db;
  now: Date;
  actor: TSeoActor;
  pageType: TSeoPageType;
  input: TSeoConfigInput;
}): TAdminSeo['pages'][number] {
  immediateTransaction(db, () => {
    const before = db.select().from(seoConfigs).where(eq(seoConfigs.pageType, pageType)).get();
    const changed = Object.keys(input).filter(
      (key) =>
        !before ||
        JSON.stringify(input[key as keyof TSeoConfigInput]) !== JSON.stringify(before[key as keyof typeof before]),
    );
    db.insert(seoConfigs)
      .values({ pageType, ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: seoConfigs.pageType, set: { ...input, updatedAt: now } })
      .run();
    audit(db, now, actor, 'admin.seo.update', pageType, { pageType, changed });
  });
  const page = getAdminSeo({ db }).pages.find((entry) => entry.pageType === pageType);
  if (!page) throw new AppError('not_found', 404, SEO_MESSAGES.pageType);
  return page;
}

function assertKeywordFree(db: Db, keyword: string, pageType: TSeoPageType | null, exceptId: string | null) {
  const samePage = pageType === null ? isNull(seoKeywords.pageType) : eq(seoKeywords.pageType, pageType);
  const clash = db
    .select({ id: seoKeywords.id })
    .from(seoKeywords)
    .where(and(eq(seoKeywords.keyword, keyword), samePage, exceptId ? ne(seoKeywords.id, exceptId) : sql`1`))
    .get();
  if (clash)
    throw new AppError('keyword_taken', 409, SEO_MESSAGES.keywordTaken, [
      { field: 'keyword', message: SEO_MESSAGES.keywordTaken },
    ]);
}

export function createSeoKeyword({
  db,
  now,
  actor,
  input,
}: {
  db: Db;
  now: Date;
  actor: TSeoActor;
  input: TSeoKeywordCreate;
}): TSeoKeyword {
  return immediateTransaction(db, () => {
    assertKeywordFree(db, input.keyword, input.pageType ?? null, null);
    const row = db
      .insert(seoKeywords)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .get();
    audit(db, now, actor, 'admin.seo.keyword.create', row.id, { keyword: row.keyword, pageType: row.pageType });
    return toKeyword(row);
  });
}

export function updateSeoKeyword({
  db,
  now,
  actor,
  id,
  changes,
}: {
  db: Db;
  now: Date;
  actor: TSeoActor;
  id: string;
  changes: TSeoKeywordUpdate;
}): TSeoKeyword {
  return immediateTransaction(db, () => {
    const before = db.select().from(seoKeywords).where(eq(seoKeywords.id, id)).get();
    if (!before) throw new AppError('not_found', 404, SEO_MESSAGES.keywordNotFound);
    const keyword = changes.keyword ?? before.keyword;
    const pageType = changes.pageType !== undefined ? changes.pageType : (before.pageType as TSeoPageType | null);
    assertKeywordFree(db, keyword, pageType, id);
    const row = db
      .update(seoKeywords)
      .set({ ...changes, updatedAt: now })
      .where(eq(seoKeywords.id, id))
      .returning()
      .get();
    audit(db, now, actor, 'admin.seo.keyword.update', id, { keyword, changed: Object.keys(changes) });
    return toKeyword(row);
  });
}

export function deleteSeoKeyword({ db, now, actor, id }: { db: Db; now: Date; actor: TSeoActor; id: string }): void {
  immediateTransaction(db, () => {
    const row = db.delete(seoKeywords).where(eq(seoKeywords.id, id)).returning().get();
    if (!row) throw new AppError('not_found', 404, SEO_MESSAGES.keywordNotFound);
    audit(db, now, actor, 'admin.seo.keyword.delete', id, { keyword: row.keyword, pageType: row.pageType });
  });
}

export function createSeoImage({
  db,
  now,
  actor,
  input,
}: {
  db: Db;
  now: Date;
  actor: TSeoActor;
  input: TSeoImageCreate;
}): TSeoImage {
  return immediateTransaction(db, () => {
    const row = db
      .insert(seoImages)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .get();
    audit(db, now, actor, 'admin.seo.image.create', row.id, { imageUrl: row.imageUrl, pageType: row.pageType });
    return toImage(row);
  });
}

export function deleteSeoImage({ db, now, actor, id }: { db: Db; now: Date; actor: TSeoActor; id: string }): void {
  immediateTransaction(db, () => {
    const row = db.delete(seoImages).where(eq(seoImages.id, id)).returning().get();
    if (!row) throw new AppError('not_found', 404, SEO_MESSAGES.imageNotFound);
    audit(db, now, actor, 'admin.seo.image.delete', id, { imageUrl: row.imageUrl, pageType: row.pageType });
  });
}
