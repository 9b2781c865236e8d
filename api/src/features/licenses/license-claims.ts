/**
 * Building what a licence says: the content key wrapped to the device's public key, the reading
 * policy (watermark, copy allowance, no print) and the claims that get signed (license-token.ts).
 * Pure apart from the device-key wrapping; deciding and storing live in license-policy.ts and
 * licenses.service.ts.
 */
import {
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  type TLicenseClaims,
  type TLicenseKind,
  type TLicensePolicy,
} from '@shared/reader';
import type { TDeviceKeyWrap } from '@shared/device-key-wrap';
import { wrapForDevice, type TDeviceRow } from '../devices/devices.service';
import { copyLimit, type TCopyRules } from '../reader/copy-budget.service';
import type { TUserRow } from '../selections/entitlement-state';
import type { TGrantPlan, TLoanRow } from './license-policy';

/** nbf is set this far before iat so a device whose clock runs a little behind can use a fresh licence. */
const NOT_BEFORE_SKEW_SECONDS = 60;

/**
 * The content key wrapped to the device's key (shared/device-key-wrap.ts): ECDH-ES+HKDF-SHA256+A256KW with a fresh
 * ephemeral key for a P-256 device, RSA-OAEP-256 for a device keyed before decision 023.
 */
export function wrapContentKeyForDevice(
  device: Pick<TDeviceRow, 'publicKey' | 'keyThumbprint'>,
  contentKey: Uint8Array,
): Promise<TDeviceKeyWrap> {
  return wrapForDevice(device, contentKey, 'licence-content-key');
}

function watermarkName(user: Pick<TUserRow, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const full = [user.firstName, user.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return full || user.username || user.email;
}

/** What the reader may do with the book: watermarked with who holds it, a copy allowance, no print. */
export function licensePolicy(options: {
  user: TUserRow;
  loanId: string;
  totalCharacters: number;
  copyRules: TCopyRules;
}): TLicensePolicy {
  const { user } = options;
  return {
    watermark: { name: watermarkName(user), email: user.email, loanId: options.loanId },
    copyLimitChars: copyLimit(options.totalCharacters, options.copyRules),
    print: false,
  };
}

/** The claims of one licence token; `exp` in seconds, as signed. */
export function licenseClaims(input: {
  plan: Pick<TGrantPlan, 'licenseId' | 'renewalCount'>;
  userId: string;
  loan: Pick<TLoanRow, 'id' | 'bookId'>;
  bookVersion: number;
  device: Pick<TDeviceRow, 'id' | 'keyThumbprint'>;
  keyWrap: TDeviceKeyWrap;
  kind: TLicenseKind;
  policy: TLicensePolicy;
  now: Date;
  exp: number;
  publicUrl: string;
}): TLicenseClaims {
  const iat = Math.floor(input.now.getTime() / 1000);
  return {
    jti: input.plan.licenseId,
    iss: LICENSE_ISSUER,
    aud: LICENSE_AUDIENCE,
    sub: input.userId,
    loanId: input.loan.id,
    bookId: input.loan.bookId,
    bookVersion: input.bookVersion,
    deviceId: input.device.id,
    deviceKeyThumbprint: input.device.keyThumbprint,
    keyWrapped: input.keyWrap.wrapped,
    keyWrapAlg: input.keyWrap.alg,
    ...(input.keyWrap.epk ? { epk: input.keyWrap.epk } : {}),
    kind: input.kind,
    policy: input.policy,
    iat,
    nbf: iat - NOT_BEFORE_SKEW_SECONDS,
    exp: input.exp,
    serverTime: input.now.getTime(),
    renewalCount: input.plan.renewalCount,
    statusUrl: `${input.publicUrl}/api/licenses/status`,
  };
}
