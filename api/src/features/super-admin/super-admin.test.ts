import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPER_ADMIN_MESSAGES } from '@shared/super-admin';
import { migrateDatabase, openDatabase } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import { createTestContext, problemBody, successBody } from '../../test-utils';
import { testEnv } from '../auth/auth-test-helpers';
import { runHealthChecks } from '../health/health-runs.service';
import { insertUser, signIn } from '../profile/profile-test-support';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function withSuperAdmin(options: { onDisk?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-super-admin-'));
  folders.push(dataDir);
  const overrides: Parameters<typeof createTestContext>[0] = { env: testEnv({ DATA_DIR: dataDir }) };
  if (options.onDisk) {
    const db = openDatabase(path.join(dataDir, 'books.sqlite'));
    migrateDatabase(db);
    overrides.db = db;
  }
  const context = createTestContext(overrides);
  const root = await insertUser(context.db, { role: 'super_admin', email: 'root@example.com' });
  const client = context.clientFor(signIn(context.db, root.id).cookie);
  return { ...context, root, client, dataDir };
}

describe('super admin overview', () => {
  it('lists staff with their sessions, emergency login, key ids and backups, and nothing secret', async () => {
    const { db, client } = await withSuperAdmin();
    const moderator = await insertUser(db, { role: 'moderator', email: 'mod@example.com' });
    signIn(db, moderator.id);
    await insertUser(db, { role: 'user', email: 'reader@example.com' });
    const response = await client.admin['super-admin'].$get();
    expect(response.status).toBe(200);
    const overview = await successBody(response);
    expect(overview.staff.map((member) => member.email).sort()).toEqual(['mod@example.com', 'root@example.com']);
    expect(overview.staff.find((member) => member.email === 'mod@example.com')?.sessions).toHaveLength(1);
    expect(overview.emergencyLogin).toMatchObject({ mode: 'off', account: null, limits: { perIpPerHour: 5 } });
    expect(overview.keys.signing.keyIds).toHaveLength(1);
    expect(overview.keys.kek.currentId).toBe('test-ephemeral');
    expect(overview.backups.items).toEqual([]);
    const text = JSON.stringify(overview);
    expect(text).not.toMatch(/passwordHash|password_hash|"d":|"sid"|argon2/);
  });
});

describe('role grants', () => {
  it('grants and removes staff roles by e-mail, audited as role.change', async () => {
    const { db, client, root } = await withSuperAdmin();
    const ada = await insertUser(db, { role: 'user', email: 'ada@example.com' });
    const grant = (email: string, role: 'user' | 'moderator' | 'admin' | 'super_admin') =>
      client.admin['super-admin'].roles.$post({ json: { email, role } });
    const granted = await successBody(grant('ADA@example.com', 'admin'));
    expect(granted.member).toMatchObject({ email: 'ada@example.com', role: 'admin' });
    expect(db.select().from(users).where(eq(users.id, ada.id)).get()?.role).toBe('admin');
    const removed = await successBody(grant('ada@example.com', 'user'));
    expect(removed.member).toBeNull();
    const audits = db.select().from(auditLogs).where(eq(auditLogs.action, 'role.change')).all();
    expect(audits.map((row) => row.details)).toEqual([
      { from: 'user', to: 'admin' },
      { from: 'admin', to: 'user' },
    ]);
    expect(audits.every((row) => row.userId === root.id)).toBe(true);
  });

  it('never changes your own role, so the last super admin always stays; names a bad field', async () => {
    const { db, client, clientFor } = await withSuperAdmin();
    const own = await client.admin['super-admin'].roles.$post({ json: { email: 'root@example.com', role: 'admin' } });
    expect(own.status).toBe(403);
    expect(db.select().from(users).where(eq(users.email, 'root@example.com')).get()?.role).toBe('super_admin');

    // With a second super admin, one may demote the other; the demoted one can then assign nothing.
    const second = await insertUser(db, { role: 'super_admin', email: 'second@example.com' });
    const secondClient = clientFor(signIn(db, second.id).cookie);
    const demoted = await secondClient.admin['super-admin'].roles.$post({
      json: { email: 'root@example.com', role: 'admin' },
    });
    expect(demoted.status).toBe(200);
    expect(
      (await client.admin['super-admin'].roles.$post({ json: { email: 'second@example.com', role: 'user' } })).status,
    ).toBe(403);

    const missing = await secondClient.admin['super-admin'].roles.$post({
      json: { email: 'nobody@example.com', role: 'admin' },
    });
    expect(missing.status).toBe(404);
    expect((await problemBody(missing)).errors).toEqual([{ field: 'email', message: SUPER_ADMIN_MESSAGES.noAccount }]);
    const badRole = await secondClient.admin['super-admin'].roles.$post({
      // @ts-expect-error: not a role on purpose
      json: { email: 'root@example.com', role: 'owner' },
    });
    expect(badRole.status).toBe(400);
    expect((await problemBody(badRole)).errors).toEqual([
      { field: 'role', message: SUPER_ADMIN_MESSAGES.roleRequired },
    ]);
  });

  it('is refused to admins without roles:assign', async () => {
    const { db, clientFor } = await withSuperAdmin();
    const admin = await insertUser(db, { role: 'admin' });
    const response = await clientFor(signIn(db, admin.id).cookie).admin['super-admin'].roles.$post({
      json: { email: 'root@example.com', role: 'user' },
    });
    expect(response.status).toBe(403);
  });
});

describe('backups', () => {
  it('backs up the database online into the data folder, lists it, audits it, and the health check sees it', async () => {
    const context = await withSuperAdmin({ onDisk: true });
    const { client, dataDir, db } = context;
    const response = await client.admin['super-admin'].backups.$post();
    expect(response.status).toBe(201);
    const file = await successBody(response);
    expect(file.bytes).toBeGreaterThan(0);
    const stored = path.join(dataDir, 'backups', file.name);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    const copy = openDatabase(stored);
    expect(
      copy
        .select()
        .from(users)
        .all()
        .map((user) => user.email),
    ).toContain('root@example.com');
    copy.$client.close();
    const overview = await successBody(client.admin['super-admin'].$get());
    expect(overview.backups.items.map((item) => item.name)).toEqual([file.name]);
    expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'system.backup')).all()).toHaveLength(1);
    const run = await runHealthChecks(context, { retryDelayMs: 0 });
    expect(run.items.find((item) => item.name === 'last_backup')?.status).toBe('healthy');
    db.$client.close();
  });

  it('says there is nothing to back up for a database in memory', async () => {
    const { client } = await withSuperAdmin();
    const response = await client.admin['super-admin'].backups.$post();
    expect(response.status).toBe(409);
    expect((await problemBody(response)).detail).toBe(SUPER_ADMIN_MESSAGES.inMemory);
  });
});
