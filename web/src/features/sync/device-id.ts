/**
 * Which id this browser sends its changes under: the server's device id for this browser's key when
 * it has one (cached in IndexedDB by web/src/crypto/device-key.ts, so the position can say "on Chrome
 * on macOS"), otherwise this browser's own sync id. Never waits for the network: changes made offline
 * must be stored at once.
 */
import { readBrowserDevice } from '@web/storage/device-store';
import { getBrowserSyncId } from '@web/storage/outbox';

export async function resolveSyncDeviceId(userId: string): Promise<string> {
  const device = await readBrowserDevice(userId);
  return device?.deviceId ?? getBrowserSyncId();
}

/** Every id this browser may have written under, to tell its own position from another device's. */
export async function thisBrowserDeviceIds(userId: string | null): Promise<string[]> {
  const ids = [await getBrowserSyncId()];
  const device = userId ? await readBrowserDevice(userId) : undefined;
  if (device) ids.push(device.deviceId);
  return ids;
}
