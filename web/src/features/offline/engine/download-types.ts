/** Types and sentences of the offline engine that the screens read (pure: no storage, no network). */

export type TDownloadStatus = 'idle' | 'downloading' | 'paused' | 'complete' | 'error';

/** One book's download as the download button and /offline show it. */
export interface TDownloadState {
  status: TDownloadStatus;
  /** Ciphertext bytes stored so far (chunks kept from an interrupted download count). */
  receivedBytes: number;
  /** Ciphertext bytes of the whole book; 0 until the manifest is known. */
  totalBytes: number;
  /** What went wrong or why the download paused, fit to show; null otherwise. */
  error: string | null;
  /**
   * Set when trying again cannot help until the reader changes something on the Devices page (this
   * browser is past the plan's device cap, or no longer registered).
   */
  fixOnDevicesPage?: boolean;
}

/** 'expiring': less than RENEW_WITHIN_MS left (renewed automatically while online). */
export type TOfflineBookStatus = 'active' | 'expiring' | 'expired';

/** A book downloaded to this browser (listOfflineBooks). */
export interface TOfflineBook {
  bookId: string;
  title: string;
  slug: string;
  version: number;
  /** Bytes stored on the device for this book (its encrypted chunks). */
  sizeBytes: number;
  /** Offline access ends at this time (ISO 8601): "available offline until ...". */
  expiresAt: string;
  licenseId: string;
  status: TOfflineBookStatus;
  /** Times the server has renewed this offline licence. */
  renewalCount: number;
  /** The server's last refusal to renew it automatically (e.g. the renewal limit), or null. */
  renewalError: string | null;
  /** When the download finished (ISO 8601). */
  downloadedAt: string;
}

/** A download begun and not finished on this browser (listPartialDownloads). */
export interface TPartialOfflineBook {
  bookId: string;
  title: string;
  slug: string;
  version: number;
  receivedBytes: number;
  totalBytes: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Offline licences with less than this left are renewed automatically while online. */
export const RENEW_WITHIN_MS = 7 * DAY_MS;

export const DOWNLOAD_MESSAGES = {
  quotaExceeded: 'Not enough storage space on this device to download this book. Free some space and try again.',
  paused: 'The connection was lost. The download will continue when you are back online.',
  offline: 'You are offline. Connect to the internet to download this book.',
  corrupted: 'Part of this book did not arrive intact, so it was not stored. Try the download again.',
  signIn: 'Sign in to download books for offline reading.',
  notDownloaded: 'This book is not downloaded on this device.',
  failed: 'The download could not be completed. Please try again.',
} as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

/** Refusal before a download starts, when the browser's estimate says the book does not fit. */
export function notEnoughSpaceMessage(neededBytes: number, freeBytes: number): string {
  return `This book needs ${formatBytes(neededBytes)} of storage but only ${formatBytes(freeBytes)} is free on this device. Free some space and try again.`;
}
