/**
 * The admin view of the local outbox (docs/product/decisions.md#9): every stored message in `email_logs`,
 * newest first, with its stored bodies. Those are rendered with codes and secret links hidden
 * (docs/product/operations.md#e-mail-secrets): staff see what was sent, never a credential.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TOutboxMessage, TOutboxPage } from '@shared/email';
import type { TOutboxQuery } from '@shared/email.schemas';
import type { Db } from '../../db/client';
import { emailLogs } from '../../db/schema';
import { notFound } from '../../lib/app-error';

type TEmailLogRow = typeof emailLogs.$inferSelect;

function toOutboxMessage(row: TEmailLogRow): TOutboxMessage {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    emailType: row.emailType,
    subject: row.subject,
    status: row.status,
    transport: row.transport,
    providerMessageId: row.providerMessageId,
    errorMessage: row.errorMessage,
    bodyText: row.bodyText,
    bodyHtml: row.bodyHtml,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** LIKE treats % and _ as wildcards; an address filter means them literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

export function listOutbox(options: { db: Db; query: TOutboxQuery }): TOutboxPage {
  const { db, query } = options;
  const conditions: SQL[] = [];
  // SQLite's LIKE is case-insensitive for ASCII, which is what an address search wants.
  if (query.email) conditions.push(sql`${emailLogs.email} like ${`%${escapeLike(query.email)}%`} escape '\\'`);
  if (query.type) conditions.push(eq(emailLogs.emailType, query.type));
  if (query.status) conditions.push(eq(emailLogs.status, query.status));
  const day = (value: string) => Date.parse(`${value}T00:00:00Z`);
  if (query.from && !Number.isNaN(day(query.from)))
    conditions.push(gte(emailLogs.createdAt, new Date(day(query.from))));
  if (query.to && !Number.isNaN(day(query.to)))
    conditions.push(lt(emailLogs.createdAt, new Date(day(query.to) + 24 * 60 * 60 * 1000)));
  const filtered = conditions.length > 0 ? and(...conditions) : undefined;
  const total = db.select({ n: count() }).from(emailLogs).where(filtered).get()?.n ?? 0;
  const rows = db
    .select()
    .from(emailLogs)
    .where(filtered)
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all();
  return { items: rows.map(toOutboxMessage), total, page: query.page, limit: query.limit };
}

export function getOutboxMessage(options: { db: Db; id: string }): TOutboxMessage {
  const row = options.db.select().from(emailLogs).where(eq(emailLogs.id, options.id)).get();
  if (!row) throw notFound('Message');
  return toOutboxMessage(row);
}
