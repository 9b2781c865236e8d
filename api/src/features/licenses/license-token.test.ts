import { base64url, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ECDH_HKDF_A256KW, RSA_OAEP_256 } from '@shared/device-key-wrap';
import { LICENSE_AUDIENCE, LICENSE_ISSUER, type TLicenseClaims } from '@shared/reader';
import { testEnv } from '../auth/auth-test-helpers';
import { LICENSE_JWT_TYPE, LicenseVerificationError, signLicense, verifyLicense } from './license-token';
import { buildLicenseKeyring, generateLicenseSigningJwk, licenseKeyring } from './signing-keys';

const NOW = new Date('2026-03-01T09:00:00Z');
const iat = Math.floor(NOW.getTime() / 1000);

function claims(overrides: Partial<TLicenseClaims> = {}): TLicenseClaims {
  return {
    jti: crypto.randomUUID(),
    iss: LICENSE_ISSUER,
    aud: LICENSE_AUDIENCE,
    sub: crypto.randomUUID(),
    loanId: crypto.randomUUID(),
    bookId: crypto.randomUUID(),
    bookVersion: 1,
    deviceId: crypto.randomUUID(),
    deviceKeyThumbprint: 'x'.repeat(43),
    keyWrapped: 'AAAA',
    kind: 'online',
    policy: {
      watermark: { name: 'Ada Lovelace', email: 'ada@example.com', loanId: crypto.randomUUID() },
      copyLimitChars: 400,
      print: false,
    },
    iat,
    nbf: iat - 60,
    exp: iat + 3600,
    serverTime: NOW.getTime(),
    renewalCount: 0,
    statusUrl: 'http://localhost:3000/api/licenses/status',
    ...overrides,
  };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LicenseVerificationError);
    expect((error as LicenseVerificationError).status).toBe(400);
    return (error as LicenseVerificationError).reason;
  }
  throw new Error('the licence verified');
}

describe('licence tokens', () => {
  it('signs with the current key (ES256, kid, typ) and verifies back to the same claims', async () => {
    const keyring = await licenseKeyring(testEnv());
    const original = claims();
    const token = await signLicense(keyring, original);
    const [header] = token.split('.');
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(header)))).toEqual({
      alg: 'ES256',
      kid: keyring.current.kid,
      typ: LICENSE_JWT_TYPE,
    });
    expect(await verifyLicense({ keyring, token, now: NOW })).toEqual(original);
  });

  it('refuses a tampered payload, alg none, a wrong key, an unknown kid and a foreign typ', async () => {
    const keyring = await licenseKeyring(testEnv());
    const token = await signLicense(keyring, claims());
    const [header, payload, signature] = token.split('.');

    const altered = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as TLicenseClaims;
    altered.policy.copyLimitChars = 1_000_000;
    const tampered = `${header}.${base64url.encode(JSON.stringify(altered))}.${signature}`;
    expect(await reason(verifyLicense({ keyring, token: tampered, now: NOW }))).toBe(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );

    const unsecured = new UnsecuredJWT({ ...claims() }).encode();
    expect(await reason(verifyLicense({ keyring, token: unsecured, now: NOW }))).toBe('unknown_key');
    const noneWithKid = `${base64url.encode(JSON.stringify({ alg: 'none', kid: keyring.current.kid }))}.${payload}.`;
    expect(await reason(verifyLicense({ keyring, token: noneWithKid, now: NOW }))).toBe('ERR_JOSE_ALG_NOT_ALLOWED');

    // Signed by a key the server does not hold, but claiming the server's kid.
    const stranger = await buildLicenseKeyring({
      keys: [{ ...(await generateLicenseSigningJwk()), kid: keyring.current.kid }],
    });
    const forged = await signLicense(stranger, claims());
    expect(await reason(verifyLicense({ keyring, token: forged, now: NOW }))).toBe(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
    const otherKid = await signLicense(
      await buildLicenseKeyring({ keys: [await generateLicenseSigningJwk()] }),
      claims(),
    );
    expect(await reason(verifyLicense({ keyring, token: otherKid, now: NOW }))).toBe('unknown_key');

    const plainJwt = await new SignJWT({ ...claims() })
      .setProtectedHeader({ alg: 'ES256', kid: keyring.current.kid })
      .sign(keyring.current.privateKey);
    expect(await reason(verifyLicense({ keyring, token: plainJwt, now: NOW }))).toBe('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(await reason(verifyLicense({ keyring, token: 'not a token', now: NOW }))).toBe('malformed');
  });

  it('refuses another audience or issuer, a payload not shaped like a licence, and checks the times', async () => {
    const keyring = await licenseKeyring(testEnv());
    const sign = (overrides: Partial<TLicenseClaims>) => signLicense(keyring, claims(overrides));
    expect(await reason(verifyLicense({ keyring, token: await sign({ aud: 'someone-else' }), now: NOW }))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
    expect(await reason(verifyLicense({ keyring, token: await sign({ iss: 'someone-else' }), now: NOW }))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
    expect(await reason(verifyLicense({ keyring, token: await sign({ kind: 'forever' as 'online' }), now: NOW }))).toBe(
      'claims',
    );

    const expiring = await sign({ exp: iat + 10 });
    const later = new Date(NOW.getTime() + 11_000);
    expect(await reason(verifyLicense({ keyring, token: expiring, now: later }))).toBe('expired');
    // The renew path may accept an expired licence whose signature and claims are otherwise sound.
    expect((await verifyLicense({ keyring, token: expiring, now: later, allowExpired: true })).exp).toBe(iat + 10);
    const early = await sign({ nbf: iat + 600 });
    expect(await reason(verifyLicense({ keyring, token: early, now: NOW, allowExpired: true }))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('accepts the key wrappings it issues (and none, from before decision 023) and refuses any other', async () => {
    const keyring = await licenseKeyring(testEnv());
    const epk = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) } as const;
    const verify = async (overrides: Partial<TLicenseClaims>) =>
      verifyLicense({ keyring, token: await signLicense(keyring, claims(overrides)), now: NOW });
    expect((await verify({ keyWrapAlg: ECDH_HKDF_A256KW, epk })).epk).toEqual(epk);
    expect((await verify({ keyWrapAlg: RSA_OAEP_256 })).keyWrapAlg).toBe(RSA_OAEP_256);
    expect(await verify({})).not.toHaveProperty('keyWrapAlg');
    const refused: Partial<TLicenseClaims>[] = [
      { keyWrapAlg: 'ECDH-ES+A256KW' as typeof RSA_OAEP_256 },
      { keyWrapAlg: ECDH_HKDF_A256KW },
      { keyWrapAlg: RSA_OAEP_256, epk },
      { epk },
      { keyWrapAlg: ECDH_HKDF_A256KW, epk: { ...epk, crv: 'P-384' as 'P-256' } },
    ];
    for (const overrides of refused) expect(await reason(verify(overrides)), JSON.stringify(overrides)).toBe('claims');
  });

  it('keeps verifying licences signed by an older key after rotation', async () => {
    const older = await generateLicenseSigningJwk();
    const before = await buildLicenseKeyring({ keys: [older] });
    const token = await signLicense(before, claims());
    const after = await buildLicenseKeyring({ keys: [older, await generateLicenseSigningJwk()] });
    expect(after.current.kid).not.toBe(older.kid);
    expect((await verifyLicense({ keyring: after, token, now: NOW })).iss).toBe(LICENSE_ISSUER);
  });
});
