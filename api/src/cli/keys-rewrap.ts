/**
 * `npm run keys:rewrap`: moves every book content key onto the current KEK (features/ingest/rewrap-cli.ts
 * holds the command). This entry point opens and migrates the configured database.
 */
import { migrateDatabase, openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { runKeysRewrap } from '../features/ingest/rewrap-cli';

const env = loadEnvOrExit();
const db = openDatabase(env.databaseFile);
try {
  migrateDatabase(db);
  process.exitCode = runKeysRewrap(
    { db, env, now: () => new Date() },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  );
} finally {
  db.$client.close();
}
