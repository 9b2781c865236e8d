/**
 * The session cookie (DESIGN §6): HttpOnly so scripts cannot read it, SameSite=Lax so other sites
 * cannot send it with their writes, Path=/ and, in production, Secure with the `__Host-` prefix
 * (which also forbids a Domain attribute, so no sub-domain can set or shadow it). Plain-http
 * localhost development cannot store Secure cookies, so it uses the bare name without Secure.
 * Max-Age follows the session's idle expiry, so the browser forgets the cookie when the server does.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { readRequestHeader } from '../../lib/request-headers';
import type { TEnv } from '../../env';

export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? '__Host-wb_session' : 'wb_session';
}

const isProduction = (env: Pick<TEnv, 'NODE_ENV'>) => env.NODE_ENV === 'production';

/** Tokens are 43 base64url characters (32 random bytes); anything else cannot be a session. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function readSessionToken(c: Context, env: Pick<TEnv, 'NODE_ENV'>): string | null {
  const cookieHeader = readRequestHeader(c, 'cookie');
  if (!cookieHeader) return null;
  const name = sessionCookieName(isProduction(env));
  const token = parseCookies(cookieHeader, name)[name];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

export function setSessionCookie(
  c: Context,
  env: Pick<TEnv, 'NODE_ENV'>,
  session: { token: string; expiresAt: Date },
  now: Date,
) {
  setCookie(c, sessionCookieName(isProduction(env)), session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isProduction(env),
    // Rounded up: the request itself takes a few milliseconds after the session was stamped.
    maxAge: Math.max(0, Math.ceil((session.expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context, env: Pick<TEnv, 'NODE_ENV'>) {
  deleteCookie(c, sessionCookieName(isProduction(env)), {
    path: '/',
    secure: isProduction(env),
    httpOnly: true,
    sameSite: 'Lax',
  });
}
