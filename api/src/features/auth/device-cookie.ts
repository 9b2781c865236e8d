/**
 * The device cookie: a long-lived random token set at every successful sign-in. It is no credential on
 * its own; it only tells the sign-in throttle that this browser signed in to the account before, so
 * failures from other sources do not lock its owner out. The database holds its sha256.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { readRequestHeader } from '../../lib/request-headers';
import type { TEnv } from '../../env';

type TCookieEnv = Pick<TEnv, 'NODE_ENV' | 'publicUrl'>;

/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 86_400;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const isSecure = (env: TCookieEnv) => env.NODE_ENV === 'production' || env.publicUrl.startsWith('https://');
export const deviceCookieName = (env: TCookieEnv) => (isSecure(env) ? '__Host-wb_device' : 'wb_device');

export function readDeviceToken(c: Context, env: TCookieEnv): string | null {
  const cookieHeader = readRequestHeader(c, 'cookie');
  if (!cookieHeader) return null;
  const name = deviceCookieName(env);
  const token = parseCookies(cookieHeader, name)[name];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

export const generateDeviceToken = () => randomBytes(32).toString('base64url');

export function setDeviceCookie(c: Context, env: TCookieEnv, token: string) {
  setCookie(c, deviceCookieName(env), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(env),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
