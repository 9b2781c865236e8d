/**
 * Which server device this browser is for a user (read from IndexedDB, so knowing it costs no request).
 * Offline downloads need it, and the Devices page marks this browser's row with it.
 */
import { queryOptions } from '@tanstack/react-query';
import { readBrowserDevice } from '@web/storage/device-store';

/** Prefix of the this-browser query: the offline engine changes the registration (register, wipe). */
export const THIS_BROWSER_QUERY_KEY = ['devices', 'this-browser'] as const;

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
