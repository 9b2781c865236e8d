/**
 * Offline-device settings from system_config (seeded by db/seed/system-config.ts): how long a device
 * may stay unused before it is deactivated, and how many times one offline licence may be renewed.
 * A super admin's value wins when present and sane; otherwise the documented default applies.
 */
import type { Db } from '../../db/client';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { readNumberSetting } from '../../db/system-settings';

export interface TOfflineSettings {
  /** system_config device_inactive_expiry_days: offline devices unused this long are deactivated. */
  deviceInactiveDays: number;
  /** system_config offline_max_renewals: renewals of one offline licence (loan × device). */
  maxRenewals: number;
}

export const OFFLINE_SETTINGS_DEFAULTS: TOfflineSettings = { deviceInactiveDays: 90, maxRenewals: 100 };

export const OFFLINE_SETTINGS_TABLES = ['system_config'] as const satisfies readonly TTrackedTable[];
const settingsCache = createReadCache(2, { tables: OFFLINE_SETTINGS_TABLES });

/** Whole numbers of at least 1: 0 would expire every device or forbid every renewal. */
export function offlineSettings(db: Db): TOfflineSettings {
  return settingsCache.read(db, 'offline-settings', () => ({
    deviceInactiveDays: readNumberSetting(
      db,
      'device_inactive_expiry_days',
      OFFLINE_SETTINGS_DEFAULTS.deviceInactiveDays,
      {
        min: 1,
        max: 3650,
        integer: true,
      },
    ),
    maxRenewals: readNumberSetting(db, 'offline_max_renewals', OFFLINE_SETTINGS_DEFAULTS.maxRenewals, {
      min: 1,
      max: 1_000_000,
      integer: true,
    }),
  }));
}
