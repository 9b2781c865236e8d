/**
 * `npm run admin -- <command>`: create accounts, set roles and reset passwords from the server's
 * shell (docs/product/decisions.md#3). The commands live in features/auth/admin-cli.ts; this entry point only
 * opens (and migrates) the configured database and reports the exit code.
 */
import { migrateDatabase, openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { runAdminCli } from '../features/auth/admin-cli';

const env = loadEnvOrExit();
const db = openDatabase(env.databaseFile);
try {
  migrateDatabase(db);
  process.exitCode = await runAdminCli(
    process.argv.slice(2),
    { db, now: () => new Date() },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  );
} finally {
  db.$client.close();
}
