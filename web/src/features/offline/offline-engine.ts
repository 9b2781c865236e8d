/**
 * The offline engine as the screens use it (devices, /offline, the download button, the reader): one
 * import point over web/src/features/offline/engine, so screens and their tests depend on this small
 * surface rather than on the engine's internals.
 */
export {
  defaultDeviceName,
  downloadManager,
  listOfflineBooks,
  registerThisDeviceForOffline,
  storageSummary,
} from './engine';
export type { TDownloadState, TOfflineBook, TStorageSummary } from './engine';
