/**
 * The Devices page's calls (API map: devices): GET /api/devices under ['devices'], rename and remove,
 * and which server device this browser is (read from IndexedDB, so knowing it costs no request).
 * The list is the server's; registering this browser goes through the offline engine, which proves
 * possession of the device key.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TDevice, TDeviceList } from '@shared/devices';
import { readJson, sendJson } from '@web/lib/api';
import { readBrowserDevice } from '@web/storage/device-store';

export const DEVICES_QUERY_KEY = ['devices'] as const;
/** Prefix of the this-browser query: the offline engine changes the registration (register, wipe). */
export const THIS_BROWSER_QUERY_KEY = ['devices', 'this-browser'] as const;

export const devicesQueryOptions = queryOptions({
  queryKey: DEVICES_QUERY_KEY,
  queryFn: ({ signal }) =>
    readJson<TDeviceList>(
      fetch('/api/devices', { credentials: 'include', signal, headers: { Accept: 'application/json' } }),
    ),
  staleTime: 30 * 1000,
  // With no network there is nothing to retry against; the page says so instead.
  retry: (failureCount) => failureCount < 1 && (typeof navigator === 'undefined' || navigator.onLine !== false),
});

/** The server's id of this browser's device for the user, or null when this browser never registered its key. */
export function thisBrowserDeviceQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...THIS_BROWSER_QUERY_KEY, userId] as const,
    queryFn: async () => (userId ? ((await readBrowserDevice(userId)) ?? null) : null),
    enabled: userId !== null,
    // IndexedDB answers with or without a network.
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export function renameDevice(deviceId: string, name: string): Promise<TDevice> {
  return sendJson<TDevice>('PATCH', `/api/devices/${encodeURIComponent(deviceId)}`, { name });
}

export function removeDevice(deviceId: string): Promise<void> {
  return sendJson<void>('DELETE', `/api/devices/${encodeURIComponent(deviceId)}`);
}
