/**
 * Licence tokens: compact JWS (ES256) over TLicenseClaims (docs/ARCHITECTURE.md#protected-content). Signing uses the
 * keyring's current key with its kid in the header; verification accepts only ES256, our issuer and audience, a kid the
 * keyring publishes, the licence `typ`, and a payload shaped like a licence.
 */
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import {
  LICENSE_ALG,
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  LICENSE_JWT_TYPE,
  READER_MESSAGES,
  type TLicenseClaims,
} from '@shared/reader';
import { ZLicenseClaims } from '@shared/licenses.schemas';
import { AppError } from '../../lib/app-error';
import type { TLicenseKeyring } from './signing-keys';

/** Explicit JWT typing (RFC 8725 §3.11), so no other token signed by these keys passes as a licence. */
export { LICENSE_JWT_TYPE } from '@shared/reader';

export async function signLicense(keyring: TLicenseKeyring, claims: TLicenseClaims): Promise<string> {
  const { current } = keyring;
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: LICENSE_ALG, kid: current.kid, typ: LICENSE_JWT_TYPE })
    .sign(current.privateKey);
}

export class LicenseVerificationError extends AppError {
  constructor(readonly reason: string) {
    super('license_invalid', 400, READER_MESSAGES.licenseInvalid);
    this.name = 'LicenseVerificationError';
  }
}

/**
 * Verifies a licence presented back to the server (the offline renewal path): signature by a published key,
 * ES256 only (`alg: none` and HMAC tricks are refused), issuer, audience, times and the claims' shape.
 * With `allowExpired`, an expired licence still verifies (a device renewing after a long time offline);
 * everything else is checked the same. Throws LicenseVerificationError (400) with the reason.
 */
export async function verifyLicense(options: {
  keyring: TLicenseKeyring;
  token: string;
  now: Date;
  allowExpired?: boolean;
}): Promise<TLicenseClaims> {
  const { keyring, token, now } = options;
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw new LicenseVerificationError('malformed');
  }
  const key = keyring.keys.find((candidate) => candidate.kid === kid);
  if (!key) throw new LicenseVerificationError('unknown_key');
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [LICENSE_ALG],
      issuer: LICENSE_ISSUER,
      audience: LICENSE_AUDIENCE,
      typ: LICENSE_JWT_TYPE,
      currentDate: now,
      requiredClaims: ['jti', 'sub', 'iat', 'nbf', 'exp'],
    }).catch((error: unknown) => {
      // jose checks the signature, typ, iss, aud and nbf before exp, so an expired licence's payload is otherwise sound.
      if (options.allowExpired && error instanceof errors.JWTExpired) return { payload: error.payload };
      throw error;
    });
    const claims = ZLicenseClaims.safeParse(payload);
    if (!claims.success) throw new LicenseVerificationError('claims');
    return claims.data satisfies TLicenseClaims;
  } catch (error) {
    if (error instanceof LicenseVerificationError) throw error;
    if (error instanceof errors.JWTExpired) throw new LicenseVerificationError('expired');
    if (error instanceof errors.JOSEError) throw new LicenseVerificationError(error.code);
    throw error;
  }
}
