import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { send } from '../auth/auth-test-helpers';
import { successBody, problemBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { deviceNameFromUserAgent } from './devices.service';
import { generateDeviceKey, sharedDeviceKey } from './device-keys-test-support';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('POST /api/devices/browser', () => {
  it('registers the browser key once per reader and thumbprint, named from the User-Agent', async () => {
    const t = setup();
    const reader = await t.reader('free');
    const key = await sharedDeviceKey(0);
    const first = await reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
    expect(first.status).toBe(201);
    const device = await successBody(first);
    expect(device.offlineRegistered).toBe(false);
    expect(device.keyThumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await reader.api.devices.browser.$post({
      json: { publicKey: key.publicJwk, name: 'Kitchen laptop' },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(device);

    const rows = t.db.select().from(devices).where(eq(devices.userId, reader.user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Kitchen laptop', isActive: true, offlineRegisteredAt: null });
    // Only the public members are stored.
    expect(Object.keys(JSON.parse(rows[0].publicKey)).sort()).toEqual(['alg', 'e', 'kty', 'n']);

    // The same key for another reader is another device.
    const other = await t.reader('free');
    const theirs = await other.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
    expect(theirs.status).toBe(201);
    expect((await successBody(theirs)).deviceId).not.toBe(device.deviceId);
  });

  it('names the device from the User-Agent when no name is given', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const key = await sharedDeviceKey(1);
    const response = await reader.api.devices.browser.$post(
      { json: { publicKey: key.publicJwk } },
      { headers: { 'user-agent': CHROME_WINDOWS } },
    );
    expect(response.status).toBe(201);
    expect(t.db.select().from(devices).where(eq(devices.userId, reader.user.id)).get()?.name).toBe('Chrome on Windows');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceNameFromUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(deviceNameFromUserAgent(null)).toBe('Web browser');
  });

  it('reactivates a deactivated key as an online-only browser', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const key = await sharedDeviceKey(0);
    const { deviceId } = await successBody(reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } }));
    t.db
      .update(devices)
      .set({ isActive: false, deactivatedAt: new Date(), offlineRegisteredAt: new Date() })
      .where(eq(devices.id, deviceId))
      .run();
    const again = await reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ deviceId, offlineRegistered: false });
    expect(t.db.select().from(devices).where(eq(devices.id, deviceId)).get()).toMatchObject({
      isActive: true,
      deactivatedAt: null,
    });
  });

  it('refuses private keys, wrong algorithms and sizes with 400 naming the field', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const key = await sharedDeviceKey(0);
    const small = await generateDeviceKey(2048);
    const cases: [string, unknown, RegExp][] = [
      ['private key', { publicKey: key.privateJwk }, /private key members are not accepted/],
      ['2048-bit key', { publicKey: small.publicJwk }, /Modulus \(n\) must be 3072 bits/],
      ['RSA-OAEP (SHA-1)', { publicKey: { ...key.publicJwk, alg: 'RSA-OAEP' } }, /alg\) must be RSA-OAEP-256/],
      ['EC key', { publicKey: { kty: 'EC', crv: 'P-256', x: 'a', y: 'b' } }, /Unexpected key members: crv, x, y/],
      ['odd exponent', { publicKey: { ...key.publicJwk, e: 'Aw' } }, /must be AQAB/],
      [
        'not base64url',
        { publicKey: { ...key.publicJwk, n: `${key.publicJwk.n!.slice(0, 511)}=` } },
        /must be base64url/,
      ],
      [
        'signing key ops',
        { publicKey: { ...key.publicJwk, key_ops: ['sign'] } },
        /key_ops may list only encrypt and wrapKey/,
      ],
      ['missing key', {}, /publicKey/],
      ['string key', { publicKey: 'abc' }, /must be a JWK object/],
      ['empty name', { publicKey: key.publicJwk, name: '  ' }, /Name must not be empty/],
      ['long name', { publicKey: key.publicJwk, name: 'x'.repeat(101) }, /at most 100 characters/],
    ];
    for (const [label, body, message] of cases) {
      // raw request: private members, wrong shapes and missing keys, which the typed client refuses
      const response = await send(t.app, '/api/devices/browser', body, { cookie: reader.cookie });
      expect(response.status, label).toBe(400);
      const problem = await problemBody(response);
      expect(problem.code, label).toBe('validation_failed');
      expect(problem.detail, label).toMatch(message);
    }
    expect(t.db.select().from(devices).all()).toEqual([]);
  });

  it('needs a session (401)', async () => {
    const t = setup();
    const key = await sharedDeviceKey(0);
    const response = await t.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
    expect(response.status).toBe(401);
  });
});
