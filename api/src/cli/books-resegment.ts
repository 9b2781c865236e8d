/**
 * `npm run books:resegment`: re-cuts stored books into the configured segment size as new versions
 * (features/ingest/resegment-cli.ts holds the command). This entry point opens and migrates the
 * configured database and blob store and reports the exit code.
 */
import { migrateDatabase, openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { createLogger } from '../logger';
import { createBlobStore } from '../adapters/blobs';
import { runBooksResegment } from '../features/ingest/resegment-cli';

const env = loadEnvOrExit();
// The command prints its own summary; the pipeline's info lines would only repeat it.
const logger = createLogger(process.env.LOG_LEVEL ? env.LOG_LEVEL : 'warn');
const db = openDatabase(env.databaseFile);
try {
  migrateDatabase(db);
  process.exitCode = await runBooksResegment(
    { db, env, logger, blobs: createBlobStore(env), now: () => new Date() },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  );
} finally {
  db.$client.close();
}
