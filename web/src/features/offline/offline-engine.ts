/**
 * The offline engine as the screens use it (devices, /offline, the download button, the reader): one
 * import point over web/src/features/offline/engine, so screens and their tests depend on this small
 * surface rather than on the engine's internals (tests swap it for fake-offline-engine.ts).
 */
export {
  defaultDeviceName,
  downloadManager,
  isThisDeviceOfflineRegistered,
  listOfflineBooks,
  listPartialDownloadsOf,
  registerThisDeviceForOffline,
  storageSummary,
  wipeThisDeviceDownloads,
} from './engine';
export type {
  TDownloadState,
  TDownloadStatus,
  TOfflineBook,
  TOfflineBookStatus,
  TPartialOfflineBook,
  TStorageSummary,
} from './engine';
