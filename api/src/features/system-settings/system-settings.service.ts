/**
 * The super admin's system settings (docs/product/operations.md#system-settings). Every `system_config` row is listed;
 * a change is checked against the row's type (and the known ranges), refused for read-only rows, stored and audited
 * with its old and new value. Readers of settings read the table at each use or through read caches keyed on the
 * `system_config` generation (db/read-cache.ts), so a saved value applies to the next request without a restart.
 */
import { asc, eq } from 'drizzle-orm';
import {
  normaliseSettingValue,
  SYSTEM_SETTING_MESSAGES,
  type TSystemSetting,
  type TSystemSettingUpdate,
} from '@shared/system-settings';
import { immediateTransaction, type Db } from '../../db/client';
import { systemConfig, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';

type TSettingRow = typeof systemConfig.$inferSelect;

function toSetting(row: TSettingRow, updatedBy: string | null): TSystemSetting {
  return {
    key: row.key,
    value: row.value,
    description: row.description,
    dataType: row.dataType,
    category: row.category,
    isEditable: row.isEditable,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  };
}

function selectSettings(db: Db) {
  return db
    .select({ row: systemConfig, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(systemConfig)
    .leftJoin(users, eq(users.id, systemConfig.updatedBy));
}

const editorName = (editor: { email: string | null; firstName: string | null; lastName: string | null }) =>
  editor.email ? [editor.firstName, editor.lastName].filter(Boolean).join(' ') || editor.email : null;

export function listSystemSettings({ db }: { db: Db }): TSystemSetting[] {
  return selectSettings(db)
    .orderBy(asc(systemConfig.category), asc(systemConfig.key))
    .all()
    .map((entry) => toSetting(entry.row, editorName(entry)));
}

export function updateSystemSetting(
  options: { db: Db; now: Date; adminId: string; key: string; change: TSystemSettingUpdate } & TRequestMeta,
): TSystemSetting {
  const { db, now, key } = options;
  return immediateTransaction(db, () => {
    const row = db.select().from(systemConfig).where(eq(systemConfig.key, key)).get();
    if (!row) throw new AppError('not_found', 404, SYSTEM_SETTING_MESSAGES.notFound);
    if (!row.isEditable)
      throw new AppError('read_only', 409, SYSTEM_SETTING_MESSAGES.readOnly, [
        { field: 'value', message: SYSTEM_SETTING_MESSAGES.readOnly },
      ]);
    const checked = normaliseSettingValue(row.key, row.dataType, options.change.value);
    if (!checked.ok)
      throw new AppError('validation_failed', 422, checked.message, [{ field: 'value', message: checked.message }]);
    if (checked.value !== row.value) {
      db.update(systemConfig)
        .set({ value: checked.value, updatedBy: options.adminId, updatedAt: now })
        .where(eq(systemConfig.id, row.id))
        .run();
      recordAudit(
        { db, now: () => now },
        {
          action: 'system_config.update',
          resource: 'system_config',
          resourceId: row.key,
          userId: options.adminId,
          details: { key: row.key, oldValue: row.value, newValue: checked.value },
          severity: 'warning',
          ipAddress: options.ipAddress,
          userAgent: options.userAgent,
        },
      );
    }
    const saved = selectSettings(db).where(eq(systemConfig.id, row.id)).get()!;
    return toSetting(saved.row, editorName(saved));
  });
}
