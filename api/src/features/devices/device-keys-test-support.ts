/** Test helpers: browser-like RSA-OAEP-256 device key pairs made with WebCrypto, as the reader makes them. */

export interface TTestDeviceKey {
  /** A plain record as well, which is what the request schema takes once the key travels as JSON. */
  publicJwk: JsonWebKey & Record<string, unknown>;
  privateKey: CryptoKey;
  privateJwk: JsonWebKey;
}

export async function generateDeviceKey(modulusLength = 3072): Promise<TTestDeviceKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
  );
  return {
    publicJwk: { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)) },
    privateKey: pair.privateKey,
    privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
  };
}

/** 3072-bit keys take a moment to generate; tests share a few. */
const pool: Promise<TTestDeviceKey>[] = [];
export function sharedDeviceKey(slot: number): Promise<TTestDeviceKey> {
  pool[slot] ??= generateDeviceKey();
  return pool[slot];
}
