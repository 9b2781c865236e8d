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
    // Only the public members are stored, and the thumbprint is RFC 7638 over the P-256 members.
    expect(JSON.parse(rows[0].publicKey)).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: key.publicJwk.x,
      y: key.publicJwk.y,
    });
    expect(device.keyThumbprint).toBe(key.thumbprint);

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

  it('still registers an RSA-OAEP 3072 key made before decision 023, stored with its RSA members', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const key = await sharedDeviceKey(0, 'rsa');
    const response = await reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
    expect(response.status).toBe(201);
    expect((await successBody(response)).keyThumbprint).toBe(key.thumbprint);
    const row = t.db.select().from(devices).where(eq(devices.userId, reader.user.id)).get();
    expect(Object.keys(JSON.parse(row!.publicKey)).sort()).toEqual(['alg', 'e', 'kty', 'n']);
  });

  it('refuses private keys, wrong algorithms and sizes with 400 naming the field', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const key = await sharedDeviceKey(0, 'rsa');
    const ecKey = await sharedDeviceKey(0);
    const small = await generateDeviceKey('rsa', 2048);
    const ec = (members: Record<string, unknown>) => ({ publicKey: { ...ecKey.publicJwk, ...members } });
    // A point that is not on P-256: the curve's x with the last bit of y flipped (still 32 bytes).
    const yBytes = Buffer.from(ecKey.publicJwk.y!, 'base64url');
    yBytes[31] = yBytes[31]! ^ 1;
    const offCurveY = yBytes.toString('base64url');
    const cases: [string, unknown, string, RegExp][] = [
      ['private key', { publicKey: key.privateJwk }, 'publicKey', /private key members are not accepted/],
      ['EC private key', { publicKey: ecKey.privateJwk }, 'publicKey', /private key members are not accepted/],
      ['2048-bit key', { publicKey: small.publicJwk }, 'publicKey.n', /Modulus \(n\) must be 3072 bits/],
      [
        'RSA-OAEP (SHA-1)',
        { publicKey: { ...key.publicJwk, alg: 'RSA-OAEP' } },
        'publicKey.alg',
        /alg\) must be RSA-OAEP-256/,
      ],
      ['odd exponent', { publicKey: { ...key.publicJwk, e: 'Aw' } }, 'publicKey.e', /must be AQAB/],
      [
        'not base64url',
        { publicKey: { ...key.publicJwk, n: `${key.publicJwk.n!.slice(0, 511)}=` } },
        'publicKey.n',
        /must be base64url/,
      ],
      [
        'signing key ops',
        { publicKey: { ...key.publicJwk, key_ops: ['sign'] } },
        'publicKey.key_ops.0',
        /key_ops may list only encrypt and wrapKey/,
      ],
      [
        'OKP key',
        { publicKey: { kty: 'OKP', crv: 'X25519', x: ecKey.publicJwk.x } },
        'publicKey.kty',
        /\(kty\) must be EC or RSA/,
      ],
      ['kty constructor', { publicKey: { kty: 'constructor', x: 'a' } }, 'publicKey.kty', /\(kty\) must be EC or RSA/],
      ['P-384 curve', ec({ crv: 'P-384' }), 'publicKey.crv', /Curve \(crv\) must be P-256/],
      ['short x', ec({ x: ecKey.publicJwk.x!.slice(0, 42) }), 'publicKey.x', /Coordinate \(x\) must be 32 bytes/],
      ['long y', ec({ y: `${ecKey.publicJwk.y}AAAA` }), 'publicKey.y', /Coordinate \(y\) must be 32 bytes/],
      ['missing y', ec({ y: undefined }), 'publicKey.y', /Coordinate \(y\) is required/],
      ['EC with an RSA member', ec({ n: key.publicJwk.n }), 'publicKey', /Unexpected key members: n/],
      ['EC signing ops', ec({ key_ops: ['sign'] }), 'publicKey.key_ops.0', /may list only deriveKey and deriveBits/],
      ['off-curve point', ec({ y: offCurveY }), 'publicKey', /not a point on the P-256 curve/],
      ['missing key', {}, 'publicKey', /publicKey/],
      ['string key', { publicKey: 'abc' }, 'publicKey', /must be a JWK object/],
      ['empty name', { publicKey: key.publicJwk, name: '  ' }, 'name', /Name must not be empty/],
      ['long name', { publicKey: key.publicJwk, name: 'x'.repeat(101) }, 'name', /at most 100 characters/],
    ];
    for (const [label, body, field, message] of cases) {
      // raw request: private members, wrong shapes and missing keys, which the typed client refuses
      const response = await send(t.app, '/api/devices/browser', body, { cookie: reader.cookie });
      expect(response.status, label).toBe(400);
      expect(response.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
      const problem = await problemBody(response);
      expect(problem.code, label).toBe('validation_failed');
      expect(problem.detail, label).toMatch(message);
      expect(
        problem.errors?.map((error) => error.field),
        label,
      ).toContain(field);
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
