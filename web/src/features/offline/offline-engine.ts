/**
 * The offline engine as the screens use it (devices, /offline, the download button, the reader): the
 * tab's one engine, made when this chunk first loads (by the screens, or by licence upkeep a few
 * seconds after start), and one import point over web/src/features/offline/engine, so screens and
 * their tests depend on this small surface rather than on the engine's internals (tests swap it for
 * fake-offline-engine.ts).
 */
// First: the schemas the engine's modules build must see it (web/src/lib/zod-config.ts).
import '@web/lib/zod-config';
import { createOfflineEngine } from './engine';

export const offlineEngine = createOfflineEngine();

export const downloadManager = offlineEngine.downloads;
export const registerThisDeviceForOffline = offlineEngine.registerThisDeviceForOffline;
export const wipeThisDeviceDownloads = offlineEngine.wipeThisDeviceDownloads;
export const listOfflineBooks = offlineEngine.listOfflineBooks;

export {
  defaultDeviceName,
  isThisDeviceOfflineRegistered,
  listPartialDownloadsOf,
  storageSummary,
} from './engine';
export type {
  TDownloadState,
  TDownloadStatus,
  TOfflineBook,
  TOfflineBookStatus,
  TPartialOfflineBook,
  TStorageSummary,
} from './engine';
