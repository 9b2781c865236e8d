/** The back office's audit log (docs/API.md: admin): filtered pages, one entry, CSV export, filter facets. Permission audit:read. */
import { Hono } from 'hono';
import { ADMIN_EXPORT_MAX_ROWS } from '@shared/admin-list';
import { ZAdminAuditIdParam, ZAdminAuditQuery } from '@shared/admin-audit';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { auditFacets, exportAuditCsv, getAuditEntry, listAuditEntries } from './admin-audit.service';

export function createAdminAuditRoutes({ db, env, now }: AppDeps) {
  const guard = requirePermission('audit:read');
  return new Hono<AppEnv>()
    .get('/admin/audit-log', guard, validate('query', ZAdminAuditQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listAuditEntries({ db, query: c.req.valid('query') }));
    })
    .get('/admin/audit-log/facets', guard, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(auditFacets({ db }));
    })
    .get('/admin/audit-log/export.csv', guard, validate('query', ZAdminAuditQuery), (c) => {
      const query = c.req.valid('query');
      const csv = exportAuditCsv({ db, query, limit: ADMIN_EXPORT_MAX_ROWS });
      // Who took a copy of the log, and of which part, is itself on the record.
      recordAudit(
        { db, now },
        {
          action: 'admin.audit.export',
          resource: 'audit_log',
          userId: c.var.user.id,
          details: { filters: { ...query, page: undefined, pageSize: undefined } },
          ...getRequestMeta(c, env),
        },
      );
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="audit-log-${now().toISOString().slice(0, 10)}.csv"`);
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .get('/admin/audit-log/:id', guard, validate('param', ZAdminAuditIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getAuditEntry({ db, id: c.req.valid('param').id }));
    });
}
