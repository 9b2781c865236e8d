/**
 * The only file that starts a server: loads configuration, opens and migrates the database, seeds
 * the demo data when DEMO_SEED is on, then serves the API and the built PWA on one origin.
 */
import path from 'node:path';
import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { promoteSuperAdmins, seedDemoData } from './db/seed';
import { createDemoContentSource } from './db/seed/demo-content';
import { isDemoMode, loadEnvOrExit, productionAllowances } from './env';
import { createLogger } from './logger';
import { createMailer } from './adapters/mailer';
import { createBlobStore, describeBlobStore } from './adapters/blobs';
import { createPaymentsProvider } from './adapters/payments';
import { demoEmergencyLogin } from './features/auth/emergency.service';
import { JOBS } from './jobs';
import { startJobRunner } from './jobs/runner';
import { startRecommendationRefresher } from './features/recommendations/recommendation-refresh';
import { loadLicenseKeys } from './features/licenses/licenses.service';

/**
 * Slow or oversized clients are cut off by Node before the app sees them (docs/product/operations.md#limits):
 * all headers within 16 KiB (431 otherwise) and 20 s, the whole request within 10 minutes (a 200 MB PDF
 * upload on a slow line). Body sizes are limited per route in the app (middleware/body-limit.ts).
 */
const NODE_SERVER_LIMITS = { maxHeaderSize: 16 * 1024, headersTimeout: 20_000, requestTimeout: 10 * 60_000 };

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
const db = openDatabase(env.databaseFile);
migrateDatabase(db);

const deps = {
  db,
  env,
  logger,
  mailer: createMailer(env, logger),
  blobs: createBlobStore(env),
  payments: createPaymentsProvider({ env, db, now: () => new Date() }),
  now: () => new Date(),
  demoContent: env.DEMO_SEED ? createDemoContentSource() : undefined,
};
logger.info({ provider: deps.payments.name }, 'payments provider');
for (const allowance of productionAllowances(env))
  logger.warn({ variable: allowance.variable }, `PRODUCTION IS RUNNING WITHOUT A REAL SERVICE: ${allowance.meaning}`);
logger.info(describeBlobStore(env), 'blob store');
const seedReport = env.DEMO_SEED ? await seedDemoData(deps) : null;
// SUPER_ADMIN_EMAILS is the only bootstrap of super admins (docs/product/decisions.md#3), demo data or not.
if (!seedReport) promoteSuperAdmins(deps);

const webRoot = path.resolve('dist/web');
const hasBuiltWeb = fs.existsSync(path.join(webRoot, 'index.html'));
if (!hasBuiltWeb) logger.warn({ webRoot }, 'no built web app found: serving the API only (run `npm run build`)');

// Demo mode turns on emergency login for the seeded super admin with its generated password
// (docs/product/decisions.md#4); an explicit EMERGENCY_LOGIN_* configuration always wins.
const emergencyLogin = seedReport
  ? await demoEmergencyLogin({ env, logger, demoAccounts: seedReport.demoAccounts })
  : env.emergencyLogin;
if (emergencyLogin)
  logger.warn({ email: emergencyLogin.email, demo: emergencyLogin.demo !== null }, 'emergency login is enabled');

// The first book opened should not wait for the keys to load; a broken key file is reported, not fatal.
await loadLicenseKeys(env).catch((error: unknown) =>
  logger.error({ err: error }, 'the licence keys could not be loaded'),
);

const appDeps = { ...deps, env: { ...env, emergencyLogin } };
const app = createApp({ ...appDeps, webRoot: hasBuiltWeb ? webRoot : undefined });
const stopJobs = startJobRunner(appDeps, JOBS);
// Readers whose reading changed get their recommendations recomputed shortly after (docs/product/recommendations.md#after-reading).
const stopRecommendationRefresher = startRecommendationRefresher(appDeps);
const server = serve(
  { fetch: app.fetch, port: env.PORT, hostname: env.HOST, serverOptions: NODE_SERVER_LIMITS },
  () => {
    const lines = [`Wonderful Books is running at ${env.publicUrl}`];
    if (seedReport) lines.push(`Demo data: ${seedReport.bookCount} books, seeded in ${seedReport.durationMs} ms.`);
    // The banner goes to this machine's terminal; over HTTP the demo pre-fill is served to loopback only.
    if (seedReport && isDemoMode(env)) {
      lines.push('Demo accounts (for this machine only: the site never shows these passwords to other addresses):');
      for (const account of seedReport.demoAccounts) {
        lines.push(`  ${account.label.padEnd(22)} ${account.email.padEnd(42)} ${account.password}`);
      }
      lines.push('Demo mode is for trying the app on this computer; set NODE_ENV=production before putting it online.');
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  },
);

function shutdown() {
  stopJobs();
  stopRecommendationRefresher();
  server.close(() => {
    void deps.mailer.close?.().finally(() => {
      db.$client.close();
      process.exit(0);
    });
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
