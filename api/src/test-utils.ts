/**
 * Test harness for API tests: a fresh, migrated database per call (docs/ARCHITECTURE.md#tests), the full app built on
 * it (request id, CSRF, sessions: everything a browser's request goes through) and a typed client over
 * that app, so a renamed route or a changed body fails to compile. No network: the client's fetch is
 * `app.request()`.
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { createApp, type AppType } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { parseEnv } from './env';
import type { ProblemBody } from './lib/problem';
import { createLogger } from './logger';
import { createOutboxMailer, type Mailer, type MailMessage } from './adapters/mailer/mailer';
import type { Db } from './db/client';
import { createMemoryBlobStore } from './adapters/blobs/blob-store';
import { createSimulatedPaymentsProvider } from './adapters/payments/simulated-provider';
import { createDemoContentSource } from './db/seed/demo-content';

type TTestApp = ReturnType<typeof createApp>;

/** The address requests come from unless a test picks one (TEST-NET-3, never a real host). */
export const DEFAULT_CLIENT_IP = '203.0.113.10';

/** The node-server binding getConnInfo reads in production: the request arrives from this socket. */
export function socketBinding(ip: string) {
  return { incoming: { socket: { remoteAddress: ip, remotePort: 50000, remoteFamily: 'IPv4' } } };
}

export interface TTestClientOptions {
  /** `name=value` of a session cookie, sent with every request (see `sessionCookie`). */
  cookie?: string;
  /** The socket address the requests come from. */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The web app's typed client (`hc<AppType>`, base /api) over the full app. Per-request headers go in
 * the second argument: `client.auth.login.$post({ json }, { headers: { origin } })`.
 */
export function createTestClient(app: TTestApp, options: TTestClientOptions = {}) {
  const binding = socketBinding(options.ip ?? DEFAULT_CLIENT_IP);
  const headers = { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) };
  return hc<AppType>('http://localhost/api', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init, binding),
    headers,
  });
}

export type TTestClient = ReturnType<typeof createTestClient>;

type TSuccessJson<Answer> =
  Answer extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/**
 * The body of a success answer, typed by the route. A route that can also answer with `problem()`
 * (an untyped body; every route with `validate()` can, for its 400) makes `response.json()` unknown;
 * this keeps the type its `c.json()` answers declare.
 */
export async function successBody<Answer extends ClientResponse<unknown, number>>(
  response: Answer | Promise<Answer>,
): Promise<TSuccessJson<Answer>> {
  return (await (await response).json()) as TSuccessJson<Answer>;
}

/** The problem+json document of an error answer (`lib/problem.ts`). */
export function problemBody(response: { json(): Promise<unknown> }): Promise<ProblemBody> {
  return response.json() as Promise<ProblemBody>;
}

const DELIVERED = new WeakMap<Db, MailMessage[]>();

/**
 * The outbox mailer, also keeping what it delivered: the recipient's copy with its live codes and
 * links, which the stored outbox copy no longer holds. Read it with `deliveredMail(db)`.
 */
function recordingMailer(db: Db): Mailer {
  const outbox = createOutboxMailer();
  const delivered: MailMessage[] = [];
  DELIVERED.set(db, delivered);
  return {
    transport: outbox.transport,
    async deliver(message) {
      delivered.push(message);
      return outbox.deliver(message);
    },
  };
}

/** Messages delivered to recipients in this test context, oldest first (as the reader's inbox has them). */
export function deliveredMail(db: Db, to?: string): MailMessage[] {
  return (DELIVERED.get(db) ?? []).filter((message) => to === undefined || message.to === to);
}

export function createTestContext(overrides: Partial<AppDeps> = {}) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const env = parseEnv({ NODE_ENV: 'test', DEMO_SEED: 'false', LOG_LEVEL: 'silent' });
  const base = {
    db,
    env,
    logger: createLogger('silent'),
    mailer: recordingMailer(db),
    blobs: createMemoryBlobStore(),
    now: () => new Date(),
    ...overrides,
  };
  // The test-mode provider follows the test's clock; its webhook secret is per test context.
  const payments =
    overrides.payments ??
    createSimulatedPaymentsProvider({
      db: base.db,
      now: () => base.now(),
      webhookSecret: `test-${crypto.randomUUID()}`,
    });
  // As in index.ts: demo books get their PDFs made on first use only in demo mode.
  const demoContent = overrides.demoContent ?? (base.env.DEMO_SEED ? createDemoContentSource() : undefined);
  const deps: AppDeps = { ...base, payments, demoContent };
  const app = createApp(deps);
  return {
    ...deps,
    app,
    /** Typed client without a session. */
    client: createTestClient(app),
    /** Typed client carrying a session cookie (`clientFor(cookie)`) or other per-client options. */
    clientFor: (options: string | TTestClientOptions) =>
      createTestClient(app, typeof options === 'string' ? { cookie: options } : options),
  };
}
