/**
 * Opens the embedded SQLite database with the pragmas of docs/ARCHITECTURE.md#data and wraps it in drizzle.
 * One connection per process: better-sqlite3 is synchronous, and WAL lets several worker
 * processes share the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // A 2xx means the write is on disk (docs/ARCHITECTURE.md#data).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle(sqlite, { schema }) as Db;
}

export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Runs `work` inside BEGIN IMMEDIATE so read-then-write sequences cannot interleave (docs/ARCHITECTURE.md#data). */
export function immediateTransaction<T>(db: Db, work: () => T): T {
  return db.$client.transaction(work).immediate();
}
