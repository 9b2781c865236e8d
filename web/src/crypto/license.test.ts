import { SignJWT, UnsecuredJWT, base64url, exportJWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ECDH_HKDF_A256KW, ecdhP256PublicJwk, RSA_OAEP_256 } from '@shared/device-key-wrap';
import { READER_MESSAGES, type TLicenseClaims } from '@shared/reader';
import {
  deviceThumbprintOf,
  licenseClaims,
  makeLicenseSigner,
  signLicense,
  wrapKeyForDevice,
  type TLicenseSigner,
} from '@web/protected-content/protected-test-support';
import { ReaderError } from '@web/lib/reader-error';
import { deleteDb } from '@web/storage/db';
import { readCachedJwks } from '@web/storage/jwks-cache';
import { recordServerTime } from '@web/storage/trusted-time';
import { DEVICE_KEY_ALGORITHM } from './device-key';
import { unwrapContentKey, verifyLicense, verifyLicenseWithServerKeys, type TExpectedLicense } from './license';
import { apiPath } from '@web/lib/api-test-support';

const NOW = Date.UTC(2030, 5, 1, 12);
const HOUR_S = 3600;

let signer: TLicenseSigner;
/** This browser's key as new browsers make it (ECDH P-256, non-extractable), and an RSA-OAEP key from before. */
let devicePair: CryptoKeyPair;
let devicePublicJwk: JsonWebKey;
let deviceThumbprint: string;
let rsaPair: CryptoKeyPair;
let rsaPublicJwk: JsonWebKey;
let rsaThumbprint: string;
const rawContentKey = crypto.getRandomValues(new Uint8Array(32));

beforeAll(async () => {
  signer = await makeLicenseSigner();
  devicePair = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, ['deriveKey', 'deriveBits']);
  devicePublicJwk = await crypto.subtle.exportKey('jwk', devicePair.publicKey);
  deviceThumbprint = await deviceThumbprintOf(devicePublicJwk);
  // 2048 bits keeps the test quick; the unwrapping does not depend on the size (the server requires 3072).
  rsaPair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
  );
  rsaPublicJwk = await crypto.subtle.exportKey('jwk', rsaPair.publicKey);
  rsaThumbprint = await deviceThumbprintOf(rsaPublicJwk);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteDb();
});

const expected: TExpectedLicense = {
  userId: 'user-1',
  bookId: 'book-1',
  deviceId: 'device-1',
  get deviceKeyThumbprint() {
    return deviceThumbprint;
  },
  loanId: 'loan-1',
  bookVersion: 1,
  kind: 'online',
};

async function claims(overrides: Partial<TLicenseClaims> = {}): Promise<TLicenseClaims> {
  return licenseClaims(
    {
      sub: 'user-1',
      bookId: 'book-1',
      deviceId: 'device-1',
      deviceKeyThumbprint: deviceThumbprint,
      ...(await wrapKeyForDevice(rawContentKey, devicePublicJwk)),
      ...overrides,
    },
    NOW,
  );
}

async function refusal(jws: string, options: { expected?: TExpectedLicense; now?: number } = {}) {
  const error = await verifyLicense(jws, {
    jwks: signer.jwks,
    expected: options.expected ?? expected,
    now: options.now ?? NOW,
  }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReaderError);
  expect((error as ReaderError).code).toBe('license_invalid');
  expect((error as ReaderError).message).toBe(READER_MESSAGES.licenseInvalid);
  return (error as ReaderError).refusal;
}

describe('verifyLicence', () => {
  it('accepts a licence signed by the server for this user, device and book', async () => {
    const verified = await verifyLicense(await signLicense(await claims(), signer), {
      jwks: signer.jwks,
      expected,
      now: NOW,
    });
    expect(verified).toMatchObject({
      sub: 'user-1',
      bookId: 'book-1',
      deviceId: 'device-1',
      loanId: 'loan-1',
      kind: 'online',
    });
    expect(verified.policy.watermark.email).toBe('ada@example.test');
  });

  it('refuses a licence for another user, device, key, book, loan, version or kind', async () => {
    const cases: Partial<TLicenseClaims>[] = [
      { sub: 'user-2' },
      { deviceId: 'device-2' },
      { deviceKeyThumbprint: 'thumb-2' },
      { bookId: 'book-2' },
      { loanId: 'loan-2' },
      { bookVersion: 2 },
      { kind: 'offline' },
    ];
    for (const overrides of cases) {
      expect(await refusal(await signLicense(await claims(overrides), signer))).toBe('claims');
    }
  });

  it('refuses an expired licence and one not valid yet', async () => {
    const jws = await signLicense(await claims(), signer);
    expect(await refusal(jws, { now: NOW + 2 * HOUR_S * 1000 })).toBe('expired');
    expect(await refusal(jws, { now: NOW - HOUR_S * 1000 })).toBe('not_yet_valid');
  });

  it('refuses a licence signed by another ES256 key under the same key id', async () => {
    const forger = await makeLicenseSigner(signer.kid);
    expect(await refusal(await signLicense(await claims(), forger))).toBe('signature');
  });

  it('refuses an unsigned (alg: none) licence', async () => {
    const unsecured = new UnsecuredJWT({ ...(await claims()) }).encode();
    expect(unsecured.endsWith('.')).toBe(true);
    expect(await refusal(unsecured)).toBe('signature');
  });

  it('refuses an HS256 licence, also one keyed with the public signing key', async () => {
    const body = { ...(await claims()) };
    const withSecret = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256', kid: signer.kid })
      .sign(crypto.getRandomValues(new Uint8Array(32)));
    expect(await refusal(withSecret)).toBe('signature');
    const publicKeyBytes = new TextEncoder().encode(JSON.stringify(signer.jwks.keys[0]));
    const confused = await new SignJWT(body).setProtectedHeader({ alg: 'HS256', kid: signer.kid }).sign(publicKeyBytes);
    expect(await refusal(confused)).toBe('signature');
  });

  it('refuses the wrong audience or issuer', async () => {
    expect(await refusal(await signLicense(await claims({ aud: 'someone-else' }), signer))).toBe('claims');
    expect(await refusal(await signLicense(await claims({ iss: 'someone-else' }), signer))).toBe('claims');
  });

  it('refuses a token of another type signed by the same key', async () => {
    const jws = await new SignJWT({ ...(await claims()) })
      .setProtectedHeader({ alg: 'ES256', kid: signer.kid, typ: 'JWT' })
      .sign(signer.privateKey);
    expect(await refusal(jws)).toBeTruthy();
  });

  it('refuses a tampered payload and licences with missing or mistyped claims', async () => {
    const [header, , signature] = (await signLicense(await claims(), signer)).split('.');
    const swapped = base64url.encode(JSON.stringify({ ...(await claims()), sub: 'user-1', copy: 1 }));
    expect(await refusal(`${header}.${swapped}.${signature}`)).toBe('signature');
    const { keyWrapped: _dropped, ...withoutKey } = await claims();
    expect(await refusal(await signLicense(withoutKey as TLicenseClaims, signer))).toBe('malformed');
    expect(
      await refusal(
        await signLicense({ ...(await claims()), policy: { print: true } } as unknown as TLicenseClaims, signer),
      ),
    ).toBe('malformed');
    expect(await refusal('not-a-jws')).toBe('malformed');
  });

  it('refuses an unknown key wrapping, and an epk that does not go with the key wrapping', async () => {
    const valid = await claims();
    expect(valid.keyWrapAlg).toBe(ECDH_HKDF_A256KW);
    const malformed: Partial<TLicenseClaims>[] = [
      { keyWrapAlg: 'ECDH-ES+A256KW' as typeof ECDH_HKDF_A256KW },
      { keyWrapAlg: 'A256KW' as typeof ECDH_HKDF_A256KW, epk: undefined },
      { epk: undefined },
      { epk: { ...valid.epk!, crv: 'P-384' as 'P-256' } },
      { epk: { ...valid.epk!, x: 'short' } },
      { keyWrapAlg: RSA_OAEP_256 },
      { keyWrapAlg: undefined },
    ];
    for (const overrides of malformed) {
      const jws = await signLicense({ ...valid, ...overrides }, signer);
      expect(await refusal(jws), JSON.stringify(overrides)).toBe('malformed');
    }
    // A licence issued before decision 023 names no alg and has no epk: RSA-OAEP-256, accepted.
    const { keyWrapAlg: _alg, epk: _epk, ...legacy } = valid;
    await expect(
      verifyLicense(await signLicense(legacy, signer), { jwks: signer.jwks, expected, now: NOW }),
    ).resolves.toMatchObject({ jti: valid.jti });
    // Changing the epk or the alg after signing breaks the signature.
    const [header, payload, signature] = (await signLicense(valid, signer)).split('.');
    const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as TLicenseClaims;
    const otherEpk = (await wrapKeyForDevice(rawContentKey, devicePublicJwk)).epk;
    for (const changed of [
      { ...decoded, epk: otherEpk },
      { ...decoded, keyWrapAlg: RSA_OAEP_256 },
    ]) {
      expect(await refusal(`${header}.${base64url.encode(JSON.stringify(changed))}.${signature}`)).toBe('signature');
    }
  });

  it('checks times against the trusted clock, not the device clock', async () => {
    const jws = await signLicense(await claims(), signer);
    // The server has said it is two hours later than the licence's expiry window allows.
    await recordServerTime(NOW + 2 * HOUR_S * 1000, Date.now());
    const error = await verifyLicense(jws, { jwks: signer.jwks, expected }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'license_invalid', refusal: 'expired' });
  });

  it('refuses with clock_rollback when the device clock was set back over an hour', async () => {
    const jws = await signLicense(await claims(), signer);
    await recordServerTime(NOW, Date.now() + 3 * HOUR_S * 1000);
    const error = await verifyLicense(jws, { jwks: signer.jwks, expected }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReaderError);
    expect(error).toMatchObject({ code: 'clock_rollback' });
  });
});

describe('verifyLicenceWithServerKeys', () => {
  function stubJwks(jwks: object) {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(jwks), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('fetches the signing keys once, caches them and verifies offline from the cache', async () => {
    const fetchMock = stubJwks(signer.jwks);
    const jws = await signLicense(await claims(), signer);
    await verifyLicenseWithServerKeys(jws, { expected, now: NOW });
    await verifyLicenseWithServerKeys(jws, { expected, now: NOW, online: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([apiPath('/.well-known/jwks.json'), expect.anything()]);
    expect(await readCachedJwks()).toMatchObject({ jwks: signer.jwks });
  });

  it('fetches the keys again once when the server has rotated them', async () => {
    const rotated = await makeLicenseSigner('licence-key-2');
    const fetchMock = stubJwks(signer.jwks);
    await verifyLicenseWithServerKeys(await signLicense(await claims(), signer), { expected, now: NOW });
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(rotated.jwks), { status: 200 }));
    await verifyLicenseWithServerKeys(await signLicense(await claims(), rotated), { expected, now: NOW });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // A forged licence is still refused after the refetch.
    const forger = await makeLicenseSigner('licence-key-2');
    await expect(
      verifyLicenseWithServerKeys(await signLicense(await claims(), forger), { expected, now: NOW }),
    ).rejects.toMatchObject({ refusal: 'signature' });
  });

  it('refuses offline when no signing keys were ever stored', async () => {
    const fetchMock = stubJwks(signer.jwks);
    await expect(
      verifyLicenseWithServerKeys(await signLicense(await claims(), signer), { expected, now: NOW, online: false }),
    ).rejects.toMatchObject({
      code: 'license_invalid',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('unwrapContentKey', () => {
  async function expectServerKey(key: CryptoKey) {
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(key.usages).toEqual(['decrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
    await expect(
      crypto.subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, key, new Uint8Array(4)),
    ).rejects.toThrow();
    // It is the server's key: it opens what the server sealed.
    const serverKey = await crypto.subtle.importKey('raw', rawContentKey, { name: 'AES-GCM' }, false, ['encrypt']);
    const iv = new Uint8Array(12);
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      serverKey,
      new TextEncoder().encode('page one'),
    );
    expect(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed))).toBe(
      'page one',
    );
  }

  it('unwraps, with a P-256 key, a non-extractable AES-256-GCM key that only decrypts', async () => {
    await expectServerKey(await unwrapContentKey(await claims(), devicePair.privateKey));
  });

  it('unwraps with an RSA-OAEP key made before decision 023, also from a licence that names no alg', async () => {
    const wrap = await wrapKeyForDevice(rawContentKey, rsaPublicJwk);
    expect(wrap).toEqual({ keyWrapped: expect.any(String), keyWrapAlg: RSA_OAEP_256 });
    const rsaClaims = await claims({ ...wrap, epk: undefined, deviceKeyThumbprint: rsaThumbprint });
    await expectServerKey(await unwrapContentKey(rsaClaims, rsaPair.privateKey));
    const { keyWrapAlg: _alg, ...issuedBefore } = rsaClaims;
    await expectServerKey(await unwrapContentKey(issuedBefore, rsaPair.privateKey));
  });

  it('refuses a key wrapped to another P-256 key, another purpose, another device or a tampered epk or alg', async () => {
    const refused = async (wrap: Partial<TLicenseClaims>, privateKey = devicePair.privateKey) =>
      expect(unwrapContentKey({ ...(await claims()), ...wrap }, privateKey)).rejects.toMatchObject({
        code: 'license_invalid',
        message: READER_MESSAGES.licenseInvalid,
        refusal: 'key_unwrap',
      });
    const other = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, true, ['deriveKey']);
    const otherJwk = await crypto.subtle.exportKey('jwk', other.publicKey);
    // Wrapped to another P-256 key, even with this device's thumbprint in the derivation.
    await refused(await wrapKeyForDevice(rawContentKey, otherJwk, { deviceThumbprint }));
    // This key, but bound to another device's thumbprint, or wrapped for the registration challenge.
    await refused(await wrapKeyForDevice(rawContentKey, devicePublicJwk, { deviceThumbprint: 'another-device' }));
    await refused(await wrapKeyForDevice(rawContentKey, devicePublicJwk, { purpose: 'device-challenge' }));
    // The epk of another wrap, another point, or none; an unknown alg, or RSA's for this P-256 key.
    const mine = await claims();
    await refused({ epk: (await wrapKeyForDevice(rawContentKey, devicePublicJwk)).epk });
    await refused({ epk: ecdhP256PublicJwk(otherJwk) });
    await refused({ epk: undefined });
    await refused({ keyWrapAlg: 'ECDH-ES+A256KW' as typeof RSA_OAEP_256 });
    await refused({ keyWrapAlg: RSA_OAEP_256, epk: undefined });
    await refused({ keyWrapAlg: undefined, epk: undefined });
    // A P-256 licence for an RSA key, and the wrapped bytes changed.
    await refused({}, rsaPair.privateKey);
    const flipped = mine.keyWrapped[10] === 'A' ? 'B' : 'A';
    await refused({ keyWrapped: `${mine.keyWrapped.slice(0, 10)}${flipped}${mine.keyWrapped.slice(11)}` });
    await refused({ keyWrapped: '!!' });
  });

  it('refuses a key wrapped to another RSA key, and a wrapped key that is not AES-256', async () => {
    const otherPair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const wrappedForOther = await wrapKeyForDevice(rawContentKey, await exportJWK(otherPair.publicKey));
    const rsaClaims = { deviceKeyThumbprint: rsaThumbprint };
    await expect(unwrapContentKey({ ...rsaClaims, ...wrappedForOther }, rsaPair.privateKey)).rejects.toMatchObject({
      code: 'license_invalid',
      refusal: 'key_unwrap',
    });
    // A 16-byte key (the server wraps only 32-byte ones, so sealed here by hand).
    const rsaPublic = await crypto.subtle.importKey('jwk', rsaPublicJwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const shortKey = base64url.encode(
      new Uint8Array(
        await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsaPublic, crypto.getRandomValues(new Uint8Array(16))),
      ),
    );
    await expect(
      unwrapContentKey({ ...rsaClaims, keyWrapped: shortKey, keyWrapAlg: RSA_OAEP_256 }, rsaPair.privateKey),
    ).rejects.toMatchObject({ refusal: 'key_unwrap' });
  });

  it('derives through deriveBits where the browser cannot derive an HKDF key from ECDH directly', async () => {
    const licence = await claims();
    const deriveKey = crypto.subtle.deriveKey.bind(crypto.subtle);
    const spy = vi
      .spyOn(crypto.subtle, 'deriveKey')
      .mockImplementation(async (algorithm, baseKey, derived, ...rest) => {
        if ((algorithm as Algorithm).name === 'ECDH')
          throw new DOMException('ECDH cannot derive HKDF here', 'NotSupportedError');
        return deriveKey(algorithm, baseKey, derived, ...rest);
      });
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    try {
      await expectServerKey(await unwrapContentKey(licence, devicePair.privateKey));
      expect(deriveBits).toHaveBeenCalledWith(expect.objectContaining({ name: 'ECDH' }), devicePair.privateKey, 256);
    } finally {
      spy.mockRestore();
      deriveBits.mockRestore();
    }
  });
});
