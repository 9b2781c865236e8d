/**
 * Offline licences as the engine receives them (POST /api/licenses kind 'offline', POST
 * /api/licenses/:id/renew): a grant is stored only after the licence is verified (signature, user,
 * book and version, this device and its key, kind offline, times against the trusted clock) and its
 * content key is shown to unwrap with this browser's private key, so a stored licence is one the
 * offline reader can use. Only the signed token is stored; the unwrapped key (non-extractable, decrypt only)
 * is handed to the caller, which uses it in memory to check a download's segments and then drops it.
 */
import type { TLicenseClaims, TLicenseGrant } from '@shared/reader';
import { getOrCreateDeviceKey } from '@web/crypto/device-key';
import { unwrapContentKey, verifyLicenseWithServerKeys } from '@web/crypto/license';
import { licenseRefused } from '@web/lib/reader-error';
import { api, encodeParams, readJson } from '@web/lib/api';
import type { TStoredLicense } from '@web/storage/db';
import type { TStoredBrowserDevice } from '@web/storage/device-store';
import { recordServerTime } from '@web/storage/trusted-time';

/** Raises the trusted clock with a server time given as ISO text (ignored when unreadable). */
export async function recordServerTimeText(serverTime: string | undefined): Promise<void> {
  const ms = serverTime ? Date.parse(serverTime) : Number.NaN;
  if (Number.isFinite(ms) && ms > 0) await recordServerTime(ms);
}

/** Verifies an offline licence grant for this browser and returns the row to store, with its claims. */
export async function acceptOfflineGrant(options: {
  grant: TLicenseGrant;
  userId: string;
  device: Pick<TStoredBrowserDevice, 'deviceId'>;
  bookId: string;
  bookVersion: number;
  loanId?: string;
}): Promise<{ license: TStoredLicense; claims: TLicenseClaims; contentKey: CryptoKey }> {
  const { grant, userId } = options;
  await recordServerTimeText(grant.serverTime);
  const deviceKey = await getOrCreateDeviceKey();
  const claims = await verifyLicenseWithServerKeys(grant.license, {
    expected: {
      userId,
      bookId: options.bookId,
      deviceId: options.device.deviceId,
      deviceKeyThumbprint: deviceKey.thumbprint,
      bookVersion: options.bookVersion,
      loanId: options.loanId,
      kind: 'offline',
    },
  });
  if (claims.jti !== grant.licenseId)
    throw licenseRefused('claims', new Error('The licence id does not match the grant.'));
  await recordServerTime(claims.serverTime);
  const contentKey = await unwrapContentKey(claims, deviceKey.privateKey);
  const license: TStoredLicense = {
    id: claims.jti,
    userId,
    bookId: claims.bookId,
    bookVersion: claims.bookVersion,
    kind: 'offline',
    jws: grant.license,
    expiresAt: claims.exp * 1000,
    storedAt: Date.now(),
  };
  return { license, claims, contentKey };
}

export function requestOfflineLicense(body: { loanId: string; deviceId: string }): Promise<TLicenseGrant> {
  return readJson<TLicenseGrant>(api.licenses.$post({ json: { ...body, kind: 'offline', algorithm: 'A256GCM' } }));
}

export function requestLicenseRenewal(licenseId: string): Promise<TLicenseGrant> {
  return readJson<TLicenseGrant>(api.licenses[':id'].renew.$post({ param: encodeParams({ id: licenseId }) }));
}
