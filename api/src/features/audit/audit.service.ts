/**
 * Writes the append-only audit log (docs/product/data-model.md#stored-tables: audit_logs;
 * docs/ARCHITECTURE.md#security). Every feature that changes who may do what (sign-up, sign-in, logout, password reset,
 * role changes, emergency login, account deletion, admin actions) records one row here. Rows are never updated or
 * deleted: the `audit_append_only` migration's triggers refuse it, so this module only inserts.
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { perConnection } from '../../db/per-connection';
import { auditLogs, type TAuditSeverity, type TAuditStatus } from '../../db/schema';

export interface TAuditEntry {
  /** Dotted verb such as `auth.login`, `auth.password_reset.completed`, `role.change`. */
  action: string;
  resource?: string | null;
  resourceId?: string | null;
  /** The user the event is about (the actor for self-service actions); null for anonymous attempts. */
  userId?: string | null;
  /** Small JSON facts; never passwords, tokens or codes. */
  details?: Record<string, unknown> | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  severity?: TAuditSeverity;
  status?: TAuditStatus;
  /** Hash of the session token (never the token itself), when the event belongs to a session. */
  sessionId?: string | null;
}

/** User agents are attacker-controlled text; a cap keeps one request from bloating the log. */
const USER_AGENT_MAX = 512;

/**
 * Prepared once per connection: audited requests (a licence on every book open) otherwise built and compiled this
 * insert each time, which cost more than running it. Every column is a placeholder, id and time included, since
 * column defaults of a prepared insert would be computed once, when it is prepared.
 */
const insertAudit = perConnection((db) =>
  db
    .insert(auditLogs)
    .values({
      id: sql.placeholder('id'),
      action: sql.placeholder('action'),
      resource: sql.placeholder('resource'),
      resourceId: sql.placeholder('resourceId'),
      userId: sql.placeholder('userId'),
      details: sql.placeholder('details'),
      ipAddress: sql.placeholder('ipAddress'),
      userAgent: sql.placeholder('userAgent'),
      severity: sql.placeholder('severity'),
      status: sql.placeholder('status'),
      sessionId: sql.placeholder('sessionId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare(),
);

export function recordAudit(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'now'>>, entry: TAuditEntry): void {
  insertAudit(deps.db).run({
    id: crypto.randomUUID(),
    action: entry.action,
    resource: entry.resource ?? null,
    resourceId: entry.resourceId ?? null,
    userId: entry.userId ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    severity: entry.severity ?? 'info',
    status: entry.status ?? 'success',
    sessionId: entry.sessionId ?? null,
    // The injected clock keeps entries in step with the rest of a request (and with tests' fixed time).
    createdAt: deps.now?.() ?? new Date(),
  });
}
