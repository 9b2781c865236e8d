import { base64url } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ECDH_HKDF_A256KW,
  ecdhP256PublicJwk,
  RSA_OAEP_256,
  wrapToDeviceKey,
  type TDeviceKeyWrap,
} from '@shared/device-key-wrap';
import { DEVICE_MESSAGES } from '@shared/devices';
import { getOrCreateDeviceKey } from '@web/crypto/device-key';
import { describeError } from '@web/lib/api';
import {
  encryptBook,
  makeLicenseSigner,
  makePlainBook,
  problem,
  type TEncryptedBook,
  type TLicenseSigner,
} from '@web/protected-content/protected-test-support';
import { readBrowserDevice, saveBrowserDevice } from '@web/storage/device-store';
import { answerDeviceChallenge, defaultDeviceName, isThisDeviceOfflineRegistered } from './device-registration';
import {
  cleanUpOfflineTest,
  createTestOfflineEngine,
  serveOffline,
  type TOfflineServerOptions,
} from './offline-test-support';
import type { TOfflineEngine } from './index';
import { apiPath } from '@web/lib/api-test-support';

let book: TEncryptedBook;
let signer: TLicenseSigner;

beforeAll(async () => {
  book = await encryptBook(makePlainBook(5000), { bookId: 'book-1', chunkSize: 4096 });
  signer = await makeLicenseSigner();
});

let engine: TOfflineEngine;

beforeEach(() => {
  engine = createTestOfflineEngine();
});

afterEach(cleanUpOfflineTest);

function serve(options: Partial<TOfflineServerOptions> = {}) {
  return serveOffline({ book, signer, userId: 'user-1', ...options });
}

describe('registerThisDeviceForOffline', () => {
  it('proves possession of the device key by decrypting the server challenge, then registers', async () => {
    const server = serve();
    const device = await engine.registerThisDeviceForOffline({ userId: 'user-1', name: 'Work laptop' });
    expect(device).toMatchObject({ id: server.deviceId, name: 'Work laptop', isOfflineRegistered: true });
    expect(server.state.offlineRegistered).toBe(true);
    expect(server.requests).toEqual([
      `POST ${apiPath('/devices/browser')}`,
      `POST ${apiPath('/devices/challenge')}`,
      `POST ${apiPath('/devices')}`,
    ]);
    // The answer sent was exactly the nonce the server encrypted to this browser's key.
    expect([...server.challenges.values()]).toEqual([expect.objectContaining({ used: true })]);
    expect(await isThisDeviceOfflineRegistered('user-1')).toBe(true);
    expect(await readBrowserDevice('user-1')).toMatchObject({
      deviceId: server.deviceId,
      offlineRegistered: true,
    });
  });

  it('uses the browser and platform as the default name', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    );
    const server = serve();
    await engine.registerThisDeviceForOffline({ userId: 'user-1' });
    expect(server.state.deviceName).toBe('Chrome on Linux');
    expect(
      defaultDeviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toBe('Firefox on macOS');
    expect(defaultDeviceName('')).toBe('Browser');
  });

  it('refuses to answer a challenge wrapped to another key, and the server is never told it is registered', async () => {
    const other = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveKey']);
    const server = serve();
    server.state.challengeKey = await crypto.subtle.exportKey('jwk', other.publicKey);
    await expect(engine.registerThisDeviceForOffline({ userId: 'user-1' })).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
    expect(server.requests).not.toContain(`POST ${apiPath('/devices')}`);
    expect(server.state.offlineRegistered).toBe(false);
    expect(await isThisDeviceOfflineRegistered('user-1')).toBe(false);
  });

  it("surfaces the server's refusal (device cap) and stores nothing as registered", async () => {
    const message =
      'You can register up to 2 devices on the Basic plan. Remove one on the Devices page to add this one.';
    serve({
      override: ({ url }) =>
        url === apiPath('/devices/challenge') ? problem(409, message, 'device_cap_reached') : undefined,
    });
    const error = await engine.registerThisDeviceForOffline({ userId: 'user-1' }).catch((caught: unknown) => caught);
    expect(describeError(error)).toBe(message);
    expect(await isThisDeviceOfflineRegistered('user-1')).toBe(false);
  });

  it('registers the key again when the cached device id is unknown to the server', async () => {
    const key = await getOrCreateDeviceKey();
    await saveBrowserDevice({
      userId: 'user-1',
      deviceId: 'stale-device',
      thumbprint: key.thumbprint,
      offlineRegistered: false,
    });
    const server = serve();
    await engine.registerThisDeviceForOffline({ userId: 'user-1' });
    expect(server.requests.filter((request) => request === `POST ${apiPath('/devices/challenge')}`)).toHaveLength(2);
    expect(await readBrowserDevice('user-1')).toMatchObject({
      deviceId: server.deviceId,
      offlineRegistered: true,
    });
  });

  it('answerDeviceChallenge unwraps the nonce with a P-256 key and gives it back as base64url', async () => {
    const key = await getOrCreateDeviceKey();
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const wrapFor = (purpose: 'device-challenge' | 'licence-content-key') =>
      wrapToDeviceKey(ecdhP256PublicJwk(key.publicJwk), nonce, { deviceThumbprint: key.thumbprint, purpose });
    const challengeOf = (wrap: TDeviceKeyWrap) => ({
      encryptedChallenge: wrap.wrapped,
      keyWrapAlg: wrap.alg,
      epk: wrap.epk,
    });
    const wrap = await wrapFor('device-challenge');
    expect(await answerDeviceChallenge(challengeOf(wrap), key)).toBe(base64url.encode(nonce));
    // A content key wrapped for a licence cannot be made to come out through the challenge path.
    await expect(answerDeviceChallenge(challengeOf(await wrapFor('licence-content-key')), key)).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
    // Another device's thumbprint in the derivation, a changed epk, an unknown or mismatched alg: no answer.
    await expect(answerDeviceChallenge(challengeOf(wrap), { ...key, thumbprint: 'another-device' })).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
    const otherEpk = (await wrapFor('device-challenge')).epk;
    await expect(answerDeviceChallenge({ ...challengeOf(wrap), epk: otherEpk }, key)).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
    for (const keyWrapAlg of ['ECDH-ES+A256KW', RSA_OAEP_256] as const) {
      await expect(
        answerDeviceChallenge({ ...challengeOf(wrap), keyWrapAlg: keyWrapAlg as typeof RSA_OAEP_256 }, key),
      ).rejects.toThrow(DEVICE_MESSAGES.proofFailed);
    }
    await expect(
      answerDeviceChallenge({ ...challengeOf(wrap), encryptedChallenge: 'bm90LWEtY2hhbGxlbmdl' }, key),
    ).rejects.toThrow(DEVICE_MESSAGES.proofFailed);
  });

  it('answerDeviceChallenge answers with an RSA-OAEP key made before decision 023, by the same code path', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    );
    const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const wrap = await wrapToDeviceKey({ kty: 'RSA', n: exported.n!, e: exported.e!, alg: RSA_OAEP_256 }, nonce, {
      deviceThumbprint: 'rsa-device',
      purpose: 'device-challenge',
    });
    expect(wrap).toEqual({ alg: RSA_OAEP_256, wrapped: expect.any(String) });
    const key = { privateKey: pair.privateKey, thumbprint: 'rsa-device' };
    const challenge = { encryptedChallenge: wrap.wrapped, keyWrapAlg: wrap.alg };
    expect(await answerDeviceChallenge(challenge, key)).toBe(base64url.encode(nonce));
    await expect(answerDeviceChallenge({ ...challenge, keyWrapAlg: ECDH_HKDF_A256KW }, key)).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
  });
});
