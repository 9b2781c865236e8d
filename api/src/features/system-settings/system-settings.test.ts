import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYSTEM_SETTING_MESSAGES } from '@shared/system-settings';
import { auditLogs } from '../../db/schema';
import { seedSystemConfig } from '../../db/seed/system-config';
import { createTestContext, problemBody, successBody } from '../../test-utils';
import { insertUser, signIn } from '../profile/profile-test-support';
import { readerConfig } from '../reader/reader-config';

async function superAdminContext() {
  const context = createTestContext();
  seedSystemConfig(context.db);
  const superAdmin = await insertUser(context.db, { role: 'super_admin', firstName: 'Sue', lastName: 'Root' });
  const client = context.clientFor(signIn(context.db, superAdmin.id).cookie);
  const save = (key: string, value: string) =>
    client.admin['system-settings'][':key'].$patch({ param: { key }, json: { value } });
  return { ...context, superAdmin, client, save };
}

describe('system settings', () => {
  it('lists every key with description, category, type and whether it is editable', async () => {
    const { client } = await superAdminContext();
    const { items } = await successBody(client.admin['system-settings'].$get());
    const chunk = items.find((item) => item.key === 'chunk_size');
    expect(chunk).toMatchObject({ dataType: 'number', category: 'reader', isEditable: false });
    expect(items.find((item) => item.key === 'copy_protection_enabled')).toMatchObject({ dataType: 'boolean' });
    expect(items.every((item) => typeof item.description === 'string')).toBe(true);
  });

  it('saves a valid value, audits old and new, and the reader sees it at once (no restart)', async () => {
    const { db, save, superAdmin } = await superAdminContext();
    expect(readerConfig(db).maxCopyPercentage).toBe(40);
    const saved = await successBody(save('max_copy_percentage', ' 25 '));
    expect(saved).toMatchObject({ key: 'max_copy_percentage', value: '25', updatedBy: 'Sue Root' });
    expect(readerConfig(db).maxCopyPercentage).toBe(25);
    const audit = db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'system_config.update'), eq(auditLogs.userId, superAdmin.id)))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ key: 'max_copy_percentage', oldValue: '40', newValue: '25' });

    expect((await successBody(save('copy_protection_enabled', 'FALSE'))).value).toBe('false');
    expect(readerConfig(db).copyProtectionEnabled).toBe(false);
  });

  it('refuses a value of the wrong type or out of range with the message on the field', async () => {
    const { save } = await superAdminContext();
    const cases: [string, string, string][] = [
      ['max_copy_percentage', 'forty', SYSTEM_SETTING_MESSAGES.number],
      ['max_copy_percentage', '', SYSTEM_SETTING_MESSAGES.number],
      ['max_copy_percentage', '140', SYSTEM_SETTING_MESSAGES.range(0, 100)],
      ['trial_days', '2.5', SYSTEM_SETTING_MESSAGES.integer],
      ['copy_protection_enabled', 'yes', SYSTEM_SETTING_MESSAGES.boolean],
    ];
    for (const [key, value, message] of cases) {
      const response = await save(key, value);
      expect(response.status, `${key}=${value}`).toBe(422);
      expect((await problemBody(response)).errors).toEqual([{ field: 'value', message }]);
    }
  });

  it('keeps read-only keys read-only, answers 404 for unknown keys and 400 for a body without a value', async () => {
    const { save, client } = await superAdminContext();
    const readOnly = await save('chunk_size', '1024');
    expect(readOnly.status).toBe(409);
    expect((await problemBody(readOnly)).detail).toBe(SYSTEM_SETTING_MESSAGES.readOnly);
    expect((await save('no_such_key', '1')).status).toBe(404);
    expect((await save('Bad Key!', '1')).status).toBe(400);
    const noValue = await client.admin['system-settings'][':key'].$patch({
      param: { key: 'trial_days' },
      // @ts-expect-error: the value is missing on purpose
      json: {},
    });
    expect(noValue.status).toBe(400);
    expect((await problemBody(noValue)).errors?.[0]).toMatchObject({ field: 'value' });
  });

  it('is for super admins only', async () => {
    const { db, clientFor } = await superAdminContext();
    const admin = await insertUser(db, { role: 'admin' });
    const response = await clientFor(signIn(db, admin.id).cookie).admin['system-settings'].$get();
    expect(response.status).toBe(403);
  });
});
