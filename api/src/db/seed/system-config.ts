/**
 * Default system configuration (docs/product/limits.md#system-settings; docs/product/decisions.md#7, #8 and #10).
 * Inserted only when a key is missing, so values a super admin changed are never reset by a restart.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_CHUNK_SIZE, FORMER_DEFAULT_CHUNK_SIZES } from '@shared/reader';
import type { Db } from '../client';
import { systemConfig, type TConfigDataType } from '../schema';

export interface TSystemConfigSeed {
  key: string;
  value: string;
  dataType: TConfigDataType;
  category: string;
  description: string;
  isEditable?: boolean;
}

export const SYSTEM_CONFIG_SEEDS: TSystemConfigSeed[] = [
  {
    key: 'email_verification_required',
    value: 'true',
    dataType: 'boolean',
    category: 'auth',
    description:
      'New accounts confirm their e-mail with a 6-digit code before they can sign in. When off, registration answers requiresVerification: false and the account is ready at once.',
  },
  {
    key: 'trial_days',
    value: '7',
    dataType: 'number',
    category: 'subscriptions',
    description: 'Length of the free trial in days.',
  },
  {
    key: 'basic_lock_days',
    value: '30',
    dataType: 'number',
    category: 'subscriptions',
    description: 'Days a Basic plan book selection stays locked before it can be swapped for another.',
  },
  {
    key: 'offline_device_cap_trial',
    value: '0',
    dataType: 'number',
    category: 'offline',
    description: 'Devices a trial reader may register for offline reading (trials read online only).',
  },
  {
    key: 'offline_device_cap_basic',
    value: '2',
    dataType: 'number',
    category: 'offline',
    description: 'Devices a Basic plan reader may register for offline reading.',
  },
  {
    key: 'offline_device_cap_premium',
    value: '5',
    dataType: 'number',
    category: 'offline',
    description: 'Devices a Premium plan reader may register for offline reading.',
  },
  {
    key: 'offline_max_days',
    value: '30',
    dataType: 'number',
    category: 'offline',
    description: 'Longest time an offline licence stays valid before the device must reconnect to renew it.',
  },
  {
    key: 'offline_max_renewals',
    value: '100',
    dataType: 'number',
    category: 'offline',
    description:
      'Times one offline licence (one borrowed book on one device) may be renewed; after that the reader returns the book and borrows it again.',
  },
  {
    key: 'device_inactive_expiry_days',
    value: '90',
    dataType: 'number',
    category: 'offline',
    description:
      'Registered devices unused for this many days are deactivated and stop counting against the device cap.',
  },
  {
    key: 'preview_page_count',
    value: '5',
    dataType: 'number',
    category: 'reader',
    description: 'Pages of a book anyone may preview without a subscription.',
  },
  {
    key: 'chunk_size',
    value: String(DEFAULT_CHUNK_SIZE),
    dataType: 'number',
    category: 'reader',
    description: 'Size in bytes of the encrypted chunks books are split into. Applies to newly ingested books only.',
    // Changing it does not re-encrypt existing books; it is shown for reference only.
    isEditable: false,
  },
  {
    key: 'copy_protection_enabled',
    value: 'true',
    dataType: 'boolean',
    category: 'security',
    description: 'Limit how much of a book a reader can copy to the clipboard.',
  },
  {
    key: 'max_copy_percentage',
    value: '40',
    dataType: 'number',
    category: 'security',
    description: 'Largest share of a book (percent of its characters) a reader may copy in total.',
  },
  {
    key: 'health_alert_cooldown_minutes',
    value: '30',
    dataType: 'number',
    category: 'health',
    description: 'Minimum minutes between two alert e-mails for the same failing health check.',
  },
];

/**
 * Inserts the missing keys; returns how many were added. The read-only chunk_size still at a former default
 * (1 MiB, then 64 KiB) moves to the current one (nobody can have chosen it), so books are re-cut into 16 KiB
 * segments (docs/decisions/028-16-kib-segments.md).
 */
export function seedSystemConfig(db: Db): number {
  const rows = SYSTEM_CONFIG_SEEDS.map((seed) => ({ ...seed, isEditable: seed.isEditable ?? true }));
  const added = db.insert(systemConfig).values(rows).onConflictDoNothing({ target: systemConfig.key }).run().changes;
  db.update(systemConfig)
    .set({ value: String(DEFAULT_CHUNK_SIZE) })
    .where(
      and(
        eq(systemConfig.key, 'chunk_size'),
        inArray(systemConfig.value, FORMER_DEFAULT_CHUNK_SIZES.map(String)),
        eq(systemConfig.isEditable, false),
      ),
    )
    .run();
  return added;
}
