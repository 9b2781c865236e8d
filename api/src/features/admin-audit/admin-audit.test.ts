import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { send } from '../auth/auth-test-helpers';
import { recordAudit } from '../audit/audit.service';
import { problemBody, successBody } from '../../test-utils';

async function withEntries() {
  const ctx = await createAdminTestContext();
  const reader = await ctx.signedIn('user', { email: 'reader@example.com' });
  recordAudit(ctx, { action: 'auth.login', resource: 'user', resourceId: reader.user.id, userId: reader.user.id });
  recordAudit(ctx, {
    action: 'admin.user.update',
    resource: 'user',
    resourceId: reader.user.id,
    userId: ctx.admin.user.id,
    severity: 'warning',
    details: { changes: { isActive: { from: true, to: false } } },
  });
  recordAudit(ctx, {
    action: 'auth.admin_emergency',
    severity: 'critical',
    status: 'failure',
    details: { note: '=cmd' },
  });
  return { ...ctx, reader };
}

describe('admin audit log', () => {
  it('filters by user (id or e-mail), action or action prefix, resource, severity, status and date', async () => {
    const { admin, reader } = await withEntries();
    const get = (query: Record<string, string>) => successBody(admin.client.admin['audit-log'].$get({ query }));
    expect((await get({ user: reader.user.id })).total).toBe(2);
    expect((await get({ user: 'reader@example.com' })).total).toBe(2);
    expect((await get({ action: 'admin.user.' })).items.map((entry) => entry.action)).toEqual(['admin.user.update']);
    expect((await get({ action: 'auth.login' })).total).toBe(1);
    expect((await get({ severity: 'critical', status: 'failure' })).total).toBe(1);
    expect((await get({ resource: 'user' })).total).toBe(2);
    expect((await get({ from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    const bad = await admin.client.admin['audit-log'].$get({ query: { severity: 'loud' as never } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.[0]?.field).toBe('severity');
  });

  it('shows one entry with its details and exports the filtered log as CSV (the export is audited)', async () => {
    const { admin, app, db } = await withEntries();
    const page = await successBody(admin.client.admin['audit-log'].$get({ query: { severity: 'critical' } }));
    const detail = await successBody(admin.client.admin['audit-log'][':id'].$get({ param: { id: page.items[0].id } }));
    expect(detail).toMatchObject({ action: 'auth.admin_emergency', details: { note: '=cmd' }, hasSession: false });
    expect((await admin.client.admin['audit-log'][':id'].$get({ param: { id: 'missing' } })).status).toBe(404);
    const csv = await send(app, '/api/admin/audit-log/export.csv?severity=critical', undefined, {
      method: 'GET',
      cookie: admin.cookie,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'id,time,action,resource,resource_id,user_id,user_email,severity,status,ip_address,details',
    );
    expect(text).toContain('auth.admin_emergency');
    expect(text).toContain('""note"":""=cmd""');
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.audit.export')).all()).toHaveLength(1);
  });

  it('stays append-only', async () => {
    const { db } = await withEntries();
    expect(() => db.run(sql`update audit_logs set action = 'x'`)).toThrow();
    expect(() => db.run(sql`delete from audit_logs`)).toThrow();
  });

  it('is for admins only', async () => {
    const { moderator } = await withEntries();
    expect((await moderator.client.admin['audit-log'].$get({ query: {} })).status).toBe(403);
  });
});
