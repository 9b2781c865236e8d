import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprintSource, getDeviceFingerprint, hashToBase36 } from './device-fingerprint';

afterEach(() => vi.restoreAllMocks());

describe('device fingerprint (docs/product/calls.md#device-fingerprint)', () => {
  it('is a stable base-36 hash of agent, platform, screen size and timezone', () => {
    const source = fingerprintSource();
    expect(source).toContain(navigator.userAgent);
    expect(source).toContain(`${screen.width}x${screen.height}`);
    expect(source).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const first = getDeviceFingerprint();
    expect(first).toMatch(/^[0-9a-z]+$/);
    expect(getDeviceFingerprint()).toBe(first);
    expect(first).toBe(hashToBase36(source));
  });

  it('differs when a signal differs', () => {
    expect(hashToBase36('agent|Linux|390x844|Europe/London')).not.toBe(
      hashToBase36('agent|Linux|1280x800|Europe/London'),
    );
  });

  it('warns and uses a random string when it cannot be computed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = () => {
      throw new Error('no screen');
    };
    const first = getDeviceFingerprint(failing);
    const second = getDeviceFingerprint(failing);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0][0])).toMatch(/fingerprint/i);
    expect(first).toMatch(/^[0-9a-z]+$/);
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(first).not.toBe(second);
  });
});
