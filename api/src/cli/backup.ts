/**
 * `npm run db:backup [target]`: an online backup of the live database (db/backups.ts). Writes to `target` when given,
 * else to <DATA_DIR>/backups/<UTC timestamp>.sqlite, and prints the path. Readers and writers keep working while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backupDatabase, defaultBackupPath } from '../db/backups';
import { openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';

const env = loadEnvOrExit();
if (!fs.existsSync(env.databaseFile)) {
  process.stderr.write(`No database at ${env.databaseFile}: nothing to back up.\n`);
  process.exit(1);
}
const target = path.resolve(process.argv[2] ?? defaultBackupPath(env.DATA_DIR, new Date()));
if (fs.existsSync(target)) {
  process.stderr.write(`Refusing to overwrite ${target}.\n`);
  process.exit(1);
}

const db = openDatabase(env.databaseFile);
try {
  await backupDatabase(db, target);
  process.stdout.write(`${target}\n`);
} finally {
  db.$client.close();
}
