/** Authentication routes (API map: auth). Sign-up, sign-in and the rest arrive with the accounts issue. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { problem } from '../../lib/problem';
import { toCurrentUser } from './current-user';

export function createAuthRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>().get('/auth/user', (c) => {
    const user = c.get('sessionUser');
    if (!user) return problem(c, 401, 'unauthenticated', 'You are not signed in.');
    c.header('Cache-Control', 'no-store');
    return c.json(toCurrentUser(user));
  });
}
