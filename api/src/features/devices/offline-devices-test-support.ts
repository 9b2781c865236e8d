/**
 * Test helpers for offline devices: the browser's side of registration (register the key, ask for a
 * challenge, unwrap it with the private key, answer), as web/src does it with WebCrypto.
 */
import { base64url } from 'jose';
import type { TDeviceChallenge } from '@shared/devices';
import type { TBrowserDevice } from '@shared/reader';
import { successBody } from '../../test-utils';
import type { setup } from '../selections/selections-test-support';
import { generateDeviceKey, unwrapWithTestKey, type TTestDeviceKey } from './device-keys-test-support';

export type TTestReader = Awaited<ReturnType<ReturnType<typeof setup>['reader']>>;

/** The browser's answer to a challenge: the nonce unwrapped with the device's private key, base64url. */
export async function answerChallenge(key: TTestDeviceKey, challenge: TDeviceChallenge): Promise<string> {
  const nonceKey = await unwrapWithTestKey(
    key,
    { alg: challenge.keyWrapAlg, epk: challenge.epk, wrapped: challenge.encryptedChallenge },
    'device-challenge',
    { algorithm: { name: 'AES-GCM' }, extractable: true, usages: ['decrypt'] },
  );
  return base64url.encode(new Uint8Array(await crypto.subtle.exportKey('raw', nonceKey)));
}

export async function browserDevice(reader: TTestReader, key: TTestDeviceKey): Promise<TBrowserDevice> {
  const response = await reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`browser device answered ${response.status}: ${await response.text()}`);
  return successBody(response);
}

export async function requestChallenge(reader: TTestReader, deviceId: string): Promise<TDeviceChallenge> {
  const response = await reader.api.devices.challenge.$post({ json: { deviceId } });
  if (response.status !== 201) throw new Error(`challenge answered ${response.status}: ${await response.text()}`);
  return successBody(response);
}

/** Everything up to (not including) POST /api/devices: a browser device and the answered challenge. */
export async function preparedRegistration(reader: TTestReader, key?: TTestDeviceKey) {
  const deviceKey = key ?? (await generateDeviceKey());
  const device = await browserDevice(reader, deviceKey);
  const challenge = await requestChallenge(reader, device.deviceId);
  const response = await answerChallenge(deviceKey, challenge);
  return {
    key: deviceKey,
    device,
    challenge,
    body: { deviceId: device.deviceId, challengeId: challenge.challengeId, response },
  };
}

/** Registers a browser for offline reading end to end; throws unless the API answers 201. */
export async function registerOffline(reader: TTestReader, key?: TTestDeviceKey, name?: string) {
  const prepared = await preparedRegistration(reader, key);
  const response = await reader.api.devices.$post({ json: { ...prepared.body, ...(name ? { name } : {}) } });
  if (response.status !== 201)
    throw new Error(`offline registration answered ${response.status}: ${await response.text()}`);
  return prepared;
}
