/**
 * The session cookie (docs/ARCHITECTURE.md#security): HttpOnly so scripts cannot read it, SameSite=Lax so other sites
 * cannot send it with their writes, Path=/ and, in production or whenever PUBLIC_URL is https,
 * Secure with the `__Host-` prefix (which also forbids a Domain attribute, so no sub-domain can set or
 * shadow it). Plain-http development cannot store Secure cookies, so it uses the bare name without Secure.
 * Max-Age follows the session's idle expiry, so the browser forgets the cookie when the server does.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { readRequestHeader } from '../../lib/request-headers';
import type { TEnv } from '../../env';

type TCookieEnv = Pick<TEnv, 'NODE_ENV' | 'publicUrl'>;

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-wb_session' : 'wb_session';
}

/** A site served over https gets a Secure cookie even outside production (a staging server behind TLS). */
const isSecure = (env: TCookieEnv) => env.NODE_ENV === 'production' || env.publicUrl.startsWith('https://');

/** Tokens are 43 base64url characters (32 random bytes); anything else cannot be a session. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function readSessionToken(c: Context, env: TCookieEnv): string | null {
  const cookieHeader = readRequestHeader(c, 'cookie');
  if (!cookieHeader) return null;
  const name = sessionCookieName(isSecure(env));
  const token = parseCookies(cookieHeader, name)[name];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

export function setSessionCookie(c: Context, env: TCookieEnv, session: { token: string; expiresAt: Date }, now: Date) {
  setCookie(c, sessionCookieName(isSecure(env)), session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(env),
    // Rounded up: the request itself takes a few milliseconds after the session was stamped.
    maxAge: Math.max(0, Math.ceil((session.expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context, env: TCookieEnv) {
  deleteCookie(c, sessionCookieName(isSecure(env)), {
    path: '/',
    secure: isSecure(env),
    httpOnly: true,
    sameSite: 'Lax',
  });
}
