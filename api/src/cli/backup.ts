/**
 * `npm run db:backup [target]`: an online backup of the live database with SQLite's backup API
 * (docs/ARCHITECTURE.md#data: never a file copy of a database in WAL mode, which can miss committed pages still in the
 * -wal file). Writes to `target` when given, else to <DATA_DIR>/backups/<UTC timestamp>.sqlite, and
 * prints the path. Readers and writers keep working while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';

export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `${stamp}.sqlite`);
}

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
fs.mkdirSync(path.dirname(target), { recursive: true });

const db = openDatabase(env.databaseFile);
try {
  await db.$client.backup(target);
  // Backups hold password hashes and personal data: readable by the owner only.
  fs.chmodSync(target, 0o600);
  process.stdout.write(`${target}\n`);
} finally {
  db.$client.close();
}
