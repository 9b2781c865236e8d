/**
 * The offline-devices contract (docs/API.md: devices; docs/ARCHITECTURE.md#protected-content): registering a browser
 * for offline reading with proof of key possession, the Devices page list, and what a device learns about itself at its
 * next contact. Pure: used by api/src/features/devices and the web /devices and /offline pages.
 */
import type { TDeviceKeyWrapAlg, TEcdhP256PublicJwk } from './device-key-wrap';
import { TIER_LABELS, type TSubscriptionTier } from './tiers';

/** A registration challenge lives this long; the browser answers it at once. */
export const DEVICE_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Bytes of the random nonce the server encrypts to the device key. */
export const DEVICE_CHALLENGE_BYTES = 32;

/**
 * POST /api/devices/challenge answer. `encryptedChallenge` is the nonce wrapped to the device's public key with the
 * scheme licences use for that key type (`keyWrapAlg`, and the ephemeral key `epk` for ECDH; shared/device-key-wrap.ts):
 * the browser unwraps it with its private key and sends the nonce back (base64url) as `response` to POST /api/devices.
 */
export interface TDeviceChallenge {
  challengeId: string;
  encryptedChallenge: string;
  keyWrapAlg: TDeviceKeyWrapAlg;
  epk?: TEcdhP256PublicJwk;
  expiresAt: string;
}

/** One offline-registered device of the reader (GET /api/devices item, POST/PATCH /api/devices answers). */
export interface TDevice {
  id: string;
  name: string;
  isOfflineRegistered: boolean;
  /** When it was registered for offline reading (null for a browser that is online-only). */
  registeredAt: string | null;
  lastActiveAt: string | null;
  createdAt: string;
  /** Active (not revoked, not expired) offline licences held by the device. */
  booksOffline: number;
  /** The latest expiry among those licences, or null when it holds none. */
  licenseExpiresAt: string | null;
  userAgent: string | null;
  /**
   * Past the plan's cap: the plan now allows fewer devices than are registered (after a downgrade), and
   * the devices registered first keep the places. This one can get or renew no offline licence until
   * another device is removed.
   */
  overCap: boolean;
}

/**
 * GET /api/devices: the reader's active offline-registered devices (online-only browsers are not
 * listed; they do not count against the cap). The client marks "this device" itself with the
 * deviceId it got from POST /api/devices/browser. `used` counts against `cap`.
 */
export interface TDeviceList {
  items: TDevice[];
  cap: number;
  used: number;
}

/**
 * What a device is now, as it learns at its next contact:
 * - `registered`: active and registered for offline reading;
 * - `browser`: active but online-only (not registered, or registered again after a removal);
 * - `removed`: removed by the reader, expired for inactivity, or unknown to this reader.
 * Anything but `registered` means the browser deletes its downloaded books and licences.
 */
export const DEVICE_STATUSES = ['registered', 'browser', 'removed'] as const;
export type TDeviceStatusValue = (typeof DEVICE_STATUSES)[number];

/** GET /api/devices/:id/status answer (also `device` in POST /api/licenses/status when asked). */
export interface TDeviceStatus {
  deviceId: string;
  status: TDeviceStatusValue;
  serverTime: string;
}

const planName = (tier: TSubscriptionTier) => (tier === 'free' ? 'Free' : TIER_LABELS[tier]);

export const DEVICE_MESSAGES = {
  offlineNeedsPlan: 'Offline reading needs the Basic or Premium plan. Choose a plan to register this device.',
  challengeInvalid: 'This registration challenge is not valid. Start the registration again.',
  challengeExpired: 'This registration challenge has expired. Start the registration again.',
  challengeUsed: 'This registration challenge has already been used. Start the registration again.',
  proofFailed: 'This browser could not prove it holds its device key. Start the registration again.',
  deviceRemoved: 'This device was removed from your account. Register it again on the Devices page to read offline.',
} as const;

/** "Your Basic plan allows 2 offline devices and this one is past that. Remove another device on the Devices page to read offline here." */
export function deviceOverCapMessage(cap: number, tier: TSubscriptionTier): string {
  return `Your ${planName(tier)} plan allows ${cap} offline ${cap === 1 ? 'device' : 'devices'} and this one is past that. Remove another device on the Devices page to read offline here.`;
}

/** "You can register up to 2 devices on the Basic plan. Remove one on the Devices page to add this one." */
export function deviceCapMessage(cap: number, tier: TSubscriptionTier): string {
  return `You can register up to ${cap} ${cap === 1 ? 'device' : 'devices'} on the ${planName(tier)} plan. Remove one on the Devices page to add this one.`;
}
