/**
 * Offline-device settings from system_config (seeded by db/seed/system-config.ts): how long a device
 * may stay unused before it is deactivated, and how many times one offline licence may be renewed.
 * A super admin's value wins when present and sane; otherwise the documented default applies.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { systemConfig } from '../../db/schema';

export interface TOfflineSettings {
  /** system_config device_inactive_expiry_days: offline devices unused this long are deactivated. */
  deviceInactiveDays: number;
  /** system_config offline_max_renewals: renewals of one offline licence (loan × device). */
  maxRenewals: number;
}

export const OFFLINE_SETTINGS_DEFAULTS: TOfflineSettings = { deviceInactiveDays: 90, maxRenewals: 100 };

const statements = perConnection((db) => ({
  value: db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, sql.placeholder('key')))
    .prepare(),
}));

export const OFFLINE_SETTINGS_TABLES = ['system_config'] as const satisfies readonly TTrackedTable[];
const settingsCache = createReadCache(2, { tables: OFFLINE_SETTINGS_TABLES });

/** A whole number in 1..max, or the default (0 would expire every device or forbid every renewal). */
function readPositiveInteger(db: Db, key: string, fallback: number, max: number): number {
  const raw = statements(db).value.get({ key })?.value;
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

export function offlineSettings(db: Db): TOfflineSettings {
  return settingsCache.read(db, 'offline-settings', () => ({
    deviceInactiveDays: readPositiveInteger(
      db,
      'device_inactive_expiry_days',
      OFFLINE_SETTINGS_DEFAULTS.deviceInactiveDays,
      3650,
    ),
    maxRenewals: readPositiveInteger(db, 'offline_max_renewals', OFFLINE_SETTINGS_DEFAULTS.maxRenewals, 1_000_000),
  }));
}
