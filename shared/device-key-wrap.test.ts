import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ECDH_HKDF_A256KW,
  ECDH_P256,
  ecdhP256PublicJwk,
  keyWrapHkdfParams,
  RSA_OAEP_256,
  wrapToDeviceKey,
} from './device-key-wrap';

const context = { deviceThumbprint: 'device-thumbprint', purpose: 'licence-content-key' } as const;

async function p256PublicJwk() {
  const pair = await crypto.subtle.generateKey(ECDH_P256, false, ['deriveKey']);
  return ecdhP256PublicJwk(await crypto.subtle.exportKey('jwk', pair.publicKey));
}

describe('wrapToDeviceKey', () => {
  it('wraps to a P-256 key with a fresh ephemeral key each time: 40 bytes of AES-KW', async () => {
    const publicJwk = await p256PublicJwk();
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const first = await wrapToDeviceKey(publicJwk, secret, context);
    const second = await wrapToDeviceKey(publicJwk, secret, context);
    expect(first).toEqual({
      alg: ECDH_HKDF_A256KW,
      epk: {
        kty: 'EC',
        crv: 'P-256',
        x: expect.stringMatching(/^[\w-]{43}$/),
        y: expect.stringMatching(/^[\w-]{43}$/),
      },
      wrapped: expect.any(String),
    });
    expect(base64url.decode(first.wrapped)).toHaveLength(40);
    expect(second.epk).not.toEqual(first.epk);
    expect(second.wrapped).not.toBe(first.wrapped);
  });

  it('wraps to an RSA key with RSA-OAEP-256 and no epk', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const { n, e } = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const wrap = await wrapToDeviceKey({ kty: 'RSA', n: n!, e: e!, alg: RSA_OAEP_256 }, secret, context);
    expect(wrap).toEqual({ alg: RSA_OAEP_256, wrapped: expect.any(String) });
    const plain = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      base64url.decode(wrap.wrapped) as Uint8Array<ArrayBuffer>,
    );
    expect(new Uint8Array(plain)).toEqual(secret);
  });

  it('wraps only 32-byte secrets, and only to a point on the curve', async () => {
    const publicJwk = await p256PublicJwk();
    await expect(wrapToDeviceKey(publicJwk, new Uint8Array(16), context)).rejects.toThrow('32-byte');
    const zero = 'A'.repeat(43);
    await expect(wrapToDeviceKey({ ...publicJwk, x: zero, y: zero }, new Uint8Array(32), context)).rejects.toThrow();
  });

  it('binds the purpose, the scheme, the ephemeral key and the device thumbprint in the HKDF info', async () => {
    const epk = await p256PublicJwk();
    const text = (bytes: BufferSource) => new TextDecoder().decode(bytes);
    const params = keyWrapHkdfParams({ epk, ...context });
    expect(text(params.salt)).toBe(`wonderful-books|${ECDH_HKDF_A256KW}`);
    expect(text(params.info)).toBe(`licence-content-key|${ECDH_HKDF_A256KW}|P-256|${epk.x}|${epk.y}|device-thumbprint`);
    expect(text(keyWrapHkdfParams({ epk, ...context, purpose: 'device-challenge' }).info)).not.toBe(text(params.info));
  });
});
