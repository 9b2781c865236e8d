/**
 * The Devices page's calls (API map: devices): GET /api/devices under devicesKeys.all, rename and remove,
 * and which server device this browser is (read from IndexedDB, so knowing it costs no request).
 * The list is the server's; registering this browser goes through the offline engine, which proves
 * possession of the device key.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TDevice, TDeviceList } from '@shared/devices';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';
import { readBrowserDevice } from '@web/storage/device-store';

export const devicesKeys = {
  all: ['devices'] as const,
  /** Prefix of the this-browser query: the offline engine changes the registration (register, wipe). */
  thisBrowser: ['devices', 'this-browser'] as const,
  thisBrowserOf: (userId: string | null) => [...devicesKeys.thisBrowser, userId] as const,
};

export const devicesQueryOptions = queryOptions({
  queryKey: devicesKeys.all,
  queryFn: ({ signal }) => readJson<TDeviceList>(api.devices.$get(undefined, withSignal(signal))),
  staleTime: 30 * 1000,
  // With no network there is nothing to retry against; the page says so instead.
  retry: (failureCount) => failureCount < 1 && (typeof navigator === 'undefined' || navigator.onLine !== false),
});

/** The server's id of this browser's device for the user, or null when this browser never registered its key. */
export function thisBrowserDeviceQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: devicesKeys.thisBrowserOf(userId),
    queryFn: async () => (userId ? ((await readBrowserDevice(userId)) ?? null) : null),
    enabled: userId !== null,
    // IndexedDB answers with or without a network.
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export function renameDevice(deviceId: string, name: string): Promise<TDevice> {
  return readJson<TDevice>(api.devices[':id'].$patch({ param: encodeParams({ id: deviceId }), json: { name } }));
}

export function removeDevice(deviceId: string): Promise<void> {
  return readJson<void>(api.devices[':id'].$delete({ param: encodeParams({ id: deviceId }) }));
}
