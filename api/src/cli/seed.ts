/**
 * `npm run db:seed`: applies migrations and the idempotent demo seed to the configured database,
 * then prints the demo accounts. Safe to run against a live database (one BEGIN IMMEDIATE transaction).
 */
import { migrateDatabase, openDatabase } from '../db/client';
import { seedDemoData } from '../db/seed';
import { loadEnvOrExit } from '../env';
import { createLogger } from '../logger';

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
const db = openDatabase(env.databaseFile);
try {
  migrateDatabase(db);
  const report = await seedDemoData({ db, env, logger, now: () => new Date() });
  const lines = [
    `Seeded ${env.databaseFile}: ${report.bookCount} books in ${report.durationMs} ms.`,
    `Demo accounts (passwords kept in ${env.DATA_DIR}/demo-accounts.json):`,
    ...report.demoAccounts.map(
      (account) => `  ${account.label.padEnd(22)} ${account.email.padEnd(40)} ${account.password}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  db.$client.close();
}
