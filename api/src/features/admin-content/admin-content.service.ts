/**
 * The site content admins edit (docs/product/site-content.md#homepage, #static-pages): the 'homepage' record and the
 * footer's pages, each a page_content row keyed by name. Public pages read them through GET /api/page-content/:key
 * and the landing's first screen on the server reads the homepage on every request, so a save shows at once. Each
 * save is audited with the fields that changed.
 */
import { eq, inArray } from 'drizzle-orm';
import type { TPageContent } from '@shared/content';
import { EDITABLE_PAGE_KEYS, type TEditablePageKey } from '@shared/site-pages.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { pageContent } from '../../db/schema';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { getPageContent } from '../content/content.service';

export interface TContentActor extends TRequestMeta {
  userId: string;
  sessionId: string | null;
}

export interface TEditablePageSummary {
  key: TEditablePageKey;
  /** null until the record exists. */
  updatedAt: string | null;
}

/** GET /api/admin/page-content: the editable records and when each last changed. */
export function listEditablePages({ db }: { db: Db }): { items: TEditablePageSummary[] } {
  const rows = new Map(
    db
      .select({ key: pageContent.key, updatedAt: pageContent.updatedAt })
      .from(pageContent)
      .where(inArray(pageContent.key, [...EDITABLE_PAGE_KEYS]))
      .all()
      .map((row) => [row.key, row.updatedAt.toISOString()]),
  );
  return { items: EDITABLE_PAGE_KEYS.map((key) => ({ key, updatedAt: rows.get(key) ?? null })) };
}

/** PUT /api/admin/page-content/homepage and /api/admin/site-pages/:key: the whole record, created when missing. */
export function savePageContent({
  db,
  now,
  actor,
  key,
  content,
}: {
  db: Db;
  now: Date;
  actor: TContentActor;
  key: TEditablePageKey;
  content: object;
}): TPageContent {
  const document = content as Record<string, unknown>;
  immediateTransaction(db, () => {
    const before = db.select().from(pageContent).where(eq(pageContent.key, key)).get();
    const changed = Object.keys(document).filter(
      (field) => !before || JSON.stringify(document[field]) !== JSON.stringify(before.content[field]),
    );
    db.insert(pageContent)
      .values({ key, content: document, updatedBy: actor.userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pageContent.key,
        set: { content: document, updatedBy: actor.userId, updatedAt: now },
      })
      .run();
    recordAudit(
      { db, now: () => now },
      {
        action: 'admin.page_content.update',
        resource: 'page_content',
        resourceId: key,
        userId: actor.userId,
        sessionId: actor.sessionId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        details: { key, changed },
      },
    );
  });
  return getPageContent({ db, key });
}
