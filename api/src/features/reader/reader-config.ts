/**
 * The reader's settings from system_config (defaults in docs/product/limits.md#system-settings: copy protection on, 40%
 * copy limit, offline licences at most 30 days). A super admin's value wins when present and sane; otherwise the
 * documented default applies, so a missing or mistyped row never opens the limits up.
 */
import type { Db } from '../../db/client';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { readBooleanSetting, readNumberSetting } from '../../db/system-settings';

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

/** Settings change rarely and are read on every copy event and licence: cached until system_config changes. */
export const READER_CONFIG_TABLES = ['system_config'] as const satisfies readonly TTrackedTable[];
const configCache = createReadCache(4, { tables: READER_CONFIG_TABLES });

export function readerConfig(db: Db): TReaderConfig {
  return configCache.read(db, 'reader-config', () => ({
    copyProtectionEnabled: readBooleanSetting(
      db,
      'copy_protection_enabled',
      READER_CONFIG_DEFAULTS.copyProtectionEnabled,
    ),
    maxCopyPercentage: readNumberSetting(db, 'max_copy_percentage', READER_CONFIG_DEFAULTS.maxCopyPercentage, {
      min: 0,
      max: 100,
    }),
    offlineMaxDays:
      Math.floor(
        readNumberSetting(db, 'offline_max_days', READER_CONFIG_DEFAULTS.offlineMaxDays, { min: 0, max: 3650 }),
      ) || READER_CONFIG_DEFAULTS.offlineMaxDays,
  }));
}
