/**
 * Renewing one stored offline licence (POST /api/licenses/:id/renew) and what the server's refusals
 * mean for the download: a revoked or returned licence, or an unknown one, deletes the book's material
 * (with the reason kept for the reader's message); a removed device wipes every download of the user
 * and this browser's device registration; any other refusal (renewal limit, plan) is remembered for
 * /offline and the licence is kept until it expires.
 */
import type { TLicenseGrant } from '@shared/reader';
import { forgetRegisteredBrowserDevice } from '@web/crypto/device-key';
import { describeError, isApiError } from '@web/lib/api';
import type { TStoredLicense } from '@web/storage/db';
import { readBrowserDevice } from '@web/storage/device-store';
import {
  deleteDownloadedBook,
  replaceStoredLicense,
  saveRenewalError,
  wipeDownloadsOf,
} from '@web/storage/offline-books';
import type { TDownloadsChannel } from './downloads-channel';
import { acceptOfflineGrant, requestLicenseRenewal } from './offline-license';
import { keepServerPosition } from './position-snapshot';

/**
 * Deletes every download of the user on this browser and forgets its device registration (the next
 * licence request registers the key again, online-only). Used when the device was removed.
 */
export async function wipeThisDeviceDownloads(userId: string, channel: TDownloadsChannel): Promise<void> {
  channel.post({ type: 'wiped', userId });
  await wipeDownloadsOf(userId, 'device_removed');
  await forgetRegisteredBrowserDevice(userId);
  channel.announceStoredChange();
}

export type TRenewalOutcome = 'renewed' | 'removed' | 'wiped' | 'refused';

export class LicenseRenewalError extends Error {
  readonly outcome: Exclude<TRenewalOutcome, 'renewed'>;

  constructor(outcome: Exclude<TRenewalOutcome, 'renewed'>, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'LicenceRenewalError';
    this.outcome = outcome;
  }
}

function refusalCode(error: unknown): string {
  return isApiError(error) ? (error.problem?.code ?? '') : '';
}

/** Acts on the server's refusal and returns the error to report. */
async function handleRefusal(
  userId: string,
  license: TStoredLicense,
  error: unknown,
  channel: TDownloadsChannel,
): Promise<LicenseRenewalError> {
  const message = describeError(error) || 'The licence could not be renewed.';
  const code = refusalCode(error);
  if (code === 'device_removed') {
    await wipeThisDeviceDownloads(userId, channel);
    return new LicenseRenewalError('wiped', message, error);
  }
  const unknownLicense = isApiError(error) && error.status === 404;
  if (code === 'license_revoked' || code === 'license_returned' || unknownLicense) {
    await deleteDownloadedBook(userId, license.bookId, code === 'license_returned' ? 'returned' : 'revoked');
    channel.announceStoredChange();
    return new LicenseRenewalError('removed', message, error);
  }
  if (isApiError(error) && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429) {
    await saveRenewalError(license.id, message);
    channel.announceStoredChange();
  }
  return new LicenseRenewalError('refused', message, error);
}

/**
 * Renews a stored offline licence and stores the verified new token over it (the server's renewal
 * count travels in the token). Rejects with LicenceRenewalError saying what happened to the download.
 */
export async function renewStoredLicense(
  userId: string,
  license: TStoredLicense,
  channel: TDownloadsChannel,
): Promise<TStoredLicense> {
  let grant: TLicenseGrant;
  try {
    grant = await requestLicenseRenewal(license.id);
  } catch (error) {
    throw await handleRefusal(userId, license, error, channel);
  }
  const device = await readBrowserDevice(userId);
  if (!device) throw new LicenseRenewalError('refused', 'This browser is not registered for offline reading.', null);
  const { license: renewed } = await acceptOfflineGrant({
    grant,
    userId,
    device,
    bookId: license.bookId,
    bookVersion: license.bookVersion,
  });
  await replaceStoredLicense(renewed);
  channel.announceStoredChange();
  await keepServerPosition(userId, license.bookId);
  return renewed;
}
