/**
 * Test support for the back-office APIs: a test context with one signed-in account per role and a typed client for
 * each, plus readers to act on.
 */
import type { TRole } from '@shared/tiers';
import { createUser } from './features/auth/auth-test-helpers';
import { createSession } from './features/auth/session.service';
import { sessionCookieName } from './features/auth/session-cookie';
import { createTestContext } from './test-utils';
import type { AppDeps } from './deps';

export async function createAdminTestContext(overrides: Partial<AppDeps> = {}) {
  const ctx = createTestContext(overrides);
  const cookieName = sessionCookieName(ctx.env.NODE_ENV === 'production');
  async function signedIn(role: TRole, values: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(ctx.db, { role, ...values });
    const { token } = createSession({ db: ctx.db, userId: user.id, now: ctx.now(), ipAddress: '203.0.113.7' });
    const cookie = `${cookieName}=${token}`;
    return { user, cookie, client: ctx.clientFor(cookie) };
  }
  const superAdmin = await signedIn('super_admin', { firstName: 'Sophie', lastName: 'Super' });
  const admin = await signedIn('admin', { firstName: 'Adam', lastName: 'Admin' });
  const moderator = await signedIn('moderator');
  return { ...ctx, signedIn, superAdmin, admin, moderator, cookieName };
}
