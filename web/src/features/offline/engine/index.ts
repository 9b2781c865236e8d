/**
 * The offline engine's public surface: device registration, downloads, stored books, storage
 * and licence upkeep. createOfflineEngine() wires one engine (the app keeps one per tab, see
 * ../offline-engine.ts; tests make their own and dispose of it).
 */
import type { TDevice } from '@shared/devices';
import { registerThisDeviceForOffline } from './device-registration';
import { createDownloadManager, listOfflineBooks, type TDownloadManager } from './download-manager';
import type { TOfflineBook } from './download-types';
import { createDownloadsChannel } from './downloads-channel';
import { createEngineUser } from './engine-user';
import { runLicenseMaintenance, startLicenseMaintenance, type TMaintenanceReport } from './license-maintenance';
import { wipeThisDeviceDownloads } from './license-renewal';

export { defaultDeviceName, isThisDeviceOfflineRegistered } from './device-registration';
export {
  listPartialDownloadsOf,
  storageSummary,
  type TDownloadListener,
  type TDownloadManager,
  type TStartOptions,
  type TStorageSummary,
} from './download-manager';
export {
  DOWNLOAD_MESSAGES,
  RENEW_WITHIN_MS,
  type TDownloadState,
  type TDownloadStatus,
  type TOfflineBook,
  type TOfflineBookStatus,
  type TPartialOfflineBook,
} from './download-types';
export { LicenseRenewalError, type TRenewalOutcome } from './license-renewal';
export type { TMaintenanceReport } from './license-maintenance';

export interface TOfflineEngine {
  downloads: TDownloadManager;
  /**
   * Registers this browser for offline reading for the signed-in user, proving it holds its device key.
   * Rejects with the server's ApiError (no plan, cap reached, a refused proof) or an Error fit to show.
   */
  registerThisDeviceForOffline(options: { userId: string; name?: string }): Promise<TDevice>;
  /** Deletes every download of the user on this browser and forgets its device registration (device removed). */
  wipeThisDeviceDownloads(userId: string): Promise<void>;
  /** Books downloaded to this browser for the user (who becomes the engine's user), newest first. */
  listOfflineBooks(userId: string): Promise<TOfflineBook[]>;
  /** One round of licence upkeep for the signed-in user. */
  runLicenseMaintenance(options: { userId: string }): Promise<TMaintenanceReport>;
  /** Licence upkeep now, on 'online' and periodically, until the returned function (or dispose) stops it. */
  startLicenseMaintenance(options?: { signedInUserId?: () => Promise<string | null>; intervalMs?: number }): () => void;
  /** Stops upkeep, downloads and listeners, and closes the channel to the other tabs. */
  dispose(): Promise<void>;
}

export function createOfflineEngine(): TOfflineEngine {
  const parts = { channel: createDownloadsChannel(), user: createEngineUser() };
  const downloads = createDownloadManager(parts);
  const stopMaintenance = new Set<() => void>();
  return {
    downloads,
    registerThisDeviceForOffline: (options) => registerThisDeviceForOffline(options, parts.channel),
    wipeThisDeviceDownloads: (userId) => wipeThisDeviceDownloads(userId, parts.channel),
    listOfflineBooks(userId) {
      parts.user.remember(userId);
      return listOfflineBooks(userId);
    },
    runLicenseMaintenance: (options) => runLicenseMaintenance(options, parts),
    startLicenseMaintenance(options) {
      const stop = startLicenseMaintenance(parts, options);
      const stopOnce = () => {
        stopMaintenance.delete(stopOnce);
        stop();
      };
      stopMaintenance.add(stopOnce);
      return stopOnce;
    },
    async dispose() {
      for (const stop of [...stopMaintenance]) stop();
      await downloads.dispose();
      parts.channel.close();
    },
  };
}
