/**
 * Resolves the session cookie to a user for every request and exposes it as c.var.sessionUser.
 * The cookie is `__Host-` prefixed (Secure, Path=/, no Domain) in production; plain-http localhost
 * development cannot set Secure cookies, so it uses an unprefixed name there.
 */
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../deps';
import { findSessionUser } from '../features/auth/session.service';

export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? '__Host-wb_session' : 'wb_session';
}

export const sessionMiddleware = ({ db, env, now }: AppDeps) => {
  const cookieName = sessionCookieName(env.NODE_ENV === 'production');
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = getCookie(c, cookieName);
    // Tokens are 43 base64url characters; anything else cannot be a session and skips the lookup.
    const found = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? findSessionUser({ db, token, now: now() }) : null;
    c.set('sessionUser', found?.user ?? null);
    c.set('sessionId', found?.sid ?? null);
    await next();
  });
};
