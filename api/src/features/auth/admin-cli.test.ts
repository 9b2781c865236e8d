import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, sessions, users } from '../../db/schema';
import { createTestContext } from '../../test-utils';
import { createUser } from './auth-test-helpers';
import { ADMIN_CLI_USAGE, runAdminCli } from './admin-cli';
import { createSession } from './session.service';
import { verifyPassword } from '../../lib/password';

function run(context: ReturnType<typeof createTestContext>, ...argv: string[]) {
  const output = { out: '', err: '' };
  const code = runAdminCli(argv, context, { out: (text) => (output.out += text), err: (text) => (output.err += text) });
  return code.then((exitCode) => ({ exitCode, ...output }));
}

describe('npm run admin', () => {
  it('create-user makes a verified account with the role, audited; it can sign in', async () => {
    const context = createTestContext();
    const result = await run(
      context,
      'create-user',
      '--email',
      'Chief@Example.com',
      '--password',
      'a long password',
      '--role',
      'super_admin',
      '--first-name',
      'Cleo',
    );
    expect(result).toMatchObject({ exitCode: 0, err: '' });
    const user = context.db.select().from(users).where(eq(users.email, 'chief@example.com')).get()!;
    expect(user).toMatchObject({ role: 'super_admin', emailVerified: true, firstName: 'Cleo' });
    expect(context.db.select().from(auditLogs).where(eq(auditLogs.action, 'user.create')).all()).toMatchObject([
      { userId: user.id, details: { source: 'cli', role: 'super_admin' } },
    ]);
    const login = await context.client.auth.login.$post({
      json: {
        emailOrUsername: 'chief@example.com',
        password: 'a long password',
      },
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { role: 'super_admin' } });

    const duplicate = await run(context, 'create-user', '--email', 'chief@example.com');
    expect(duplicate.exitCode).toBe(1);
    expect(duplicate.err).toContain('already exists');
  });

  it('create-user without --password prints a generated one', async () => {
    const context = createTestContext();
    const result = await run(context, 'create-user', '--email', 'new@example.com');
    const password = result.out.match(/Password: (\S+)/)?.[1];
    expect(password).toHaveLength(24);
    const user = context.db.select().from(users).where(eq(users.email, 'new@example.com')).get()!;
    expect(user.role).toBe('user');
    expect(await verifyPassword(user.passwordHash!, password!)).toBe(true);
  });

  it('set-role changes the role and audits from → to', async () => {
    const context = createTestContext();
    const user = await createUser(context.db, { email: 'mod@example.com' });
    const result = await run(context, 'set-role', '--email', 'mod@example.com', '--role', 'moderator');
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain('user -> moderator');
    expect(context.db.select().from(users).where(eq(users.id, user.id)).get()?.role).toBe('moderator');
    expect(context.db.select().from(auditLogs).where(eq(auditLogs.action, 'role.change')).all()).toMatchObject([
      { userId: user.id, severity: 'warning', details: { source: 'cli', from: 'user', to: 'moderator' } },
    ]);
    expect((await run(context, 'set-role', '--email', 'nobody@example.com', '--role', 'admin')).exitCode).toBe(1);
  });

  it('reset-password sets a new password and ends every session', async () => {
    const context = createTestContext();
    const user = await createUser(context.db, { email: 'forgetful@example.com' });
    createSession({ db: context.db, userId: user.id, now: new Date() });
    const result = await run(context, 'reset-password', '--email', 'forgetful@example.com');
    expect(result.exitCode).toBe(0);
    const password = result.out.match(/Password: (\S+)/)?.[1];
    const stored = context.db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(stored.passwordHash!, password!)).toBe(true);
    expect(context.db.select().from(sessions).all()).toHaveLength(0);
    expect(
      context.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.password_reset.admin')).all(),
    ).toHaveLength(1);
  });

  it('hash-password prints an argon2id hash for EMERGENCY_LOGIN_PASSWORD_HASH', async () => {
    const result = await run(createTestContext(), 'hash-password', '--password', 'break the glass');
    const hash = result.out.trim();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'break the glass')).toBe(true);
  });

  it('prints usage on bad arguments', async () => {
    const context = createTestContext();
    for (const argv of [
      [],
      ['explode'],
      ['set-role', '--email', 'a@example.com'],
      ['set-role', '--email', 'a@example.com', '--role', 'emperor'],
      ['create-user', '--mail', 'x'],
      ['create-user', '--email', 'x@example.com', '--password', 'short'],
    ]) {
      const result = await run(context, ...argv);
      expect(result.exitCode, argv.join(' ')).toBe(2);
      expect(result.out + result.err).toContain(ADMIN_CLI_USAGE.split('\n')[0]);
    }
    const help = await run(context, 'help');
    expect(help).toMatchObject({ exitCode: 0, out: ADMIN_CLI_USAGE });
  });
});
