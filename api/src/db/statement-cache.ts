/**
 * A per-connection cache of prepared better-sqlite3 statements for queries whose SQL is assembled
 * from a small, fixed set of shapes (which filters are present, which sort). Preparing is the costly
 * part of a cheap query, so each shape is compiled once per connection and reused.
 * The cache key is the SQL text itself; user input only ever reaches the statement as bound values.
 */
import type Database from 'better-sqlite3';
import type { Db } from './client';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** Shapes are enumerable, but a bound keeps a future bug from growing the cache without limit. */
const MAX_STATEMENTS_PER_CONNECTION = 500;

export function cachedStatement(db: Db, sqlText: string): Database.Statement {
  const client = db.$client;
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  let statement = cache.get(sqlText);
  if (!statement) {
    if (cache.size >= MAX_STATEMENTS_PER_CONNECTION) cache.clear();
    statement = client.prepare(sqlText);
    cache.set(sqlText, statement);
  }
  return statement;
}
