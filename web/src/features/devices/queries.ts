/**
 * The Devices page's calls (docs/API.md: devices): GET /api/devices under devicesKeys.all, rename and remove.
 * The list is the server's; registering this browser goes through the offline engine, which proves
 * possession of the device key (which server device this browser is: thisBrowserDeviceQueryOptions in ../offline/queries).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TDevice, TDeviceList } from '@shared/devices';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const devicesKeys = {
  all: ['devices'] as const,
};

export const devicesQueryOptions = queryOptions({
  queryKey: devicesKeys.all,
  queryFn: ({ signal }) => readJson<TDeviceList>(api.devices.$get(undefined, withSignal(signal))),
  staleTime: 30 * 1000,
  // With no network there is nothing to retry against; the page says so instead.
  retry: (failureCount) => failureCount < 1 && (typeof navigator === 'undefined' || navigator.onLine !== false),
});

export function renameDevice(deviceId: string, name: string): Promise<TDevice> {
  return readJson<TDevice>(api.devices[':id'].$patch({ param: encodeParams({ id: deviceId }), json: { name } }));
}

export function removeDevice(deviceId: string): Promise<void> {
  return readJson<void>(api.devices[':id'].$delete({ param: encodeParams({ id: deviceId }) }));
}
