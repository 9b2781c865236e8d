/** Types and request schemas of the back office's audit log API (docs/product/back-office.md#audit-log). */
import { z } from 'zod';
import { adminListQuery, optionalText, ZOptionalDateFilter } from './admin-list';

export const AUDIT_SEVERITY_VALUES = ['info', 'warning', 'error', 'critical'] as const;
export const AUDIT_STATUS_VALUES = ['success', 'failure', 'warning'] as const;

export const ZAdminAuditQuery = adminListQuery(['createdAt'] as const, { sort: 'createdAt', order: 'desc' }).extend({
  /** A user's id or e-mail: entries they did or that are about them. */
  user: optionalText(254, 'User must be at most 254 characters'),
  /** An action, or the start of one ending in a dot ('admin.user.' for every admin user action). */
  action: optionalText(100, 'Action must be at most 100 characters'),
  resource: optionalText(50, 'Resource must be at most 50 characters'),
  severity: z
    .enum(AUDIT_SEVERITY_VALUES, { message: 'Severity must be one of info, warning, error, critical' })
    .optional(),
  status: z.enum(AUDIT_STATUS_VALUES, { message: 'Status must be one of success, failure, warning' }).optional(),
  from: ZOptionalDateFilter,
  to: ZOptionalDateFilter,
});
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;
export type TAdminAuditQueryInput = z.input<typeof ZAdminAuditQuery>;

export const ZAdminAuditIdParam = z.object({
  id: z.string().trim().min(1, 'Entry not found').max(64, 'Entry not found'),
});

export interface TAdminAuditEntry {
  id: string;
  createdAt: string;
  action: string;
  resource: string | null;
  resourceId: string | null;
  userId: string | null;
  userEmail: string | null;
  severity: (typeof AUDIT_SEVERITY_VALUES)[number];
  status: (typeof AUDIT_STATUS_VALUES)[number];
  ipAddress: string | null;
}

export interface TAdminAuditDetail extends TAdminAuditEntry {
  details: Record<string, unknown> | null;
  userAgent: string | null;
  /** Whether the entry belongs to a session (never the session's id). */
  hasSession: boolean;
}
