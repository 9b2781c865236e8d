/**
 * The offline engine's public surface (issue 6): device registration, downloads, stored books, storage
 * and licence upkeep. Screens import from here (through ../offline-engine).
 */
export { defaultDeviceName, isThisDeviceOfflineRegistered, registerThisDeviceForOffline } from './device-registration';
export {
  createDownloadManager,
  downloadManager,
  listOfflineBooks,
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
export { LicenseRenewalError, wipeThisDeviceDownloads, type TRenewalOutcome } from './license-renewal';
export { runLicenseMaintenance, startLicenseMaintenance, type TMaintenanceReport } from './license-maintenance';
