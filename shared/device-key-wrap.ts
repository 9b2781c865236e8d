/**
 * How a 32-byte secret (a book's content key, a registration nonce) is wrapped to a browser's device key
 * (docs/ARCHITECTURE.md#protected-content; decision records 015 and 023). Two key types live side by side, chosen by
 * the device's public JWK `kty`:
 *
 * - `EC` (P-256, every browser since decision 023): `ECDH-ES+HKDF-SHA256+A256KW`. The server makes an ephemeral P-256
 *   key per wrap, ECDH with the device's public key, HKDF-SHA256 over the shared secret with a salt naming the scheme
 *   and an info binding the purpose, the scheme, the ephemeral public key (`epk`) and the device key's RFC 7638
 *   thumbprint, and wraps the secret with AES-KW (A256KW) under the derived key. The browser does every step inside
 *   WebCrypto (ECDH -> deriveKey HKDF -> deriveKey AES-KW -> unwrapKey), so no shared secret or key-encryption key is
 *   ever a JavaScript ArrayBuffer (web/src/crypto/device-key-unwrap.ts).
 * - `RSA` (browsers that made their key before decision 023): RSA-OAEP with SHA-256, as before.
 *
 * The wrapping runs on the server (api/src/features/devices) with WebCrypto, which Node and browsers share; it is here
 * so the browser's unwrapping is tested against the very code the server runs.
 */
import { base64url } from 'jose';

/** A browser's ECDH P-256 public key as stored and as the key wrapping reads it (the RFC 7638 members only). */
export interface TEcdhP256PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}
export interface TRsaOaepPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  alg: 'RSA-OAEP-256';
}
/**
 * A device's public key (validated by shared/reader.schemas.ts ZDevicePublicJwk): ECDH P-256 (every browser since
 * decision 023) or RSA-OAEP-256 3072 (browsers keyed before it).
 */
export type TDevicePublicJwk = TEcdhP256PublicJwk | TRsaOaepPublicJwk;

export const RSA_OAEP_256 = 'RSA-OAEP-256';
export const ECDH_HKDF_A256KW = 'ECDH-ES+HKDF-SHA256+A256KW';
/** Every key-wrapping algorithm a licence or challenge may name; a browser refuses any other. */
export const DEVICE_KEY_WRAP_ALGS = [RSA_OAEP_256, ECDH_HKDF_A256KW] as const;
export type TDeviceKeyWrapAlg = (typeof DEVICE_KEY_WRAP_ALGS)[number];

export const isDeviceKeyWrapAlg = (value: unknown): value is TDeviceKeyWrapAlg =>
  DEVICE_KEY_WRAP_ALGS.includes(value as TDeviceKeyWrapAlg);

/**
 * What the wrapped secret is for, part of the HKDF info: a content key wrapped for a licence cannot be unwrapped by the
 * registration code, which makes the (throw-away) nonce extractable to answer the challenge.
 */
export const KEY_WRAP_PURPOSES = ['licence-content-key', 'device-challenge'] as const;
export type TKeyWrapPurpose = (typeof KEY_WRAP_PURPOSES)[number];

/** Bytes of every wrapped secret: AES-256 content keys and registration nonces. */
export const WRAPPED_SECRET_BYTES = 32;

/** A secret wrapped to one device key: `epk` is present exactly for the ECDH scheme. */
export interface TDeviceKeyWrap {
  alg: TDeviceKeyWrapAlg;
  /** The server's ephemeral P-256 public key (ECDH scheme only). */
  epk?: TEcdhP256PublicJwk;
  /** RSA-OAEP ciphertext or AES-KW output (40 bytes), base64url. */
  wrapped: string;
}

/** An EC P-256 public key as JWK with exactly the members the HKDF info and RFC 7638 use. */
export function ecdhP256PublicJwk(jwk: JsonWebKey): TEcdhP256PublicJwk {
  return { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y) };
}

/** P-256 in WebCrypto's terms, for ECDH. */
export const ECDH_P256: EcKeyImportParams = { name: 'ECDH', namedCurve: 'P-256' };

const utf8 = new TextEncoder();

/**
 * HKDF parameters of the ECDH scheme. The salt names the scheme; the info binds the purpose, the scheme, the ephemeral
 * key and the device key's thumbprint, so a wrapped key moved to another licence (another epk), another device or
 * another purpose derives another key-encryption key and AES-KW's integrity check refuses it.
 */
export function keyWrapHkdfParams(input: {
  epk: TEcdhP256PublicJwk;
  deviceThumbprint: string;
  purpose: TKeyWrapPurpose;
}): HkdfParams {
  const { epk } = input;
  return {
    name: 'HKDF',
    hash: 'SHA-256',
    salt: utf8.encode(`wonderful-books|${ECDH_HKDF_A256KW}`),
    info: utf8.encode([input.purpose, ECDH_HKDF_A256KW, epk.crv, epk.x, epk.y, input.deviceThumbprint].join('|')),
  };
}

async function wrapToRsaKey(publicJwk: Extract<TDevicePublicJwk, { kty: 'RSA' }>, secret: Uint8Array) {
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'RSA', n: publicJwk.n, e: publicJwk.e, alg: publicJwk.alg, ext: true },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const ciphertext = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, secret as Uint8Array<ArrayBuffer>);
  return { alg: RSA_OAEP_256, wrapped: base64url.encode(new Uint8Array(ciphertext)) } satisfies TDeviceKeyWrap;
}

async function wrapToEcdhKey(
  publicJwk: TEcdhP256PublicJwk,
  secret: Uint8Array,
  context: { deviceThumbprint: string; purpose: TKeyWrapPurpose },
) {
  const subtle = crypto.subtle;
  const deviceKey = await subtle.importKey('jwk', { ...ecdhP256PublicJwk(publicJwk), ext: true }, ECDH_P256, false, []);
  // The ephemeral private key is not extractable and is dropped after this one wrap (ECDH-ES: one key per message).
  const ephemeral = await subtle.generateKey(ECDH_P256, false, ['deriveKey']);
  const epk = ecdhP256PublicJwk(await subtle.exportKey('jwk', ephemeral.publicKey));
  const sharedSecret = await subtle.deriveKey(
    { name: 'ECDH', public: deviceKey },
    ephemeral.privateKey,
    'HKDF',
    false,
    ['deriveKey'],
  );
  const kek = await subtle.deriveKey(
    keyWrapHkdfParams({ epk, deviceThumbprint: context.deviceThumbprint, purpose: context.purpose }),
    sharedSecret,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey'],
  );
  const secretKey = await subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, 'AES-GCM', true, ['decrypt']);
  const wrapped = await subtle.wrapKey('raw', secretKey, kek, 'AES-KW');
  return { alg: ECDH_HKDF_A256KW, epk, wrapped: base64url.encode(new Uint8Array(wrapped)) } satisfies TDeviceKeyWrap;
}

/**
 * Wraps a 32-byte secret to a device's public key with the scheme of its key type. Throws for a key WebCrypto does
 * not accept (registration has already imported it, so stored keys are usable).
 */
export async function wrapToDeviceKey(
  publicJwk: TDevicePublicJwk,
  secret: Uint8Array,
  context: { deviceThumbprint: string; purpose: TKeyWrapPurpose },
): Promise<TDeviceKeyWrap> {
  if (secret.byteLength !== WRAPPED_SECRET_BYTES)
    throw new Error(`Only ${WRAPPED_SECRET_BYTES}-byte secrets are wrapped.`);
  return publicJwk.kty === 'RSA' ? wrapToRsaKey(publicJwk, secret) : wrapToEcdhKey(publicJwk, secret, context);
}
