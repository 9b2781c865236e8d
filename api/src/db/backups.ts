/**
 * Database backups in DATA_DIR/backups (docs/product/operations.md#backups): SQLite's online backup API, never a file
 * copy (docs/ARCHITECTURE.md#data: a copy of a database in WAL mode can miss committed pages still in the -wal file).
 * Written by `npm run db:backup` and the super admin's "Back up now"; read by the backups list and the last_backup
 * health check. Files are named by their UTC time, so the names sort oldest first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './client';

export interface TBackupFile {
  name: string;
  bytes: number;
  /** ISO time the backup finished (the file's modification time). */
  createdAt: string;
}

const BACKUP_NAME = /^[0-9TZ-]+\.sqlite$/;

export function backupFolder(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(backupFolder(dataDir), `${stamp}.sqlite`);
}

/** Every backup in the data folder, newest first. */
export function listBackups(dataDir: string): TBackupFile[] {
  const folder = backupFolder(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .flatMap((name) => {
      try {
        const stats = fs.statSync(path.join(folder, name));
        return stats.isFile() ? [{ name, bytes: stats.size, createdAt: stats.mtime.toISOString() }] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/**
 * An online backup of `db` into `target` (refuses to overwrite). Readers and writers keep working while it runs. The
 * file holds password hashes and personal data: readable by the owner only.
 */
export async function backupDatabase(db: Db, target: string): Promise<TBackupFile> {
  if (fs.existsSync(target)) throw new Error(`Refusing to overwrite ${target}`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  await db.$client.backup(target);
  fs.chmodSync(target, 0o600);
  const stats = fs.statSync(target);
  return { name: path.basename(target), bytes: stats.size, createdAt: stats.mtime.toISOString() };
}
