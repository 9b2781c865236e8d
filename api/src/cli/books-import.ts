/**
 * `npm run books:import -- <pdf file or folder> [--meta file.json]`: adds or updates books from PDF
 * files through the ingest pipeline (features/ingest/import-cli.ts holds the command). This entry
 * point opens and migrates the configured database and blob store and reports the exit code.
 */
import { migrateDatabase, openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { createLogger } from '../logger';
import { createBlobStore } from '../adapters/blobs';
import { runBooksImport } from '../features/ingest/import-cli';

const env = loadEnvOrExit();
// The command prints its own summary; the pipeline's info lines would only repeat it.
const logger = createLogger(process.env.LOG_LEVEL ? env.LOG_LEVEL : 'warn');
const db = openDatabase(env.databaseFile);
try {
  migrateDatabase(db);
  process.exitCode = await runBooksImport(
    process.argv.slice(2),
    { db, env, logger, blobs: createBlobStore(env), now: () => new Date() },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  );
} finally {
  db.$client.close();
}
