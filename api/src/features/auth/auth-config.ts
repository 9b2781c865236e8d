/**
 * The runtime settings the accounts feature reads from `system_config` (editable by super admins).
 * A missing row means the documented default: verification on (docs/product/decisions.md#10), a 7-day trial.
 */
import { eq } from 'drizzle-orm';
import { FREE_TRIAL_DAYS } from '@shared/limits';
import type { Db } from '../../db/client';
import { systemConfig } from '../../db/schema';

function readConfigValue(db: Db, key: string): string | undefined {
  return db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, key)).get()?.value;
}

export function isEmailVerificationRequired(db: Db): boolean {
  const value = readConfigValue(db, 'email_verification_required')?.trim().toLowerCase();
  // Anything but an explicit "off" keeps verification on: failing closed is the safe reading.
  return !(value === 'false' || value === '0' || value === 'no');
}

export function trialDays(db: Db): number {
  const value = Number(readConfigValue(db, 'trial_days'));
  return Number.isInteger(value) && value > 0 && value <= 365 ? value : FREE_TRIAL_DAYS;
}
