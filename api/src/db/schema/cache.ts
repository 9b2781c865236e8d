/**
 * Change stamps for the per-connection read caches (api/src/db/read-cache.ts). One row per table a
 * cache reads from; triggers of the `cache_generations` migration set the row's `generation` to a new
 * random value whenever a row of that table is inserted, updated or deleted, by any connection. A cache
 * keyed on the generations of the tables it reads is valid exactly while those tables are unchanged,
 * whatever else is written. Random rather than counted: a rolled-back change never brings back a
 * generation a cache may have stored an entry under.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const cacheGenerations = sqliteTable('cache_generations', {
  tableName: text('table_name').primaryKey(),
  generation: integer('generation').notNull().default(0),
});
