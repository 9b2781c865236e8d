/**
 * Test helpers: browser-like device key pairs made with WebCrypto, as the reader makes them: ECDH P-256 (every browser
 * since decision 023) or RSA-OAEP-256 3072 (browsers keyed before it), and the browser's side of the key wrapping
 * written out again here with WebCrypto (web/src/crypto/device-key-unwrap.ts is the browser's own).
 */
import { base64url, calculateJwkThumbprint, type JWK } from 'jose';
import {
  ECDH_HKDF_A256KW,
  ECDH_P256,
  keyWrapHkdfParams,
  RSA_OAEP_256,
  type TDeviceKeyWrap,
  type TKeyWrapPurpose,
} from '@shared/device-key-wrap';

export type TTestKeyType = 'p256' | 'rsa';

export interface TTestDeviceKey {
  type: TTestKeyType;
  /** A plain record as well, which is what the request schema takes once the key travels as JSON. */
  publicJwk: JsonWebKey & Record<string, unknown>;
  privateKey: CryptoKey;
  privateJwk: JsonWebKey;
  /** RFC 7638 thumbprint of the public key, as the server computes it. */
  thumbprint: string;
}

async function thumbprintOf(jwk: JsonWebKey): Promise<string> {
  const members =
    jwk.kty === 'EC' ? { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: 'RSA', n: jwk.n, e: jwk.e };
  return calculateJwkThumbprint(members as JWK, 'sha256');
}

/** A fresh key pair; `modulusLength` only for RSA (3072 is what browsers made; others test the size check). */
export async function generateDeviceKey(type: TTestKeyType = 'p256', modulusLength = 3072): Promise<TTestDeviceKey> {
  const pair =
    type === 'p256'
      ? await crypto.subtle.generateKey(ECDH_P256, true, ['deriveKey', 'deriveBits'])
      : await crypto.subtle.generateKey(
          { name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
          true,
          ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
        );
  const publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)) };
  return {
    type,
    publicJwk,
    privateKey: pair.privateKey,
    privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
    thumbprint: await thumbprintOf(publicJwk),
  };
}

/** RSA keys take a moment to generate; tests share a few of each type. */
const pool = new Map<string, Promise<TTestDeviceKey>>();
export function sharedDeviceKey(slot: number, type: TTestKeyType = 'p256'): Promise<TTestDeviceKey> {
  const name = `${type}:${slot}`;
  let key = pool.get(name);
  if (!key) {
    key = generateDeviceKey(type);
    pool.set(name, key);
  }
  return key;
}

/**
 * What the browser does with a wrap (a licence's content key, a challenge's nonce): unwrap it with the private key into
 * `target`. Fails for a wrap made to another key, for another purpose, or with an alg that does not fit the key.
 */
export async function unwrapWithTestKey(
  key: TTestDeviceKey,
  wrap: Pick<TDeviceKeyWrap, 'epk' | 'wrapped'> & { alg?: string },
  purpose: TKeyWrapPurpose,
  target: { algorithm: AlgorithmIdentifier; extractable: boolean; usages: KeyUsage[] },
): Promise<CryptoKey> {
  const wrapped = base64url.decode(wrap.wrapped) as Uint8Array<ArrayBuffer>;
  const alg = wrap.alg ?? RSA_OAEP_256;
  if (alg === RSA_OAEP_256 && key.type === 'rsa') {
    return crypto.subtle.unwrapKey(
      'raw',
      wrapped,
      key.privateKey,
      { name: 'RSA-OAEP' },
      target.algorithm,
      target.extractable,
      target.usages,
    );
  }
  if (alg !== ECDH_HKDF_A256KW || key.type !== 'p256' || !wrap.epk) throw new Error(`${alg} does not fit this key`);
  const serverKey = await crypto.subtle.importKey('jwk', wrap.epk, ECDH_P256, true, []);
  const sharedSecret = await crypto.subtle.deriveKey(
    { name: 'ECDH', public: serverKey },
    key.privateKey,
    'HKDF',
    false,
    ['deriveKey'],
  );
  const kek = await crypto.subtle.deriveKey(
    keyWrapHkdfParams({ epk: wrap.epk, deviceThumbprint: key.thumbprint, purpose }),
    sharedSecret,
    { name: 'AES-KW', length: 256 },
    false,
    ['unwrapKey'],
  );
  return crypto.subtle.unwrapKey('raw', wrapped, kek, 'AES-KW', target.algorithm, target.extractable, target.usages);
}
