/**
 * Registering this browser as an offline device (docs/ARCHITECTURE.md#offline-devices-and-licences, decision record
 * 008, 023): the server wraps a random nonce to this browser's device key (POST /api/devices/challenge), the private
 * key, which never leaves WebCrypto, unwraps it, and the nonce goes back as the proof (POST /api/devices). The plan's
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
  type TDeviceKey,
} from '@web/crypto/device-key';
import { unwrapWithDeviceKey } from '@web/crypto/device-key-unwrap';
import { api, isApiError, readJson } from '@web/lib/api';
import { readBrowserDevice, saveBrowserDevice } from '@web/storage/device-store';
import type { TStoredBrowserDevice } from '@web/storage/device-store';
import type { TDownloadsChannel } from './downloads-channel';

/** "Chrome on Linux": the name a device gets when the reader does not type one. */
export function defaultDeviceName(userAgent?: string): string {
  return describeThisBrowser(userAgent).slice(0, OFFLINE_DEVICE_NAME_MAX_CHARS);
}

/** The server answered that it does not know this browser's device (removed, or another account's). */
function isUnknownDevice(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Unwraps the server's challenge with this browser's private key, the way licence keys are unwrapped (one code path for
 * both key types), and answers with the nonce as base64url. The nonce is made extractable for that one answer; its
 * purpose is part of the ECDH scheme's key derivation, so a licence's content key cannot be extracted this way.
 */
export async function answerDeviceChallenge(
  challenge: Pick<TDeviceChallenge, 'encryptedChallenge' | 'keyWrapAlg' | 'epk'>,
  key: Pick<TDeviceKey, 'privateKey' | 'thumbprint'>,
): Promise<string> {
  let nonce: Uint8Array;
  try {
    const unwrapped = await unwrapWithDeviceKey({
      wrap: { alg: challenge.keyWrapAlg, epk: challenge.epk, wrapped: challenge.encryptedChallenge },
      privateKey: key.privateKey,
      deviceThumbprint: key.thumbprint,
      purpose: 'device-challenge',
      target: { algorithm: { name: 'AES-GCM' }, extractable: true, usages: ['decrypt'] },
    });
    nonce = new Uint8Array(await crypto.subtle.exportKey('raw', unwrapped));
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
  const response = await answerDeviceChallenge(challenge, key);
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
