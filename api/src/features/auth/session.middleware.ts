/**
 * Resolves the session cookie to a user for every request and exposes it as c.var.sessionUser
 * (and the stored session id, the token's hash, as c.var.sessionId). When the lookup slides the idle
 * expiry forward, the cookie is sent again with the new Max-Age so browser and server agree.
 * Cookie attributes live in session-cookie.ts.
 */
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../../deps';
import { readSessionToken, setSessionCookie } from './session-cookie';
import { findSessionUser } from './session.service';

export const sessionMiddleware = ({ db, env, now }: Pick<AppDeps, 'db' | 'env' | 'now'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c, env);
    const at = now();
    const found = token ? findSessionUser({ db, token, now: at }) : null;
    c.set('sessionUser', found?.user ?? null);
    c.set('sessionId', found?.sid ?? null);
    await next();
    // A handler that signed the user in or out has already set the cookie; do not undo that.
    if (found?.extended && token && !c.res.headers.get('set-cookie')) {
      setSessionCookie(c, env, { token, expiresAt: found.expiresAt }, at);
    }
  });
