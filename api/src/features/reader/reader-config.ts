/**
 * The reader's settings from system_config (SPEC §9 defaults: copy protection on, 40% copy limit,
 * offline licences at most 30 days). A super admin's value wins when present and sane; otherwise the
 * documented default applies, so a missing or mistyped row never opens the limits up.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { systemConfig } from '../../db/schema';

export interface TReaderConfig {
  copyProtectionEnabled: boolean;
  /** Percent of a book's characters a reader may copy in total (0-100). */
  maxCopyPercentage: number;
  /** Longest life of an offline licence, in days. */
  offlineMaxDays: number;
}

export const READER_CONFIG_DEFAULTS: TReaderConfig = {
  copyProtectionEnabled: true,
  maxCopyPercentage: 40,
  offlineMaxDays: 30,
};

const statements = perConnection((db) => ({
  value: db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, sql.placeholder('key')))
    .prepare(),
}));

/** Settings change rarely and are read on every copy event and licence: cached until system_config changes. */
export const READER_CONFIG_TABLES = ['system_config'] as const satisfies readonly TTrackedTable[];
const configCache = createReadCache(4, { tables: READER_CONFIG_TABLES });

function readNumber(db: Db, key: string, fallback: number, max: number): number {
  const raw = statements(db).value.get({ key })?.value;
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : fallback;
}

function readBoolean(db: Db, key: string, fallback: boolean): boolean {
  const raw = statements(db).value.get({ key })?.value?.trim().toLowerCase();
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fallback;
}

export function readerConfig(db: Db): TReaderConfig {
  return configCache.read(db, 'reader-config', () => ({
    copyProtectionEnabled: readBoolean(db, 'copy_protection_enabled', READER_CONFIG_DEFAULTS.copyProtectionEnabled),
    maxCopyPercentage: readNumber(db, 'max_copy_percentage', READER_CONFIG_DEFAULTS.maxCopyPercentage, 100),
    offlineMaxDays:
      Math.floor(readNumber(db, 'offline_max_days', READER_CONFIG_DEFAULTS.offlineMaxDays, 3650)) ||
      READER_CONFIG_DEFAULTS.offlineMaxDays,
  }));
}
