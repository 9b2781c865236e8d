import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema';
import { createTestContext } from '../../test-utils';
import { recordAudit } from './audit.service';

describe('recordAudit', () => {
  it('appends an entry with defaults and caps the user agent', () => {
    const { db } = createTestContext();
    const at = new Date('2026-01-02T03:04:05Z');
    recordAudit(
      { db, now: () => at },
      { action: 'auth.login', userId: 'u1', userAgent: 'x'.repeat(2000), details: { reason: 'test' } },
    );
    const [row] = db.select().from(auditLogs).all();
    expect(row).toMatchObject({
      action: 'auth.login',
      userId: 'u1',
      severity: 'info',
      status: 'success',
      details: { reason: 'test' },
    });
    expect(row.userAgent).toHaveLength(512);
    expect(row.createdAt.getTime()).toBe(at.getTime());
  });

  it('gives every entry its own id and time, with or without an injected clock', () => {
    const { db } = createTestContext();
    const before = Date.now();
    recordAudit({ db }, { action: 'license.issued', details: { n: 1 } });
    recordAudit({ db }, { action: 'license.issued', details: { n: 2 } });
    const at = new Date('2026-03-04T05:06:07Z');
    recordAudit({ db, now: () => at }, { action: 'license.renewed' });
    const rows = db.select().from(auditLogs).all();
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
    expect(rows.map((row) => row.details)).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, null]));
    for (const row of rows.filter((entry) => entry.action === 'license.issued'))
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(rows.find((row) => row.action === 'license.renewed')?.createdAt.getTime()).toBe(at.getTime());
  });

  it('cannot be rewritten: the log is append-only', () => {
    const { db } = createTestContext();
    recordAudit({ db }, { action: 'role.change', severity: 'critical', status: 'failure' });
    expect(() =>
      db.update(auditLogs).set({ action: 'nothing' }).where(eq(auditLogs.action, 'role.change')).run(),
    ).toThrow(/append-only/);
    expect(() => db.delete(auditLogs).run()).toThrow(/append-only/);
  });
});
