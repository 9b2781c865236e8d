/**
 * Registering this browser as an offline device (docs/ARCHITECTURE.md#offline-devices-and-licences, decision record
 * 008): the server encrypts a random nonce to this browser's RSA-OAEP key (POST /api/devices/challenge), the private
 * key, which never leaves WebCrypto, decrypts it, and the nonce goes back as the proof (POST /api/devices). The plan's
 * device cap is enforced by the server; its refusals arrive as ApiErrors with the sentence to show (describeError).
 */
import { base64url } from 'jose';
import { DEVICE_MESSAGES, type TDevice, type TDeviceChallenge } from '@shared/devices';
import { OFFLINE_DEVICE_NAME_MAX_CHARS } from '@shared/devices.schemas';
import {
  describeThisBrowser,
  ensureBrowserDevice,
  forgetRegisteredBrowserDevice,
  getOrCreateDeviceKey,
} from '@web/crypto/device-key';
import { api, isApiError, readJson } from '@web/lib/api';
import { readBrowserDevice, saveBrowserDevice } from '@web/storage/device-store';
import type { TStoredBrowserDevice } from '@web/storage/db';
import type { TDownloadsChannel } from './downloads-channel';

/** "Chrome on Linux": the name a device gets when the reader does not type one. */
export function defaultDeviceName(userAgent?: string): string {
  return describeThisBrowser(userAgent).slice(0, OFFLINE_DEVICE_NAME_MAX_CHARS);
}

/** The server answered that it does not know this browser's device (removed, or another account's). */
function isUnknownDevice(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Decrypts the server's challenge with this browser's private key; the nonce as base64url. */
export async function answerDeviceChallenge(encryptedChallenge: string, privateKey: CryptoKey): Promise<string> {
  let nonce: Uint8Array;
  try {
    nonce = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'RSA-OAEP' },
        privateKey,
        base64url.decode(encryptedChallenge) as BufferSource,
      ),
    );
  } catch (error) {
    throw new Error(DEVICE_MESSAGES.proofFailed, { cause: error });
  }
  const answer = base64url.encode(nonce);
  nonce.fill(0);
  return answer;
}

function requestChallenge(deviceId: string): Promise<TDeviceChallenge> {
  return readJson<TDeviceChallenge>(api.devices.challenge.$post({ json: { deviceId } }));
}

async function challengeFor(
  userId: string,
  name: string,
): Promise<{ device: TStoredBrowserDevice; challenge: TDeviceChallenge }> {
  let device = await ensureBrowserDevice(userId, { name });
  try {
    return { device, challenge: await requestChallenge(device.deviceId) };
  } catch (error) {
    if (!isUnknownDevice(error)) throw error;
    // The cached device id is stale (removed on another device): register the key again, once.
    await forgetRegisteredBrowserDevice(userId);
    device = await ensureBrowserDevice(userId, { name });
    return { device, challenge: await requestChallenge(device.deviceId) };
  }
}

/**
 * Registers this browser for offline reading for the signed-in user, proving it holds its device key.
 * Resolves with the server's device; rejects with the server's ApiError (no plan, cap reached, a
 * refused proof) or an Error whose message is fit to show.
 */
export async function registerThisDeviceForOffline(
  options: { userId: string; name?: string },
  channel: TDownloadsChannel,
): Promise<TDevice> {
  const { userId } = options;
  const name = (options.name?.trim() || defaultDeviceName()).slice(0, OFFLINE_DEVICE_NAME_MAX_CHARS);
  const key = await getOrCreateDeviceKey();
  const { device, challenge } = await challengeFor(userId, name);
  const response = await answerDeviceChallenge(challenge.encryptedChallenge, key.privateKey);
  const registered = await readJson<TDevice>(
    api.devices.$post({ json: { deviceId: device.deviceId, challengeId: challenge.challengeId, response, name } }),
  );
  await saveBrowserDevice({ ...device, offlineRegistered: registered.isOfflineRegistered });
  channel.announceStoredChange();
  return registered;
}

/** Whether this browser is registered for offline reading for the user, as last learnt from the server. */
export async function isThisDeviceOfflineRegistered(userId: string): Promise<boolean> {
  return (await readBrowserDevice(userId))?.offlineRegistered ?? false;
}
