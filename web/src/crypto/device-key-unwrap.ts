/**
 * Unwrapping a secret the server wrapped to this browser's device key (shared/device-key-wrap.ts, decision record 023):
 * a licence's content key, or the offline registration's nonce. One code path for both key types, chosen by the wrap's
 * `alg`, which must match the private key's type:
 *
 * - `ECDH-ES+HKDF-SHA256+A256KW` (P-256 keys): ECDH with the server's ephemeral key -> deriveKey HKDF -> deriveKey
 *   AES-KW -> unwrapKey, all inside WebCrypto: the shared secret and the key-encryption key are CryptoKeys that cannot be
 *   exported, never bytes in JavaScript.
 * - `RSA-OAEP-256` (keys made before decision 023, and licences issued before it, which name no alg): unwrapKey.
 */
import { base64url } from 'jose';
import {
  ECDH_HKDF_A256KW,
  ECDH_P256,
  ecdhP256PublicJwk,
  isDeviceKeyWrapAlg,
  keyWrapHkdfParams,
  RSA_OAEP_256,
  type TEcdhP256PublicJwk,
  type TKeyWrapPurpose,
} from '@shared/device-key-wrap';

/** A wrap as it arrives in a licence's claims or a challenge: nothing in it is trusted until it unwraps. */
export interface TReceivedKeyWrap {
  /** Absent in licences issued before decision 023: RSA-OAEP-256. */
  alg?: unknown;
  epk?: unknown;
  wrapped: string;
}

const B64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` is a P-256 public JWK as the server writes `epk` (the point itself is checked by importKey). */
export function isEcdhP256PublicJwk(value: unknown): value is TEcdhP256PublicJwk {
  if (!value || typeof value !== 'object') return false;
  const jwk = value as Record<string, unknown>;
  return (
    jwk.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    typeof jwk.x === 'string' &&
    B64URL_32_BYTES.test(jwk.x) &&
    typeof jwk.y === 'string' &&
    B64URL_32_BYTES.test(jwk.y)
  );
}

/**
 * The HKDF key of ECDH(private key, epk). Where the browser cannot derive an HKDF key from ECDH directly, the 32-byte
 * shared secret goes through deriveBits for the moment it takes to import it as a non-extractable HKDF key, and is
 * zeroed at once: Chromium, Firefox and Node take the direct path.
 */
async function deriveSharedSecretKey(privateKey: CryptoKey, serverKey: CryptoKey): Promise<CryptoKey> {
  const ecdh: EcdhKeyDeriveParams = { name: 'ECDH', public: serverKey };
  try {
    return await crypto.subtle.deriveKey(ecdh, privateKey, 'HKDF', false, ['deriveKey']);
  } catch (directError) {
    let bits: Uint8Array<ArrayBuffer>;
    try {
      bits = new Uint8Array(await crypto.subtle.deriveBits(ecdh, privateKey, 256));
    } catch {
      throw directError;
    }
    try {
      return await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
    } finally {
      bits.fill(0);
    }
  }
}

/**
 * Unwraps `wrap` with this browser's private key into the key `target` describes. Throws an Error (the caller turns it
 * into its own refusal) for an unknown alg, an alg that does not fit the key type, a malformed epk, or a wrap that does
 * not unwrap (another device's key, another purpose, tampered bytes).
 */
export async function unwrapWithDeviceKey(input: {
  wrap: TReceivedKeyWrap;
  privateKey: CryptoKey;
  /** RFC 7638 thumbprint of this device key: part of the ECDH scheme's HKDF info. */
  deviceThumbprint: string;
  purpose: TKeyWrapPurpose;
  target: { algorithm: AlgorithmIdentifier; extractable: boolean; usages: KeyUsage[] };
}): Promise<CryptoKey> {
  const { wrap, privateKey, target } = input;
  const alg = wrap.alg ?? RSA_OAEP_256;
  if (!isDeviceKeyWrapAlg(alg)) throw new Error(`Unknown key wrapping ${String(alg)}.`);
  const keyType = privateKey.algorithm.name;
  const wrapped = new Uint8Array(base64url.decode(wrap.wrapped));

  if (alg === RSA_OAEP_256) {
    if (keyType !== 'RSA-OAEP' || wrap.epk !== undefined) throw new Error(`${alg} does not fit this ${keyType} key.`);
    return crypto.subtle.unwrapKey(
      'raw',
      wrapped,
      privateKey,
      { name: 'RSA-OAEP' },
      target.algorithm,
      target.extractable,
      target.usages,
    );
  }

  if (keyType !== 'ECDH') throw new Error(`${ECDH_HKDF_A256KW} does not fit this ${keyType} key.`);
  if (!isEcdhP256PublicJwk(wrap.epk)) throw new Error('The ephemeral key (epk) is not a P-256 public key.');
  const epk = ecdhP256PublicJwk(wrap.epk);
  const serverKey = await crypto.subtle.importKey('jwk', { ...epk, ext: true }, ECDH_P256, true, []);
  const sharedSecret = await deriveSharedSecretKey(privateKey, serverKey);
  const kek = await crypto.subtle.deriveKey(
    keyWrapHkdfParams({ epk, deviceThumbprint: input.deviceThumbprint, purpose: input.purpose }),
    sharedSecret,
    { name: 'AES-KW', length: 256 },
    false,
    ['unwrapKey'],
  );
  return crypto.subtle.unwrapKey('raw', wrapped, kek, 'AES-KW', target.algorithm, target.extractable, target.usages);
}
