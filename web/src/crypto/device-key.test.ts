import { calculateJwkThumbprint, type JWK } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ecdhP256PublicJwk, wrapToDeviceKey } from '@shared/device-key-wrap';
import { deleteDb } from '@web/storage/db';
import { listBrowserDevices, readBrowserDevice, readDeviceKey, saveDeviceKeyIfAbsent } from '@web/storage/device-store';
import { ReaderError } from '@web/lib/reader-error';
import { describeThisBrowser, ensureBrowserDevice, getOrCreateDeviceKey, resetDeviceKeyCache } from './device-key';
import { unwrapWithDeviceKey } from './device-key-unwrap';
import { apiPath } from '@web/lib/api-test-support';

afterEach(async () => {
  vi.unstubAllGlobals();
  resetDeviceKeyCache();
  await deleteDb();
});

describe('device key', () => {
  it('is created once, stored, and the same key is used after a reload', async () => {
    const [first, concurrent] = await Promise.all([getOrCreateDeviceKey(), getOrCreateDeviceKey()]);
    expect(concurrent.thumbprint).toBe(first.thumbprint);
    expect((await readDeviceKey())?.thumbprint).toBe(first.thumbprint);

    resetDeviceKeyCache(); // as after a page reload: only IndexedDB remembers the key
    const reloaded = await getOrCreateDeviceKey();
    expect(reloaded.thumbprint).toBe(first.thumbprint);
    expect(reloaded.privateKey).toBeInstanceOf(CryptoKey);
    expect((await readDeviceKey())?.thumbprint).toBe(first.thumbprint);
  });

  it('is ECDH P-256 with a private key that cannot be exported, before and after storage', async () => {
    const key = await getOrCreateDeviceKey();
    resetDeviceKeyCache();
    const stored = await getOrCreateDeviceKey();
    for (const privateKey of [key.privateKey, stored.privateKey]) {
      expect(privateKey.extractable).toBe(false);
      expect(privateKey.type).toBe('private');
      expect(privateKey.algorithm).toEqual({ name: 'ECDH', namedCurve: 'P-256' });
      expect([...privateKey.usages].sort()).toEqual(['deriveBits', 'deriveKey']);
      await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow();
      await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow();
    }
  });

  it('exposes only public key material with its RFC 7638 thumbprint', async () => {
    const key = await getOrCreateDeviceKey();
    expect(Object.keys(key.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(key.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(key.thumbprint).toBe(
      await calculateJwkThumbprint({ kty: 'EC', crv: 'P-256', x: key.publicJwk.x, y: key.publicJwk.y } as JWK),
    );
    // The stored key round-trips: what the server wraps to the public key, the stored private key unwraps.
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const wrap = await wrapToDeviceKey(ecdhP256PublicJwk(key.publicJwk), secret, {
      deviceThumbprint: key.thumbprint,
      purpose: 'device-challenge',
    });
    resetDeviceKeyCache();
    const stored = await getOrCreateDeviceKey();
    const unwrapped = await unwrapWithDeviceKey({
      wrap,
      privateKey: stored.privateKey,
      deviceThumbprint: stored.thumbprint,
      purpose: 'device-challenge',
      target: { algorithm: { name: 'AES-GCM' }, extractable: true, usages: ['decrypt'] },
    });
    expect(new Uint8Array(await crypto.subtle.exportKey('raw', unwrapped))).toEqual(secret);
  });

  it('keeps an RSA-OAEP key made before decision 023: no new key, same thumbprint', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    );
    const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const publicJwk = { kty: 'RSA', n: exported.n, e: exported.e, alg: 'RSA-OAEP-256' };
    const thumbprint = await calculateJwkThumbprint({ kty: 'RSA', n: exported.n, e: exported.e } as JWK);
    await saveDeviceKeyIfAbsent({ id: 'browser', ...pair, publicJwk, thumbprint, createdAt: Date.now() });
    const key = await getOrCreateDeviceKey();
    expect(key.thumbprint).toBe(thumbprint);
    expect(key.privateKey.algorithm.name).toBe('RSA-OAEP');
    expect((await readDeviceKey())?.thumbprint).toBe(thumbprint);
  });
});

describe('ensureBrowserDevice', () => {
  function stubRegistration(answer: (publicKey: JsonWebKey) => Promise<object>) {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const body = JSON.parse(String(init.body)) as { publicKey: JsonWebKey };
        return new Response(JSON.stringify(await answer(body.publicKey)), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    return calls;
  }

  it('registers the public key once per user and caches the device id', async () => {
    let count = 0;
    const calls = stubRegistration(async (publicKey) => ({
      deviceId: `device-${++count}`,
      keyThumbprint: await calculateJwkThumbprint(publicKey as JWK),
      offlineRegistered: false,
    }));
    const [device, again] = await Promise.all([ensureBrowserDevice('user-1'), ensureBrowserDevice('user-1')]);
    expect(device).toEqual(again);
    expect(await ensureBrowserDevice('user-1')).toEqual(device);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(apiPath('/devices/browser'));
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBe('application/json');
    const sent = JSON.parse(String(calls[0].init.body)) as { publicKey: JsonWebKey; name: string };
    expect(sent.publicKey).not.toHaveProperty('d');
    expect(typeof sent.name).toBe('string');
    expect(await readBrowserDevice('user-1')).toMatchObject({
      deviceId: 'device-1',
      thumbprint: device.thumbprint,
    });

    const other = await ensureBrowserDevice('user-2');
    expect(other.deviceId).toBe('device-2');
    expect(other.thumbprint).toBe(device.thumbprint);
    expect(calls).toHaveLength(2);
  });

  it('shares one key generation and one registration between the background preparation and an open', async () => {
    const calls = stubRegistration(async (publicKey) => ({
      deviceId: 'device-1',
      keyThumbprint: await calculateJwkThumbprint(publicKey as JWK),
      offlineRegistered: false,
    }));
    const generateKey = vi.spyOn(crypto.subtle, 'generateKey');
    try {
      const background = ensureBrowserDevice('user-1');
      // An open starting while the key is being made: the same calls openProtectedBook makes.
      const [openDevice, openKey] = await Promise.all([ensureBrowserDevice('user-1'), getOrCreateDeviceKey()]);
      expect(await background).toEqual(openDevice);
      expect(openKey.thumbprint).toBe(openDevice.thumbprint);
      expect(generateKey).toHaveBeenCalledTimes(1);
      expect(calls).toHaveLength(1);
    } finally {
      generateKey.mockRestore();
    }
  });

  it('refuses a registration answer for a different key', async () => {
    stubRegistration(async () => ({ deviceId: 'device-x', keyThumbprint: 'not-this-key', offlineRegistered: false }));
    await expect(ensureBrowserDevice('user-1')).rejects.toMatchObject({ code: 'license_invalid' });
    await expect(ensureBrowserDevice('user-1')).rejects.toBeInstanceOf(ReaderError);
    expect(await listBrowserDevices()).toEqual([]);
  });

  it('passes a server refusal on as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'Sign in first.' }), { status: 401 })),
    );
    await expect(ensureBrowserDevice('user-1')).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });
});

describe('describeThisBrowser', () => {
  it('names common browsers and platforms', () => {
    expect(describeThisBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeThisBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeThisBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeThisBrowser(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(describeThisBrowser('')).toBe('Browser');
  });
});
