/**
 * A small per-connection cache of read results (book pages, suggestions, sessions, entitlement inputs),
 * valid only while the rows behind it are unchanged. Reads repeat the same few queries far more often
 * than the data behind them changes.
 *
 * Validity is checked on every read, so nothing can be served stale and no process has to tell another
 * to invalidate (several workers share the file: docs/ARCHITECTURE.md#data). Two ways to check:
 * - A cache that names the `tables` its values are read from is keyed on those tables' generations
 *   (api/src/db/schema/cache.ts): triggers give a table a new random generation on every write to it,
 *   from any connection. Writes to other tables (reading events, progress, sync) leave it valid, and
 *   it works inside transactions too: a transaction sees its own writes' generations, and a rolled-back
 *   generation never comes back, so an entry stored under it is simply never found again. Outside
 *   transactions the generations are read again only after a write (see generationsStamp).
 * - A cache without `tables` is cleared by any write to any table: `PRAGMA data_version` changes when
 *   any *other* connection commits, `total_changes()` grows with every row this connection writes.
 *   Coarse but always correct; reads inside an open transaction bypass it (their view may roll back).
 */
import type Database from 'better-sqlite3';
import type { Db } from './client';

/** The tables with generation triggers (migrations 0007 and 0008; a test keeps the two in step). */
export const TRACKED_TABLES = [
  'book_categories',
  'books',
  'categories',
  'loans',
  'sessions',
  'subscription_plans',
  'system_config',
  'user_selected_books',
  'user_subscription_cycles',
  'users',
] as const;
export type TTrackedTable = (typeof TRACKED_TABLES)[number];

interface ConnectionState {
  stamp: string;
  entries: Map<string, unknown>;
  /** The validity stamp now: the tables' generations, or data_version and total_changes. */
  readStamp: () => string;
}

export interface ReadCache {
  /**
   * The cached value for `key`, or the result of `compute` (then cached). `compute` only reads, and
   * for a cache that names its tables, only from those tables (api/src/read-cache-tables.test.ts).
   */
  read<T>(db: Db, key: string, compute: () => T): T;
}

function anyWriteStamp(client: Database.Database): () => string {
  // Two plain statements measured cheaper (~1.0 µs) than one combining them through pragma_data_version().
  const dataVersion = client.prepare<[], number>('pragma data_version').pluck();
  const totalChanges = client.prepare<[], number>('select total_changes()').pluck();
  return () => `${dataVersion.get()}:${totalChanges.get()}`;
}

function generationsStamp(client: Database.Database, tables: readonly TTrackedTable[]): () => string {
  // The names are this module's constants, never input; group_concat keeps the 64-bit values exact.
  const names = [...new Set(tables)]
    .sort()
    .map((table) => `'${table}'`)
    .join(', ');
  const generations = client
    .prepare<[], string>(
      `select group_concat(generation, ':') from (select generation from cache_generations where table_name in (${names}) order by table_name)`,
    )
    .pluck();
  // No generation can change unless something was written: this connection's writes move
  // total_changes(), another connection's commits move data_version. Outside transactions those two
  // are checked on every read (about 3 µs under load) and the generations query (about 10 µs under
  // load) only runs after a write. Inside a transaction it always runs, and the memo is dropped: a
  // rollback undoes generations without moving either counter back.
  const anyWrite = anyWriteStamp(client);
  let checkedAt = '';
  let stamp = '';
  return () => {
    if (client.inTransaction) {
      checkedAt = '';
      return generations.get() ?? '';
    }
    const now = anyWrite();
    if (now !== checkedAt) {
      stamp = generations.get() ?? '';
      checkedAt = now;
    }
    return stamp;
  };
}

export function createReadCache(maxEntries: number, options: { tables?: readonly TTrackedTable[] } = {}): ReadCache {
  const states = new WeakMap<Database.Database, ConnectionState>();
  const { tables } = options;

  const stateFor = (client: Database.Database) => {
    let state = states.get(client);
    if (!state) {
      state = {
        stamp: '',
        entries: new Map(),
        readStamp: tables ? generationsStamp(client, tables) : anyWriteStamp(client),
      };
      states.set(client, state);
    }
    return state;
  };

  return {
    read<T>(db: Db, key: string, compute: () => T): T {
      const client = db.$client;
      if (!tables && client.inTransaction) return compute();
      const state = stateFor(client);
      const stamp = state.readStamp();
      if (stamp !== state.stamp) {
        state.entries.clear();
        state.stamp = stamp;
      }
      if (state.entries.has(key)) {
        const value = state.entries.get(key) as T;
        // Re-insert so the Map's order is least-recently-used first.
        state.entries.delete(key);
        state.entries.set(key, value);
        return value;
      }
      const value = compute();
      if (state.entries.size >= maxEntries) state.entries.delete(state.entries.keys().next().value as string);
      state.entries.set(key, value);
      return value;
    },
  };
}
