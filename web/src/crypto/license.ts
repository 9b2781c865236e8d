/**
 * Licence verification and content-key unwrapping (docs/ARCHITECTURE.md#protected-content-invariants): a licence is a
 * compact JWS (ES256 only) signed by the server; it is used only after its signature, issuer, audience, user, book,
 * device and times are checked, the times against the trusted clock (storage/trusted-time). The signing keys (JWKS) are
 * cached in IndexedDB so a stored licence can be verified offline. The content key is unwrapped straight into a
 * non-extractable AES-GCM CryptoKey (ECDH P-256 or RSA-OAEP, by the licence's keyWrapAlg): it never exists as bytes in
 * JavaScript.
 */
import { errors, jwtVerify, createLocalJWKSet, type JSONWebKeySet, type JWTPayload } from 'jose';
import { ECDH_HKDF_A256KW, isDeviceKeyWrapAlg } from '@shared/device-key-wrap';
import {
  LICENSE_ALG,
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  LICENSE_JWT_TYPE,
  LICENSE_KINDS,
  type TLicenseClaims,
  type TLicenseKind,
} from '@shared/reader';
import { api, readJson } from '@web/lib/api';
import { readCachedJwks, saveCachedJwks } from '@web/storage/jwks-cache';
import { ClockRollbackError, currentTrustedTime } from '@web/storage/trusted-time';
import { licenseRefused, ReaderError, READER_ERROR_MESSAGES, type TLicenseRefusal } from '@web/lib/reader-error';
import { isEcdhP256PublicJwk, unwrapWithDeviceKey } from './device-key-unwrap';

/** Leeway for nbf/exp, in seconds: server and trusted clock can differ by a round trip or two. */
export const LICENCE_CLOCK_TOLERANCE_S = 120;

/** What a licence must say to be used by this browser for this book. */
export interface TExpectedLicense {
  userId: string;
  bookId: string;
  deviceId: string;
  deviceKeyThumbprint: string;
  /** Checked when given. */
  loanId?: string;
  bookVersion?: number;
  kind?: TLicenseKind;
}

export async function fetchLicenseJwks(signal?: AbortSignal): Promise<JSONWebKeySet> {
  const jwks = await readJson<JSONWebKeySet>(
    api['.well-known']['jwks.json'].$get(undefined, { init: { credentials: 'same-origin', signal } }),
  );
  if (!jwks || !Array.isArray(jwks.keys))
    throw licenseRefused('malformed', new Error('The licence signing keys are not a JWKS.'));
  await saveCachedJwks(jwks);
  return jwks;
}

/** The cached signing keys, fetched (and cached) when there are none. */
export async function getLicenseJwks(signal?: AbortSignal): Promise<{ jwks: JSONWebKeySet; fromCache: boolean }> {
  const cached = await readCachedJwks();
  if (cached) return { jwks: cached.jwks, fromCache: true };
  return { jwks: await fetchLicenseJwks(signal), fromCache: false };
}

/** The trusted time in ms, with a clock rollback turned into the reader's error. */
export async function trustedNowMs(): Promise<number> {
  try {
    return await currentTrustedTime();
  } catch (error) {
    if (error instanceof ClockRollbackError) {
      throw new ReaderError('clock_rollback', READER_ERROR_MESSAGES.clockRollback, { cause: error });
    }
    throw error;
  }
}

function refusalFor(error: unknown): TLicenseRefusal {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return error.claim === 'nbf' ? 'not_yet_valid' : 'claims';
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return 'signature';
  }
  return 'malformed';
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The key wrapping is one this browser knows, with an `epk` exactly when it is the ECDH scheme. No alg at all is a
 * licence issued before decision 023: RSA-OAEP-256.
 */
function hasKnownKeyWrapping(claims: Partial<TLicenseClaims>): boolean {
  if (claims.keyWrapAlg === undefined) return claims.epk === undefined;
  if (!isDeviceKeyWrapAlg(claims.keyWrapAlg)) return false;
  return claims.keyWrapAlg === ECDH_HKDF_A256KW ? isEcdhP256PublicJwk(claims.epk) : claims.epk === undefined;
}

/** Checks the claims' shape so nothing downstream reads a missing or mistyped field. */
function asLicenseClaims(payload: JWTPayload): TLicenseClaims | null {
  const claims = payload as Partial<TLicenseClaims>;
  const policy = claims.policy;
  const shapeOk =
    isString(claims.jti) &&
    isString(claims.sub) &&
    isString(claims.loanId) &&
    isString(claims.bookId) &&
    Number.isInteger(claims.bookVersion) &&
    isString(claims.deviceId) &&
    isString(claims.deviceKeyThumbprint) &&
    isString(claims.keyWrapped) &&
    hasKnownKeyWrapping(claims) &&
    LICENSE_KINDS.includes(claims.kind as TLicenseKind) &&
    isNumber(claims.iat) &&
    isNumber(claims.nbf) &&
    isNumber(claims.exp) &&
    isNumber(claims.serverTime) &&
    isNumber(claims.renewalCount) &&
    typeof claims.statusUrl === 'string' &&
    !!policy &&
    typeof policy === 'object' &&
    isNumber(policy.copyLimitChars) &&
    policy.print === false &&
    !!policy.watermark &&
    typeof policy.watermark.name === 'string' &&
    typeof policy.watermark.email === 'string' &&
    typeof policy.watermark.loanId === 'string';
  return shapeOk ? (claims as TLicenseClaims) : null;
}

/**
 * Verifies a licence against the given signing keys and what this browser expects; returns its claims.
 * `now` (epoch ms) defaults to the trusted clock. Throws ReaderError license_invalid (with `refusal`
 * saying which check failed) or clock_rollback.
 */
export async function verifyLicense(
  jws: string,
  options: { jwks: JSONWebKeySet; expected: TExpectedLicense; now?: number },
): Promise<TLicenseClaims> {
  const { expected } = options;
  const now = options.now ?? (await trustedNowMs());
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jws, createLocalJWKSet(options.jwks), {
      algorithms: [LICENSE_ALG],
      typ: LICENSE_JWT_TYPE,
      issuer: LICENSE_ISSUER,
      audience: LICENSE_AUDIENCE,
      subject: expected.userId,
      currentDate: new Date(now),
      clockTolerance: LICENCE_CLOCK_TOLERANCE_S,
      requiredClaims: ['jti', 'iat', 'nbf', 'exp'],
    }));
  } catch (error) {
    throw licenseRefused(refusalFor(error), error);
  }
  const claims = asLicenseClaims(payload);
  if (!claims) throw licenseRefused('malformed', new Error('The licence claims are incomplete.'));
  const mismatch =
    claims.bookId !== expected.bookId ||
    claims.deviceId !== expected.deviceId ||
    claims.deviceKeyThumbprint !== expected.deviceKeyThumbprint ||
    (expected.loanId !== undefined && claims.loanId !== expected.loanId) ||
    (expected.bookVersion !== undefined && claims.bookVersion !== expected.bookVersion) ||
    (expected.kind !== undefined && claims.kind !== expected.kind);
  if (mismatch) throw licenseRefused('claims', new Error('The licence is for another book, device or loan.'));
  return claims;
}

/**
 * verifyLicence with the cached signing keys; when they do not verify the signature (the server may have
 * rotated its key) and the network is allowed, the keys are fetched again once.
 */
export async function verifyLicenseWithServerKeys(
  jws: string,
  options: { expected: TExpectedLicense; now?: number; online?: boolean; signal?: AbortSignal },
): Promise<TLicenseClaims> {
  const online = options.online ?? true;
  const cached = await readCachedJwks();
  if (!cached && !online)
    throw licenseRefused('signature', new Error('No licence signing keys are stored on this device.'));
  const jwks = cached ? cached.jwks : await fetchLicenseJwks(options.signal);
  try {
    return await verifyLicense(jws, { jwks, expected: options.expected, now: options.now });
  } catch (error) {
    const retry = online && cached && error instanceof ReaderError && error.refusal === 'signature';
    if (!retry) throw error;
    const fresh = await fetchLicenseJwks(options.signal);
    return verifyLicense(jws, { jwks: fresh, expected: options.expected, now: options.now });
  }
}

/**
 * Unwraps the licence's content key with this browser's private key into a non-extractable AES-GCM key usable only to
 * decrypt, with the licence's key wrapping (ECDH P-256 or RSA-OAEP; crypto/device-key-unwrap.ts). The claims were
 * verified first, so `deviceKeyThumbprint` is this browser's. Throws ReaderError license_invalid when it cannot be
 * unwrapped.
 */
export async function unwrapContentKey(
  claims: Pick<TLicenseClaims, 'keyWrapped' | 'keyWrapAlg' | 'epk' | 'deviceKeyThumbprint'>,
  privateKey: CryptoKey,
): Promise<CryptoKey> {
  let key: CryptoKey;
  try {
    key = await unwrapWithDeviceKey({
      wrap: { alg: claims.keyWrapAlg, epk: claims.epk, wrapped: claims.keyWrapped },
      privateKey,
      deviceThumbprint: claims.deviceKeyThumbprint,
      purpose: 'licence-content-key',
      target: { algorithm: { name: 'AES-GCM' }, extractable: false, usages: ['decrypt'] },
    });
  } catch (error) {
    throw licenseRefused('key_unwrap', error);
  }
  if ((key.algorithm as AesKeyAlgorithm).length !== 256) {
    throw licenseRefused('key_unwrap', new Error('The content key is not an AES-256 key.'));
  }
  return key;
}
