/**
 * Reading `system_config` rows (seeded by db/seed/system-config.ts, changed by super admins). A value
 * that is missing or out of range gives the caller's documented default, so a mistyped row never opens
 * a limit up. Callers cache what they read on the `system_config` table generation (db/read-cache.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { perConnection } from './per-connection';
import { systemConfig } from './schema';

const statements = perConnection((db) => ({
  value: db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, sql.placeholder('key')))
    .prepare(),
}));

/** The raw text of a setting, or undefined when the row is missing. */
export function readSetting(db: Db, key: string): string | undefined {
  return statements(db).value.get({ key })?.value;
}

/** A number in min..max (a whole number when `integer`), or the fallback. */
export function readNumberSetting(
  db: Db,
  key: string,
  fallback: number,
  range: { min: number; max: number; integer?: boolean },
): number {
  const raw = readSetting(db, key);
  const value = raw === undefined ? Number.NaN : Number(raw);
  const isWhole = !range.integer || Number.isInteger(value);
  return Number.isFinite(value) && isWhole && value >= range.min && value <= range.max ? value : fallback;
}

/** 'true'/'1' or 'false'/'0' (any case), or the fallback. */
export function readBooleanSetting(db: Db, key: string, fallback: boolean): boolean {
  const raw = readSetting(db, key)?.trim().toLowerCase();
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fallback;
}
