/**
 * The device fingerprint sent with a registration (docs/product/calls.md#device-fingerprint): a base-36 hash of the
 * browser agent, platform, screen size and timezone. It only helps the server spot repeated free-trial sign-ups from
 * one browser; it is not an identity and nothing is stored on the device. If it cannot be computed, a warning is logged
 * and a random string is used instead.
 */

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain); not cryptographic, need not be. */
export function hashToBase36(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The signals of docs/product/calls.md#device-fingerprint, joined; throws when the browser does not expose them. */
export function fingerprintSource(): string {
  const { userAgent, platform } = window.navigator;
  const { width, height } = window.screen;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!userAgent || !width || !height) throw new Error('browser signals unavailable');
  return [userAgent, platform ?? '', `${width}x${height}`, timeZone ?? ''].join('|');
}

export function randomFingerprint(): string {
  try {
    const bytes = new Uint32Array(2);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (value) => value.toString(36)).join('');
  } catch {
    return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  }
}

export function getDeviceFingerprint(readSource: () => string = fingerprintSource): string {
  try {
    return hashToBase36(readSource());
  } catch (error) {
    console.warn('Device fingerprint could not be computed; using a random value instead.', error);
    return randomFingerprint();
  }
}
