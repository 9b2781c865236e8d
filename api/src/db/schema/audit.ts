/**
 * The audit log (docs/product/data-model.md#stored-tables: audit_logs; docs/ARCHITECTURE.md#security) for auth, admin
 * and licence events. Append-only: triggers in the `audit_append_only` migration refuse UPDATE and DELETE, so not even
 * a buggy service can rewrite history. `userId` is deliberately not a foreign key: an ON DELETE action would have to
 * update or delete audit rows, and entries must outlive the accounts they mention.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, enumCheck, id } from './columns';

/** Audit states (docs/product/data-model.md#states). */
export const AUDIT_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export const AUDIT_STATUSES = ['success', 'failure', 'warning'] as const;
export type TAuditSeverity = (typeof AUDIT_SEVERITIES)[number];
export type TAuditStatus = (typeof AUDIT_STATUSES)[number];

export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: id(),
    userId: text('user_id'),
    action: text('action').notNull(),
    resource: text('resource'),
    resourceId: text('resource_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    severity: text('severity', { enum: AUDIT_SEVERITIES }).notNull().default('info'),
    status: text('status', { enum: AUDIT_STATUSES }).notNull().default('success'),
    sessionId: text('session_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_logs_created_idx').on(table.createdAt),
    index('audit_logs_user_idx').on(table.userId, table.createdAt),
    index('audit_logs_action_idx').on(table.action, table.createdAt),
    index('audit_logs_severity_idx').on(table.severity, table.createdAt),
    index('audit_logs_resource_idx').on(table.resource, table.resourceId),
    enumCheck('audit_logs_severity_check', table.severity, AUDIT_SEVERITIES),
    enumCheck('audit_logs_status_check', table.status, AUDIT_STATUSES),
  ],
);
