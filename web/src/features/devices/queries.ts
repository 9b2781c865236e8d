/**
 * The Devices page's calls (API map: devices): GET /api/devices under ['devices'], rename and remove.
 * The list is the server's; registering this browser goes through the offline engine, which proves
 * possession of the device key (which server device this browser is: ../offline/this-browser-device).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TDevice, TDeviceList } from '@shared/devices';
import { readJson, sendJson } from '@web/lib/api';

export const DEVICES_QUERY_KEY = ['devices'] as const;

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

export function renameDevice(deviceId: string, name: string): Promise<TDevice> {
  return sendJson<TDevice>('PATCH', `/api/devices/${encodeURIComponent(deviceId)}`, { name });
}

export function removeDevice(deviceId: string): Promise<void> {
  return sendJson<void>('DELETE', `/api/devices/${encodeURIComponent(deviceId)}`);
}
