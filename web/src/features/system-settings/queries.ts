/** The super admin's system settings calls (docs/product/operations.md#system-settings). */
import { queryOptions } from '@tanstack/react-query';
import type { TSystemSetting } from '@shared/system-settings';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const systemSettingsKeys = { all: ['admin', 'system-settings'] as const };

export const systemSettingsQueryOptions = queryOptions({
  queryKey: systemSettingsKeys.all,
  queryFn: ({ signal }) =>
    readJson<{ items: TSystemSetting[] }>(api.admin['system-settings'].$get(undefined, withSignal(signal))),
});

export function saveSystemSetting(key: string, value: string): Promise<TSystemSetting> {
  return readJson(api.admin['system-settings'][':key'].$patch({ param: encodeParams({ key }), json: { value } }));
}
