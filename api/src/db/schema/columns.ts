/**
 * Column helpers shared by every table: text UUID ids and UTC timestamps stored as integer epoch
 * milliseconds (docs/ARCHITECTURE.md#conventions: one time representation everywhere).
 */
import { sql } from 'drizzle-orm';
import { check, integer, text, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const timestampMs = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const createdAt = () =>
  timestampMs('created_at')
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  timestampMs('updated_at')
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** JSON arrays of strings (the text[] columns of the data model), stored as JSON text. */
export const stringList = (name: string) => text(name, { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`);

export const bool = (name: string) => integer(name, { mode: 'boolean' });

/**
 * A CHECK constraint that keeps a text column inside its enum (docs/product/data-model.md#states). drizzle's `enum`
 * option only narrows the TypeScript type; this makes the database refuse other values too.
 * `values` are compile-time constants, never user input, so inlining them as literals is safe.
 */
export const enumCheck = (name: string, column: SQLiteColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`);
