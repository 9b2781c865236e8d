/**
 * The super admin's system settings (docs/product/operations.md#system-settings): the rows of `system_config` with their
 * type, and how a new value is checked before it is saved. Every type is checked; the known numeric keys also have the
 * range their readers accept (docs/product/limits.md#system-settings), so a value the server would ignore is refused
 * instead. Pure: no I/O.
 */
import { z } from 'zod';

export const SETTING_DATA_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type TSettingDataType = (typeof SETTING_DATA_TYPES)[number];

export interface TSystemSetting {
  key: string;
  value: string;
  description: string | null;
  dataType: TSettingDataType;
  category: string;
  isEditable: boolean;
  updatedAt: string;
  /** Name or e-mail of the super admin who changed it last; null for the seeded default. */
  updatedBy: string | null;
}

export const SYSTEM_SETTING_MESSAGES = {
  notFound: 'Setting not found',
  readOnly: 'This setting is read-only',
  valueRequired: 'Enter a value',
  number: 'Enter a number',
  integer: 'Enter a whole number',
  boolean: 'Choose true or false',
  json: 'Enter valid JSON',
  tooLong: 'Must be at most 2000 characters',
  range: (min: number, max: number) => `Enter a number from ${min} to ${max}`,
  saved: 'Setting saved',
} as const;

/** Ranges of the numeric settings the server reads (outside them it falls back to the default). */
export const SETTING_NUMBER_RANGES: Record<string, { min: number; max: number; integer: boolean }> = {
  trial_days: { min: 1, max: 365, integer: true },
  basic_lock_days: { min: 0, max: 365, integer: true },
  offline_device_cap_trial: { min: 0, max: 100, integer: true },
  offline_device_cap_basic: { min: 0, max: 100, integer: true },
  offline_device_cap_premium: { min: 0, max: 100, integer: true },
  offline_max_days: { min: 1, max: 3650, integer: true },
  offline_max_renewals: { min: 1, max: 1_000_000, integer: true },
  device_inactive_expiry_days: { min: 1, max: 3650, integer: true },
  preview_page_count: { min: 0, max: 100, integer: true },
  max_copy_percentage: { min: 0, max: 100, integer: false },
  health_alert_cooldown_minutes: { min: 0, max: 10_080, integer: true },
};

export const SETTING_MAX_LENGTH = 2000;

/** The value as it is sent: text for every type (the form's field), trimmed. */
export const ZSystemSettingUpdate = z.object({
  value: z
    .string({ message: SYSTEM_SETTING_MESSAGES.valueRequired })
    .max(SETTING_MAX_LENGTH, SYSTEM_SETTING_MESSAGES.tooLong),
});
export type TSystemSettingUpdate = z.infer<typeof ZSystemSettingUpdate>;

export const ZSystemSettingKeyParam = z.object({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9_]+$/, SYSTEM_SETTING_MESSAGES.notFound),
});

/**
 * The value checked against the setting's type (and range): the text to store, or the message naming what is wrong.
 * Booleans are stored as 'true'/'false', numbers in their plain form, JSON re-serialised compactly.
 */
export function normaliseSettingValue(
  key: string,
  dataType: TSettingDataType,
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const text = raw.trim();
  switch (dataType) {
    case 'string':
      return { ok: true, value: raw };
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === 'false') return { ok: true, value: lower };
      return { ok: false, message: SYSTEM_SETTING_MESSAGES.boolean };
    }
    case 'number': {
      if (text === '') return { ok: false, message: SYSTEM_SETTING_MESSAGES.number };
      const value = Number(text);
      if (!Number.isFinite(value)) return { ok: false, message: SYSTEM_SETTING_MESSAGES.number };
      const range = SETTING_NUMBER_RANGES[key];
      if (range?.integer && !Number.isInteger(value)) return { ok: false, message: SYSTEM_SETTING_MESSAGES.integer };
      if (range && (value < range.min || value > range.max))
        return { ok: false, message: SYSTEM_SETTING_MESSAGES.range(range.min, range.max) };
      return { ok: true, value: String(value) };
    }
    case 'json': {
      try {
        return { ok: true, value: JSON.stringify(JSON.parse(text)) };
      } catch {
        return { ok: false, message: SYSTEM_SETTING_MESSAGES.json };
      }
    }
  }
}
