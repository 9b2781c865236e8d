/** Helpers for the me and email API tests: insert a user (optionally with a real password) and sign in. */
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createSession } from '../auth/session.service';

let counter = 0;

export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...values } = overrides;
  counter += 1;
  return db
    .insert(users)
    .values({
      email: `reader-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      emailVerified: true,
      ...(password ? { passwordHash: await hashPassword(password) } : {}),
      ...values,
    })
    .returning()
    .get();
}

/** A session cookie header for the user, as the browser would send it. */
export function signIn(db: Db, userId: string, now = new Date()): { cookie: string; token: string } {
  const { token } = createSession({ db, userId, now });
  return { cookie: `wb_session=${token}`, token };
}

export const jsonHeaders = (cookie?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});
