/**
 * Test harness for API tests: a fresh, migrated database per call (DESIGN §7) and the app built on it.
 * Tests call `app.request()` directly, no network.
 */
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { createOutboxMailer } from './adapters/mailer/mailer';
import { createMemoryBlobStore } from './adapters/blobs/blob-store';
import { createSimulatedPaymentsProvider } from './adapters/payments/simulated-provider';
import { createDemoContentSource } from './db/seed/demo-content';

export function createTestContext(overrides: Partial<AppDeps> = {}) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const env = parseEnv({ NODE_ENV: 'test', DEMO_SEED: 'false', LOG_LEVEL: 'silent' });
  const base = {
    db,
    env,
    logger: createLogger('silent'),
    mailer: createOutboxMailer(),
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
  return { ...deps, app };
}
