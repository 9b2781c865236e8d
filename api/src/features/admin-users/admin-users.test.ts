import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import { ADMIN_LIST_MESSAGES } from '@shared/admin-list';
import { createAdminTestContext } from '../../admin-test-support';
import { createUser, send } from '../auth/auth-test-helpers';
import { createSession, findSessionUser } from '../auth/session.service';
import { problemBody, successBody, deliveredMail } from '../../test-utils';
import { auditLogs, devices, licenses, loans, sessions, users } from '../../db/schema';
import { createBook } from '../../test-factories';
import { verifyPassword } from '../../lib/password';
import { ADMIN_USER_RULES, updateUser } from './admin-users.service';

async function withReaders() {
  const ctx = await createAdminTestContext();
  const ada = await createUser(ctx.db, {
    email: 'ada.lovelace@example.com',
    username: 'countess',
    firstName: 'Ada',
    lastName: 'Lovelace',
    subscriptionTier: 'premium',
    subscriptionStatus: 'active',
  });
  const grace = await createUser(ctx.db, {
    email: 'grace@navy.example',
    username: 'amazing_grace',
    firstName: 'Grace',
    lastName: 'Hopper',
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    emailVerified: false,
  });
  const alan = await createUser(ctx.db, {
    email: 'alan@bletchley.example',
    username: 'turing',
    firstName: 'Alan',
    lastName: 'Turing',
    subscriptionTier: 'free',
    isActive: false,
  });
  return { ...ctx, ada, grace, alan };
}

const list = (
  client: Awaited<ReturnType<typeof createAdminTestContext>>['admin']['client'],
  query: Record<string, string>,
) => client.admin.users.$get({ query });

describe('GET /api/admin/users', () => {
  it('finds users by any part of a name, e-mail or username, and by a short prefix', async () => {
    const { admin, ada, grace } = await withReaders();
    const byName = await successBody(list(admin.client, { q: 'ovela' }));
    expect(byName.items.map((user) => user.id)).toEqual([ada.id]);
    const byEmail = await successBody(list(admin.client, { q: 'navy.exa' }));
    expect(byEmail.items.map((user) => user.id)).toEqual([grace.id]);
    const byUsername = await successBody(list(admin.client, { q: 'amazing' }));
    expect(byUsername.items.map((user) => user.id)).toEqual([grace.id]);
    const byPrefix = await successBody(list(admin.client, { q: 'Gr' }));
    expect(byPrefix.items.map((user) => user.id)).toContain(grace.id);
    expect(byPrefix.items.map((user) => user.id)).not.toContain(ada.id);
    // Query syntax is text, never FTS operators.
    const quoted = await successBody(list(admin.client, { q: '"ada" OR *' }));
    expect(quoted.total).toBe(0);
  });

  it('filters by role, tier, status, active, verified and sign-up dates, and pages', async () => {
    const { admin, db, ada, grace, alan } = await withReaders();
    expect((await successBody(list(admin.client, { tier: 'premium' }))).items.map((u) => u.id)).toEqual([ada.id]);
    expect((await successBody(list(admin.client, { active: 'false' }))).items.map((u) => u.id)).toEqual([alan.id]);
    expect((await successBody(list(admin.client, { verified: 'false' }))).items.map((u) => u.id)).toEqual([grace.id]);
    expect((await successBody(list(admin.client, { role: 'super_admin' }))).total).toBe(1);
    db.update(users)
      .set({ createdAt: new Date('2024-01-15T12:00:00Z') })
      .where(eq(users.id, grace.id))
      .run();
    const january = await successBody(list(admin.client, { signedUpFrom: '2024-01-01', signedUpTo: '2024-01-15' }));
    expect(january.items.map((u) => u.id)).toEqual([grace.id]);
    const page = await successBody(list(admin.client, { pageSize: '2', page: '2', sort: 'email', order: 'asc' }));
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 6 });
    expect(page.items).toHaveLength(2);
    const all = await successBody(list(admin.client, { sort: 'email', order: 'asc' }));
    expect(page.items.map((u) => u.email)).toEqual(all.items.slice(2, 4).map((u) => u.email));
  });

  it('answers the same total on full, short and past-the-end pages, and binds each call its own values', async () => {
    const { admin, ada, grace, alan } = await withReaders();
    const page = (query: Record<string, string>) => successBody(list(admin.client, { sort: 'email', ...query }));
    // Six accounts: 2 + 2 full pages, then a short last one and an empty one past the end, all with the same total.
    for (const [number, length] of [
      ['1', 2],
      ['3', 2],
      ['4', 0],
    ] as const) {
      const answer = await page({ pageSize: '2', page: number });
      expect(answer.items, `page ${number}`).toHaveLength(length);
      expect(answer.total, `page ${number}`).toBe(6);
    }
    expect((await page({ pageSize: '4', page: '2' })).total).toBe(6);
    // One statement shape (one flag, one search kind), different values: each call gets its own rows.
    expect((await page({ active: 'true' })).items.map((u) => u.id)).not.toContain(alan.id);
    expect((await page({ active: 'false' })).items.map((u) => u.id)).toEqual([alan.id]);
    expect((await page({ q: 'lovelace' })).items.map((u) => u.id)).toEqual([ada.id]);
    const hopper = (await page({ q: 'hopper' })).items.map((u) => u.id);
    expect(hopper).toContain(grace.id);
    expect(hopper).not.toContain(ada.id);
    const tu = (await page({ q: 'Tu' })).items.map((u) => u.id);
    expect(tu).toContain(alan.id);
    expect(tu).not.toContain(ada.id);
    const ad = (await page({ q: 'Ad' })).items.map((u) => u.id);
    expect(ad).toContain(ada.id);
    expect(ad).not.toContain(alan.id);
    const row = (await page({ q: 'lovelace' })).items[0]!;
    expect(row).toEqual({
      id: ada.id,
      email: 'ada.lovelace@example.com',
      username: 'countess',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      isActive: true,
      emailVerified: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastLoginAt: null,
    });
  });

  it('answers bad parameters with 400 naming the field, never a 500', async () => {
    const { admin } = await withReaders();
    const cases: [Record<string, string>, string, string][] = [
      [{ page: '0' }, 'page', ADMIN_LIST_MESSAGES.page],
      [{ pageSize: '1000' }, 'pageSize', ADMIN_LIST_MESSAGES.pageSize],
      [{ sort: 'passwordHash' }, 'sort', ADMIN_LIST_MESSAGES.sort],
      [{ order: 'sideways' }, 'order', ADMIN_LIST_MESSAGES.order],
      [{ signedUpFrom: 'yesterday' }, 'signedUpFrom', ADMIN_LIST_MESSAGES.date],
      [{ role: 'owner' }, 'role', 'Role must be one of user, moderator, admin, super_admin'],
      [{ active: 'maybe' }, 'active', "Must be 'true' or 'false'"],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(admin.client, query);
      expect(response.status, field).toBe(400);
      expect((await problemBody(response)).errors).toContainEqual({ field, message });
    }
    for (const q of ['%', '_', '\\', "'; drop table users; --", 'NEAR(a b)', '"', '\u0000x']) {
      expect((await list(admin.client, { q })).status, q).toBe(200);
    }
  });

  it('exports the filtered list as CSV', async () => {
    const { admin, app, ada } = await withReaders();
    const response = await send(app, '/api/admin/users/export.csv?tier=premium', undefined, {
      method: 'GET',
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,email,username,first_name,last_name,role,tier,status,active,verified,signed_up,last_login',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(ada.email);
    expect(lines.join()).not.toMatch(/argon2|password/i);
  });
});

describe('a user page and edits', () => {
  it('shows the profile, sessions, loans, devices and audit trail, without secrets', async () => {
    const { admin, db, ada, now } = await withReaders();
    createSession({ db, userId: ada.id, now: now(), ipAddress: '198.51.100.4', userAgent: 'Firefox' });
    const detail = await successBody(admin.client.admin.users[':id'].$get({ param: { id: ada.id } }));
    expect(detail).toMatchObject({ id: ada.id, email: ada.email, subscriptionTier: 'premium', isLocked: false });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toMatchObject({ ipAddress: '198.51.100.4', userAgent: 'Firefox' });
    const stored = db.select().from(sessions).where(eq(sessions.userId, ada.id)).get()!;
    expect(JSON.stringify(detail)).not.toContain(stored.sid);
    expect(JSON.stringify(detail)).not.toMatch(/argon2|passwordHash|verificationCode/);
    const missing = await admin.client.admin.users[':id'].$get({ param: { id: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
  });

  it('edits with the admin validation messages', async () => {
    const { admin, ada, grace } = await withReaders();
    const patch = (json: Record<string, unknown>) =>
      admin.client.admin.users[':id'].$patch({ param: { id: ada.id }, json: json as never });
    const bad = await patch({ email: 'not-an-address', firstName: '' });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.adminEmailInvalid },
        { field: 'firstName', message: 'Must be at least 1 character' },
      ]),
    );
    expect((await patch({ subscriptionTier: 'platinum' })).status).toBe(400);
    expect((await patch({ passwordHash: 'x' })).status).toBe(400);
    const taken = await patch({ email: grace.email });
    expect(taken.status).toBe(409);
    expect((await problemBody(taken)).errors).toEqual([{ field: 'email', message: ADMIN_USER_RULES.emailInUse }]);
    const ok = await successBody(
      patch({ firstName: 'Augusta', subscriptionTier: 'basic', subscriptionStatus: 'active' }),
    );
    expect(ok).toMatchObject({ firstName: 'Augusta', subscriptionTier: 'basic' });
    // The search index follows the edit.
    const found = await successBody(list(admin.client, { q: 'Augusta' }));
    expect(found.items.map((user) => user.id)).toEqual([ada.id]);
  });

  it('keeps the role rules: super admin only for admin roles, never your own role, never the last super admin', async () => {
    const { admin, superAdmin, ada, db } = await withReaders();
    const patchAs = (actor: typeof admin, id: string, json: Record<string, unknown>) =>
      actor.client.admin.users[':id'].$patch({ param: { id }, json: json as never });

    const adminGrants = await patchAs(admin, ada.id, { role: 'admin' });
    expect(adminGrants.status).toBe(403);
    expect((await problemBody(adminGrants)).detail).toBe(ADMIN_USER_RULES.superAdminOnly);
    expect((await patchAs(admin, superAdmin.user.id, { isActive: false })).status).toBe(403);
    expect((await patchAs(admin, ada.id, { role: 'moderator' })).status).toBe(200);

    const own = await patchAs(superAdmin, superAdmin.user.id, { role: 'admin' });
    expect(own.status).toBe(403);
    expect((await problemBody(own)).detail).toBe(ADMIN_USER_RULES.ownRole);
    expect((await patchAs(admin, admin.user.id, { isActive: false })).status).toBe(403);

    expect((await patchAs(superAdmin, ada.id, { role: 'super_admin' })).status).toBe(200);
    // Two super admins: one may demote the other.
    expect((await patchAs(superAdmin, ada.id, { role: 'user' })).status).toBe(200);
    // One left: whoever acts (here an actor from outside the table, as a script would be), it stays.
    const actor = { id: crypto.randomUUID(), role: 'super_admin' as const };
    for (const changes of [{ role: 'admin' as const }, { isActive: false }]) {
      expect(() =>
        updateUser({
          db,
          now: new Date(),
          actor,
          userId: superAdmin.user.id,
          changes,
          ipAddress: null,
          userAgent: null,
        }),
      ).toThrow(ADMIN_USER_RULES.lastSuperAdmin);
    }
    const left = db
      .select()
      .from(users)
      .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
      .all();
    expect(left.map((row) => row.id)).toEqual([superAdmin.user.id]);
  });

  it('deactivating ends every session and revokes every licence', async () => {
    const { admin, db, ada, now } = await withReaders();
    const { token } = createSession({ db, userId: ada.id, now: now() });
    const book = createBook(db);
    const loan = db.insert(loans).values({ userId: ada.id, bookId: book.id, startedAt: now() }).returning().get();
    const device = db
      .insert(devices)
      .values({ userId: ada.id, name: 'Phone', publicKey: '{}', keyThumbprint: 'tp-1' })
      .returning()
      .get();
    db.insert(licenses)
      .values({
        loanId: loan.id,
        deviceId: device.id,
        userId: ada.id,
        bookId: book.id,
        keyWrapped: 'x',
        offlineExpiresAt: now(),
        policy: {} as never,
        signature: 'sig',
        serverTime: now(),
      })
      .run();
    const response = await admin.client.admin.users[':id'].$patch({ param: { id: ada.id }, json: { isActive: false } });
    expect(response.status).toBe(200);
    expect(findSessionUser({ db, token, now: now() })).toBeNull();
    expect(db.select().from(licenses).where(eq(licenses.userId, ada.id)).get()?.revoked).toBe(true);
    const entry = db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'admin.user.update'), eq(auditLogs.resourceId, ada.id)))
      .get();
    expect(entry).toMatchObject({ userId: admin.user.id, severity: 'warning' });
    expect(entry?.details).toMatchObject({ sessionsEnded: true, licensesRevoked: 1 });
  });
});

describe('passwords, reset e-mails and sessions', () => {
  it('sets a new password (at least 8), ends sessions, shows no secret; sendResetEmail mails a link', async () => {
    const { admin, db, ada, now } = await withReaders();
    const { token } = createSession({ db, userId: ada.id, now: now() });
    const short = await admin.client.admin.users[':id'].password.$put({
      param: { id: ada.id },
      json: { newPassword: 'short' } as never,
    });
    expect(short.status).toBe(400);
    expect((await problemBody(short)).errors).toEqual([{ field: 'newPassword', message: MESSAGES.passwordMin }]);
    const response = await admin.client.admin.users[':id'].password.$put({
      param: { id: ada.id },
      json: { newPassword: 'a much better secret', sendResetEmail: true },
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).not.toContain('a much better secret');
    expect(body).not.toMatch(/token=|reset-password/);
    const stored = db.select().from(users).where(eq(users.id, ada.id)).get()!;
    expect(await verifyPassword(stored.passwordHash!, 'a much better secret')).toBe(true);
    expect(findSessionUser({ db, token, now: now() })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deliveredMail(db, ada.email).some((mail) => mail.text.includes('reset-password?token='))).toBe(true);
  });

  it('sends a reset e-mail without showing the link', async () => {
    const { admin, db, ada } = await withReaders();
    const response = await admin.client.admin.users[':id']['reset-email'].$post({ param: { id: ada.id } });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toMatch(/token|http/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deliveredMail(db, ada.email)).toHaveLength(1);
  });

  it('ends one session or all of them', async () => {
    const { admin, db, ada, now } = await withReaders();
    const first = createSession({ db, userId: ada.id, now: now() });
    const second = createSession({ db, userId: ada.id, now: now() });
    const detail = await successBody(admin.client.admin.users[':id'].$get({ param: { id: ada.id } }));
    expect(detail.sessions).toHaveLength(2);
    const one = await admin.client.admin.users[':id'].sessions[':sessionId'].$delete({
      param: { id: ada.id, sessionId: detail.sessions[0].id },
    });
    expect(await successBody(one)).toEqual({ ended: 1 });
    const unknown = await admin.client.admin.users[':id'].sessions[':sessionId'].$delete({
      param: { id: ada.id, sessionId: 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(await successBody(admin.client.admin.users[':id'].sessions.$delete({ param: { id: ada.id } }))).toEqual({
      ended: 1,
    });
    expect(findSessionUser({ db, token: first.token, now: now() })).toBeNull();
    expect(findSessionUser({ db, token: second.token, now: now() })).toBeNull();
  });
});

describe('POST /api/admin/users/bulk', () => {
  it("needs at least one user: 'At least one user must be selected'", async () => {
    const { admin } = await withReaders();
    const response = await admin.client.admin.users.bulk.$post({ json: { userIds: [], changes: { isActive: false } } });
    expect(response.status).toBe(400);
    expect((await problemBody(response)).errors).toContainEqual({ field: 'userIds', message: MESSAGES.atLeastOneUser });
    const nothing = await admin.client.admin.users.bulk.$post({ json: { userIds: ['x'], changes: {} } });
    expect(nothing.status).toBe(400);
  });

  it('applies one change to every selected user and skips the ones the rules protect', async () => {
    const { admin, superAdmin, db, ada, grace } = await withReaders();
    const response = await admin.client.admin.users.bulk.$post({
      json: { userIds: [ada.id, grace.id, admin.user.id, superAdmin.user.id, 'missing'], changes: { isActive: false } },
    });
    const result = await successBody(response);
    expect(result.updated).toBe(2);
    expect(result.skipped.map((entry) => entry.reason)).toEqual([
      ADMIN_USER_RULES.ownDeactivation,
      ADMIN_USER_RULES.superAdminOnlyDeactivate,
      ADMIN_USER_RULES.userNotFound,
    ]);
    const inactive = db.select({ id: users.id }).from(users).where(eq(users.isActive, false)).all();
    expect(inactive.map((row) => row.id)).toEqual(expect.arrayContaining([ada.id, grace.id]));
    const audited = db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.user.bulk_update')).all();
    expect(audited).toHaveLength(2);
  });

  it('never lets the last super admin go, even in bulk', async () => {
    const { superAdmin } = await withReaders();
    const other = await superAdmin.client.admin.users.bulk.$post({
      json: { userIds: [superAdmin.user.id], changes: { role: 'user' } },
    });
    expect((await successBody(other)).skipped[0].reason).toBe(ADMIN_USER_RULES.ownRole);
  });
});

describe('who may call it', () => {
  it('refuses moderators and readers', async () => {
    const { moderator, ada } = await withReaders();
    expect((await list(moderator.client, {})).status).toBe(403);
    const bulk = await moderator.client.admin.users.bulk.$post({
      json: { userIds: [ada.id], changes: { isActive: false } },
    });
    expect(bulk.status).toBe(403);
  });
});
