/**
 * Helpers for the accounts API tests: cookie parsing, the outbox, users made straight in the database,
 * and raw JSON requests from a chosen client IP (through the same node-server binding getConnInfo
 * reads in production). Requests go through the typed client of `test-utils.ts`; `send` and `get`
 * are for what its types forbid (bodies that must fail validation, paths the API returned).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { TRegisterRequest } from '@shared/auth.schemas';
import type { Db } from '../../db/client';
import { DEFAULT_CLIENT_IP, deliveredMail, socketBinding } from '../../test-utils';
import { emailLogs, users } from '../../db/schema';
import type { AppEnv } from '../../deps';
import { parseEnv, type TEnv } from '../../env';
import { hashPassword } from '../../lib/password';

type TApp = Hono<AppEnv>;

export function testEnv(overrides: Record<string, string> = {}): TEnv {
  return parseEnv({ NODE_ENV: 'test', DEMO_SEED: 'false', LOG_LEVEL: 'silent', ...overrides });
}

export interface TRequestOptions {
  method?: string;
  ip?: string;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * An untyped request as a browser on this origin sends it: JSON body, optional cookie, a socket
 * address. Prefer the typed client; use this only for what its types forbid.
 */
export function send(app: TApp, path: string, body?: unknown, options: TRequestOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const init: RequestInit = {
    method: options.method ?? 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  return app.request(path, init, socketBinding(options.ip ?? DEFAULT_CLIENT_IP));
}

export function get(app: TApp, path: string, options: Omit<TRequestOptions, 'method'> = {}) {
  return send(app, path, undefined, { ...options, method: 'GET' });
}

export interface TParsedCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  raw: string;
}

export function setCookies(response: Response): TParsedCookie[] {
  return response.headers.getSetCookie().map((raw) => {
    const [pair, ...parts] = raw.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes = new Map(
      parts.map((part) => {
        const at = part.indexOf('=');
        return at < 0 ? [part.toLowerCase(), ''] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
      }),
    );
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes, raw };
  });
}

/** `name=value` of the session cookie the response set, ready to send back. */
export function sessionCookie(response: Response, name = 'wb_session'): string {
  const cookie = setCookies(response).find((candidate) => candidate.name === name && candidate.value);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Each registration gets its own number, as different people have: a shared one is a trial signal. */
let phoneCounter = 0;

export function registration(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  const n = crypto.randomUUID().slice(0, 8);
  phoneCounter = (phoneCounter + 1) % 1000;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    // Ofcom's drama range (020 7946 0000 to 0999): never a real person.
    phoneNumber: `020 7946 0${String(phoneCounter).padStart(3, '0')}`,
    countryCode: 'GB',
    username: `ada_${n}`,
    email: `ada.${n}@example.com`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    deviceFingerprint: `fp${n}`,
    ...overrides,
  };
}

export function outbox(db: Db, email: string, emailType?: string) {
  return db
    .select()
    .from(emailLogs)
    .where(emailType ? and(eq(emailLogs.email, email), eq(emailLogs.emailType, emailType)) : eq(emailLogs.email, email))
    .orderBy(desc(emailLogs.createdAt))
    .all();
}

/**
 * The 6-digit code of the newest verification e-mail delivered to this address (the recipient's copy:
 * the stored outbox copy has the code hidden).
 */
export function codeFromOutbox(db: Db, email: string): string {
  const latest = deliveredMail(db, email)
    .filter((message) => /verification code/i.test(message.subject))
    .at(-1);
  const code = latest?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no verification code e-mailed to ${email}`);
  return code;
}

export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<typeof users.$inferSelect & { password: string }> {
  const { password = 'correct horse battery', ...values } = overrides;
  const n = crypto.randomUUID().slice(0, 8);
  const user = db
    .insert(users)
    .values({
      email: `reader.${n}@example.com`,
      username: `reader_${n}`,
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: await hashPassword(password),
      emailVerified: true,
      ...values,
    })
    .returning()
    .get();
  return { ...user, password };
}

/** A clock tests can move: pass `now: clock.now` to createTestContext. */
export function createClock(start = new Date('2026-03-01T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
