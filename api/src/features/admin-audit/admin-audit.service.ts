/**
 * Reads the append-only audit log for the back office (docs/product/back-office.md#audit-log): filtered pages, one
 * entry and a CSV export. Nothing here writes: the log's triggers refuse UPDATE and DELETE, and exporting it is itself
 * recorded by the route.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminPage } from '@shared/admin-list';
import type { TAdminAuditDetail, TAdminAuditEntry, TAdminAuditQuery } from '@shared/admin-audit';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function auditFilter(db: Db, query: TAdminAuditQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.user) {
    const userId = query.user.includes('@')
      ? (db.select({ id: users.id }).from(users).where(eq(users.email, query.user.toLowerCase())).get()?.id ?? '')
      : query.user;
    parts.push(
      or(eq(auditLogs.userId, userId), and(eq(auditLogs.resource, 'user'), eq(auditLogs.resourceId, userId))) as SQL,
    );
  }
  if (query.action) {
    parts.push(
      query.action.endsWith('.')
        ? sql`${auditLogs.action} like ${`${escapeLike(query.action)}%`} escape '\\'`
        : eq(auditLogs.action, query.action),
    );
  }
  if (query.resource) parts.push(eq(auditLogs.resource, query.resource));
  if (query.severity) parts.push(eq(auditLogs.severity, query.severity));
  if (query.status) parts.push(eq(auditLogs.status, query.status));
  if (query.from !== undefined) parts.push(sql`${auditLogs.createdAt} >= ${query.from}`);
  if (query.to !== undefined) parts.push(sql`${auditLogs.createdAt} < ${query.to + 86_400_000}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

const ENTRY_COLUMNS = {
  entry: auditLogs,
  userEmail: users.email,
};

function toEntry(row: { entry: typeof auditLogs.$inferSelect; userEmail: string | null }): TAdminAuditEntry {
  return {
    id: row.entry.id,
    createdAt: row.entry.createdAt.toISOString(),
    action: row.entry.action,
    resource: row.entry.resource,
    resourceId: row.entry.resourceId,
    userId: row.entry.userId,
    userEmail: row.userEmail,
    severity: row.entry.severity,
    status: row.entry.status,
    ipAddress: row.entry.ipAddress,
  };
}

function orderOf(query: TAdminAuditQuery) {
  return query.order === 'asc'
    ? [asc(auditLogs.createdAt), asc(auditLogs.id)]
    : [desc(auditLogs.createdAt), desc(auditLogs.id)];
}

export function listAuditEntries(options: { db: Db; query: TAdminAuditQuery }): TAdminPage<TAdminAuditEntry> {
  const { db, query } = options;
  const where = auditFilter(db, query);
  const total = db.select({ n: count() }).from(auditLogs).where(where).get()?.n ?? 0;
  const items = db
    .select(ENTRY_COLUMNS)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all()
    .map(toEntry);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export function getAuditEntry(options: { db: Db; id: string }): TAdminAuditDetail {
  const row = options.db
    .select(ENTRY_COLUMNS)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(eq(auditLogs.id, options.id))
    .get();
  if (!row) throw notFound('Entry');
  return {
    ...toEntry(row),
    details: row.entry.details ?? null,
    userAgent: row.entry.userAgent,
    hasSession: row.entry.sessionId !== null,
  };
}

export function exportAuditCsv(options: { db: Db; query: TAdminAuditQuery; limit: number }): string {
  const { db, query } = options;
  const rows = db
    .select(ENTRY_COLUMNS)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(auditFilter(db, query))
    .orderBy(...orderOf(query))
    .limit(options.limit)
    .all();
  return toCsv(
    [
      'id',
      'time',
      'action',
      'resource',
      'resource_id',
      'user_id',
      'user_email',
      'severity',
      'status',
      'ip_address',
      'details',
    ],
    rows.map((row) => [
      row.entry.id,
      row.entry.createdAt.toISOString(),
      row.entry.action,
      row.entry.resource,
      row.entry.resourceId,
      row.entry.userId,
      row.userEmail,
      row.entry.severity,
      row.entry.status,
      row.entry.ipAddress,
      row.entry.details ? JSON.stringify(row.entry.details) : null,
    ]),
  );
}

/** Distinct actions and resources seen, for the filter menus. */
export function auditFacets({ db }: { db: Db }): { actions: string[]; resources: string[] } {
  const actions = db
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .orderBy(asc(auditLogs.action))
    .limit(500)
    .all();
  const resources = db
    .selectDistinct({ resource: auditLogs.resource })
    .from(auditLogs)
    .where(sql`${auditLogs.resource} is not null`)
    .orderBy(asc(auditLogs.resource))
    .limit(100)
    .all();
  return { actions: actions.map((row) => row.action), resources: resources.map((row) => row.resource as string) };
}
