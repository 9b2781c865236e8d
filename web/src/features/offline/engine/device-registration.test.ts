import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { getDb } from '@web/storage/db';
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
    expect(await getDb().browserDevices.get('user-1')).toMatchObject({
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

  it('refuses to answer a challenge encrypted to another key, and the server is never told it is registered', async () => {
    const other = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
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
    await getDb().browserDevices.put({
      userId: 'user-1',
      deviceId: 'stale-device',
      thumbprint: key.thumbprint,
      offlineRegistered: false,
    });
    const server = serve();
    await engine.registerThisDeviceForOffline({ userId: 'user-1' });
    expect(server.requests.filter((request) => request === `POST ${apiPath('/devices/challenge')}`)).toHaveLength(2);
    expect(await getDb().browserDevices.get('user-1')).toMatchObject({
      deviceId: server.deviceId,
      offlineRegistered: true,
    });
  });

  it('answerDeviceChallenge gives back the nonce as base64url', async () => {
    const key = await getOrCreateDeviceKey();
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const { base64url } = await import('jose');
    const encrypted = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key.publicKey, nonce));
    expect(await answerDeviceChallenge(base64url.encode(encrypted), key.privateKey)).toBe(base64url.encode(nonce));
    await expect(answerDeviceChallenge('bm90LWEtY2hhbGxlbmdl', key.privateKey)).rejects.toThrow(
      DEVICE_MESSAGES.proofFailed,
    );
  });
});
