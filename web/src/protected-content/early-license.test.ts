import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@web/lib/api-test-support';
import { writeBrowserDeviceHint } from '@web/storage/device-hint';

const GRANT = { license: 'jws', licenseId: 'licence-1', serverTime: '2026-11-26T12:00:00.000Z' };

async function freshModule() {
  vi.resetModules();
  return import('./early-license');
}

function stubLicenseServer() {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(GRANT), { status: 201, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the licence asked for by the reader page's script (docs/decisions/025-reader-first-page.md)", () => {
  it("asks at once with this browser's stored device, and hands the request to the open of that book, reader and device once", async () => {
    const fetch = stubLicenseServer();
    writeBrowserDeviceHint('user-1', { deviceId: 'device-1', thumbprint: 'thumb' });
    const { requestLicenseEarly, takeEarlyLicense } = await freshModule();
    requestLicenseEarly('deep-work', 'user-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(apiPath('/licenses'));
    expect(JSON.parse(String(init.body))).toEqual({ bookId: 'deep-work', deviceId: 'device-1', kind: 'online' });
    expect(takeEarlyLicense('deep-work', 'user-1', 'other-device')).toBeNull();
    expect(takeEarlyLicense('other-book', 'user-1', 'device-1')).toBeNull();
    expect(takeEarlyLicense('deep-work', 'user-2', 'device-1')).toBeNull();
    await expect(takeEarlyLicense('deep-work', 'user-1', 'device-1')).resolves.toEqual(GRANT);
    expect(takeEarlyLicense('deep-work', 'user-1', 'device-1')).toBeNull();
  });

  it('asks nothing when this browser has no device stored for the reader', async () => {
    const fetch = stubLicenseServer();
    writeBrowserDeviceHint('someone-else', { deviceId: 'device-9', thumbprint: 'thumb' });
    const { requestLicenseEarly, takeEarlyLicense } = await freshModule();
    requestLicenseEarly('deep-work', 'user-1');
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyLicense('deep-work', 'user-1', 'device-9')).toBeNull();
  });
});
