import { and, eq, isNotNull } from 'drizzle-orm';
import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { ECDH_HKDF_A256KW, RSA_OAEP_256 } from '@shared/device-key-wrap';
import { DAY_MS } from '@shared/entitlement';
import { DEVICE_CHALLENGE_TTL_MS, DEVICE_MESSAGES, deviceCapMessage } from '@shared/devices';
import { auditLogs, deviceChallenges, devices, licenses, offlineLicenses, systemConfig, users } from '../../db/schema';
import { registerJobs, runDueJobs } from '../../jobs/runner';
import { JOBS } from '../../jobs';
import { successBody, problemBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { setupReader } from '../reader/reader-test-support';
import { setup } from '../selections/selections-test-support';
import { generateDeviceKey, sharedDeviceKey } from './device-keys-test-support';
import { DEVICE_TOUCH_INTERVAL_MS } from './offline-devices.service';
import {
  answerChallenge,
  browserDevice,
  preparedRegistration,
  registerOffline,
  requestChallenge,
  type TTestReader,
} from './offline-devices-test-support';

const CAP_MESSAGE_BASIC =
  'You can register up to 2 devices on the Basic plan. Remove one on the Devices page to add this one.';

const rename = (reader: TTestReader, id: string, name: string) =>
  reader.api.devices[':id'].$patch({ param: { id }, json: { name } });

function registeredCount(t: ReturnType<typeof setup>, userId: string): number {
  return t.db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.isActive, true), isNotNull(devices.offlineRegisteredAt)))
    .all().length;
}

describe('POST /api/devices/challenge + POST /api/devices', () => {
  it.each([
    // A P-256 key (every browser since decision 023): the nonce wrapped with A256KW (40 bytes) under an ECDH-ES key.
    ['ECDH P-256', 'p256', { keyWrapAlg: ECDH_HKDF_A256KW, length: 54, epk: true }],
    // An RSA-OAEP 3072 key made before decision 023: the nonce encrypted with RSA-OAEP-256 as before.
    ['RSA-OAEP 3072', 'rsa', { keyWrapAlg: RSA_OAEP_256, length: 512, epk: false }],
  ] as const)('registers a browser that unwraps the challenge with its %s key', async (_, keyType, expected) => {
    const t = setup();
    const reader = await t.reader('basic');
    const key = await generateDeviceKey(keyType);
    const browser = await browserDevice(reader, key);
    expect(browser.offlineRegistered).toBe(false);

    const challengeResponse = await reader.api.devices.challenge.$post({ json: { deviceId: browser.deviceId } });
    expect(challengeResponse.status).toBe(201);
    expect(challengeResponse.headers.get('cache-control')).toBe('no-store');
    const challenge = await successBody(challengeResponse);
    expect(challenge).toEqual({
      challengeId: expect.any(String),
      encryptedChallenge: expect.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${expected.length}}$`)),
      keyWrapAlg: expected.keyWrapAlg,
      ...(expected.epk ? { epk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) } } : {}),
      expiresAt: new Date(t.clock.now().getTime() + DEVICE_CHALLENGE_TTL_MS).toISOString(),
    });
    const response = await answerChallenge(key, challenge);
    // Only a digest is stored: the table never holds the answer.
    const stored = t.db.select().from(deviceChallenges).where(eq(deviceChallenges.id, challenge.challengeId)).get()!;
    expect(stored).toMatchObject({ userId: reader.user.id, usedAt: null });
    expect(stored.challenge).not.toContain(response);

    const registered = await reader.api.devices.$post({
      json: {
        deviceId: browser.deviceId,
        challengeId: challenge.challengeId,
        response,
        name: '  Commute tablet  ',
      },
    });
    expect(registered.status).toBe(201);
    const device = await successBody(registered);
    expect(device).toEqual({
      id: browser.deviceId,
      name: 'Commute tablet',
      isOfflineRegistered: true,
      registeredAt: t.clock.now().toISOString(),
      lastActiveAt: t.clock.now().toISOString(),
      createdAt: expect.any(String),
      booksOffline: 0,
      licenseExpiresAt: null,
      userAgent: null,
      overCap: false,
    });
    expect(
      t.db.select().from(deviceChallenges).where(eq(deviceChallenges.id, challenge.challengeId)).get()?.usedAt,
    ).toEqual(t.clock.now());
    const audit = t.db.select().from(auditLogs).where(eq(auditLogs.action, 'device.registered')).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: reader.user.id, resource: 'device', resourceId: browser.deviceId });

    // The browser now knows it is registered; the list counts it against the cap.
    expect(
      (await successBody(reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } }))).offlineRegistered,
    ).toBe(true);
    const list = await successBody(reader.api.devices.$get());
    expect(list).toEqual({ items: [device], cap: 2, used: 1 });

    // Registering an already registered device again (new challenge) renames it and does not count twice.
    const again = await preparedRegistration(reader, key);
    const repeat = await reader.api.devices.$post({ json: { ...again.body, name: 'Tablet' } });
    expect(repeat.status).toBe(200);
    expect((await successBody(repeat)).name).toBe('Tablet');
    expect(registeredCount(t, reader.user.id)).toBe(1);
  });

  it('refuses a wrong answer, a replayed, expired or foreign challenge and another device, registering nothing', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('premium');
    const key = await sharedDeviceKey(0);
    const secondKey = await sharedDeviceKey(1);

    // Wrong answer: refused, and the challenge is spent (single use) so the right answer is refused too.
    const wrong = await preparedRegistration(reader, key);
    const wrongAnswer = await reader.api.devices.$post({
      json: {
        ...wrong.body,
        response: base64url.encode(crypto.getRandomValues(new Uint8Array(32))),
      },
    });
    expect(wrongAnswer.status).toBe(400);
    expect(await problemBody(wrongAnswer)).toMatchObject({
      code: 'challenge_failed',
      detail: `response: ${DEVICE_MESSAGES.proofFailed}`,
      errors: [{ field: 'response', message: DEVICE_MESSAGES.proofFailed }],
    });
    const afterWrong = await reader.api.devices.$post({ json: wrong.body });
    expect(await problemBody(afterWrong)).toMatchObject({
      status: 400,
      detail: `challengeId: ${DEVICE_MESSAGES.challengeUsed}`,
    });

    // Replay of a successful registration's request: refused.
    const good = await preparedRegistration(reader, key);
    expect((await reader.api.devices.$post({ json: good.body })).status).toBe(201);
    const replay = await reader.api.devices.$post({ json: good.body });
    expect(replay.status).toBe(400);
    expect((await problemBody(replay)).errors).toEqual([
      { field: 'challengeId', message: DEVICE_MESSAGES.challengeUsed },
    ]);

    // Expired: 5 minutes and a millisecond later.
    const late = await preparedRegistration(reader, secondKey);
    t.clock.advance(DEVICE_CHALLENGE_TTL_MS + 1);
    const expired = await reader.api.devices.$post({ json: late.body });
    expect(expired.status).toBe(400);
    expect((await problemBody(expired)).errors).toEqual([
      { field: 'challengeId', message: DEVICE_MESSAGES.challengeExpired },
    ]);

    // A challenge made for one device, answered correctly, presented for another device of the same reader.
    const forFirst = await requestChallenge(reader, good.device.deviceId);
    const secondDevice = await browserDevice(reader, secondKey);
    const swapped = await reader.api.devices.$post({
      json: {
        deviceId: secondDevice.deviceId,
        challengeId: forFirst.challengeId,
        response: await answerChallenge(key, forFirst),
      },
    });
    expect(swapped.status).toBe(400);
    expect((await problemBody(swapped)).errors).toEqual([{ field: 'response', message: DEVICE_MESSAGES.proofFailed }]);
    // Another P-256 key cannot unwrap a challenge wrapped to this one (another ECDH secret, another HKDF info).
    await expect(answerChallenge(secondKey, forFirst)).rejects.toThrow();

    // Another reader's challenge, even with the right answer, is unknown to this reader.
    const theirs = await preparedRegistration(other, secondKey);
    const foreign = await reader.api.devices.$post({ json: { ...theirs.body, deviceId: secondDevice.deviceId } });
    expect(foreign.status).toBe(400);
    expect((await problemBody(foreign)).errors).toEqual([
      { field: 'challengeId', message: DEVICE_MESSAGES.challengeInvalid },
    ]);
    expect(
      t.db.select().from(deviceChallenges).where(eq(deviceChallenges.id, theirs.challenge.challengeId)).get()?.usedAt,
    ).toBeNull();
    const foreignBoth = await reader.api.devices.$post({ json: theirs.body });
    expect(foreignBoth.status).toBe(400);

    // Another reader's device: no challenge for it (404, as if it did not exist).
    const theirDevice = await reader.api.devices.challenge.$post({ json: { deviceId: theirs.device.deviceId } });
    expect(theirDevice.status).toBe(404);
    expect((await problemBody(theirDevice)).detail).toBe('Device not found');

    expect(registeredCount(t, reader.user.id)).toBe(1);
    expect(registeredCount(t, other.user.id)).toBe(0);
    // The other reader's challenge was not spent by the attempts above.
    expect((await other.api.devices.$post({ json: theirs.body })).status).toBe(201);
  });

  it('enforces the cap atomically: 20 concurrent registrations against a cap of 2 give exactly 2', async () => {
    const t = setup();
    const reader = await t.reader('basic');
    const keys = await Promise.all(Array.from({ length: 20 }, () => generateDeviceKey()));
    const prepared = [];
    for (const key of keys) prepared.push(await preparedRegistration(reader, key));

    const responses = await Promise.all(prepared.map(({ body }) => reader.api.devices.$post({ json: body })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await problemBody(response)).toMatchObject({ code: 'device_cap_reached', detail: CAP_MESSAGE_BASIC });
    }
    expect(registeredCount(t, reader.user.id)).toBe(2);
    const list = await successBody(reader.api.devices.$get());
    expect(list).toMatchObject({ cap: 2, used: 2 });
    expect(list.items).toHaveLength(2);

    // With the cap used, a refused device's next challenge is refused up front with the same message.
    const registeredIds = new Set(list.items.map((item) => item.id));
    const refusedDevice = prepared.find(({ device }) => !registeredIds.has(device.deviceId))!;
    const early = await reader.api.devices.challenge.$post({ json: { deviceId: refusedDevice.device.deviceId } });
    expect(early.status).toBe(409);
    expect((await problemBody(early)).detail).toBe(CAP_MESSAGE_BASIC);
    expect(deviceCapMessage(1, 'premium')).toBe(
      'You can register up to 1 device on the Premium plan. Remove one on the Devices page to add this one.',
    );
  });

  it('takes the cap from system_config and counts only active registered devices', async () => {
    const t = setup();
    t.db.insert(systemConfig).values({ key: 'offline_device_cap_premium', value: '1', dataType: 'number' }).run();
    const reader = await t.reader('premium');
    const first = await preparedRegistration(reader, await sharedDeviceKey(0));
    const second = await preparedRegistration(reader, await sharedDeviceKey(1));
    expect((await reader.api.devices.$post({ json: first.body })).status).toBe(201);
    const refused = await reader.api.devices.$post({ json: second.body });
    expect(refused.status).toBe(409);
    expect((await problemBody(refused)).detail).toBe(
      'You can register up to 1 device on the Premium plan. Remove one on the Devices page to add this one.',
    );
    // Removing the registered device frees its place.
    expect((await reader.api.devices[':id'].$delete({ param: { id: first.device.deviceId } })).status).toBe(204);
    const retry = await preparedRegistration(reader, await sharedDeviceKey(1));
    expect((await reader.api.devices.$post({ json: retry.body })).status).toBe(201);
    expect(registeredCount(t, reader.user.id)).toBe(1);
  });

  it('refuses trial and free readers with 402: offline reading needs Basic or Premium', async () => {
    const t = setup();
    for (const kind of ['trial', 'free'] as const) {
      const reader = await t.reader(kind);
      const device = await browserDevice(reader, await sharedDeviceKey(0));
      const refused = await reader.api.devices.challenge.$post({ json: { deviceId: device.deviceId } });
      expect(refused.status, kind).toBe(402);
      expect(await problemBody(refused)).toMatchObject({
        code: 'offline_not_allowed',
        detail: DEVICE_MESSAGES.offlineNeedsPlan,
      });
    }
    // A plan that lapses between challenge and answer is refused at registration too.
    const basic = await t.reader('basic');
    const prepared = await preparedRegistration(basic, await sharedDeviceKey(1));
    t.db
      .update(users)
      .set({ subscriptionTier: 'trial', trialEndsAt: new Date(t.clock.now().getTime() + DAY_MS) })
      .where(eq(users.id, basic.user.id))
      .run();
    const lapsed = await basic.api.devices.$post({ json: prepared.body });
    expect(lapsed.status).toBe(402);
    expect((await problemBody(lapsed)).detail).toBe(DEVICE_MESSAGES.offlineNeedsPlan);
    expect(registeredCount(t, basic.user.id)).toBe(0);
  });

  it('validates every field by name (400) and needs a session (401)', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const id = crypto.randomUUID();
    const answer = 'A'.repeat(43);
    const cases: [string, unknown, { field: string; message: string }[]][] = [
      ['/api/devices/challenge', {}, [{ field: 'deviceId', message: 'Device id must be a valid id' }]],
      [
        '/api/devices/challenge',
        { deviceId: 'nope' },
        [{ field: 'deviceId', message: 'Device id must be a valid id' }],
      ],
      [
        '/api/devices',
        {},
        [
          { field: 'deviceId', message: 'Device id must be a valid id' },
          { field: 'challengeId', message: 'Challenge id must be a valid id' },
          { field: 'response', message: 'Response is required' },
        ],
      ],
      [
        '/api/devices',
        { deviceId: id, challengeId: id, response: 'abc' },
        [{ field: 'response', message: 'Response must be the decrypted challenge, base64url' }],
      ],
      [
        '/api/devices',
        { deviceId: id, challengeId: id, response: `${'A'.repeat(42)}=` },
        [{ field: 'response', message: 'Response must be the decrypted challenge, base64url' }],
      ],
      [
        '/api/devices',
        { deviceId: id, challengeId: id, response: answer, name: '   ' },
        [{ field: 'name', message: 'Name must not be empty' }],
      ],
      [
        '/api/devices',
        { deviceId: id, challengeId: id, response: answer, name: 'x'.repeat(61) },
        [{ field: 'name', message: 'Name must be at most 60 characters' }],
      ],
      [
        '/api/devices',
        { deviceId: id, challengeId: id, response: answer, name: 7 },
        [{ field: 'name', message: 'Name must be text' }],
      ],
    ];
    for (const [path, body, errors] of cases) {
      // raw request: missing and wrongly typed fields, which the typed client refuses
      const response = await send(t.app, path, body, { cookie: reader.cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await problemBody(response)).errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await t.api.devices.challenge.$post({ json: { deviceId: id } })).status).toBe(401);
    expect((await t.api.devices.$post({ json: { deviceId: id, challengeId: id, response: answer } })).status).toBe(401);
    expect((await t.api.devices.$get()).status).toBe(401);
  });

  it('limits challenge requests per reader (429)', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const device = await browserDevice(reader, await sharedDeviceKey(0));
    for (let i = 0; i < 30; i += 1)
      expect((await reader.api.devices.challenge.$post({ json: { deviceId: device.deviceId } })).status).toBe(201);
    const limited = await reader.api.devices.challenge.$post({ json: { deviceId: device.deviceId } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('GET /api/devices, PATCH and DELETE /api/devices/:id, GET /api/devices/:id/status', () => {
  it("lists only the reader's active offline devices; another reader gets 404 for them", async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const other = await t.reader('basic');
    const registered = await registerOffline(reader, await sharedDeviceKey(0), 'Laptop');
    // A browser that reads online only is not listed and does not count.
    const onlineOnly = await browserDevice(reader, await sharedDeviceKey(1));
    const list = await successBody(reader.api.devices.$get());
    expect(list.items.map((item) => item.id)).toEqual([registered.device.deviceId]);
    expect(list).toMatchObject({ cap: 5, used: 1 });
    expect(await successBody(other.api.devices.$get())).toEqual({ items: [], cap: 2, used: 0 });

    const id = registered.device.deviceId;
    // Another reader: 404 for rename and removal, "removed" for status (never tells it exists).
    expect((await rename(other, id, 'Mine now')).status).toBe(404);
    expect((await other.api.devices[':id'].$delete({ param: { id } })).status).toBe(404);
    expect(await successBody(other.api.devices[':id'].status.$get({ param: { id } }))).toMatchObject({
      status: 'removed',
    });

    const renamed = await rename(reader, id, '  Work laptop ');
    expect(renamed.status).toBe(200);
    expect(await successBody(renamed)).toMatchObject({
      id: registered.device.deviceId,
      name: 'Work laptop',
      isOfflineRegistered: true,
    });
    for (const [name, errors] of [
      ['', [{ field: 'name', message: 'Name must not be empty' }]],
      ['y'.repeat(61), [{ field: 'name', message: 'Name must be at most 60 characters' }]],
    ] as const) {
      const response = await rename(reader, id, name);
      expect(response.status).toBe(400);
      expect((await problemBody(response)).errors).toEqual(errors);
    }
    // raw request: a body without name, which the typed client refuses
    const nameless = await send(t.app, `/api/devices/${id}`, {}, { method: 'PATCH', cookie: reader.cookie });
    expect(nameless.status).toBe(400);
    expect((await problemBody(nameless)).errors).toEqual([{ field: 'name', message: 'Name is required' }]);
    const badId = await rename(reader, 'not-an-id', 'x');
    expect((await problemBody(badId)).errors).toEqual([{ field: 'id', message: 'Device id must be a valid id' }]);
    expect(t.db.select().from(devices).where(eq(devices.id, registered.device.deviceId)).get()?.name).toBe(
      'Work laptop',
    );

    const status = async (deviceId: string) =>
      (await successBody(reader.api.devices[':id'].status.$get({ param: { id: deviceId } }))).status;
    expect(await status(registered.device.deviceId)).toBe('registered');
    expect(await status(onlineOnly.deviceId)).toBe('browser');
    expect(await status(crypto.randomUUID())).toBe('removed');
  });

  it('removal deactivates the device, revokes its licences and tells the device at its next contact', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const { device, key } = await registerOffline(reader, await sharedDeviceKey(0));
    const loan = await successBody(reader.api.loans.$post({ json: { bookId: book.id } }));
    const offline = await reader.api.licenses.$post({
      json: { loanId: loan.id, deviceId: device.deviceId, kind: 'offline' },
    });
    expect(offline.status).toBe(201);
    const grant = await successBody(offline);
    const [listed] = (await successBody(reader.api.devices.$get())).items;
    expect(listed).toMatchObject({ booksOffline: 1, licenseExpiresAt: grant.expiresAt });
    expect(t.db.select().from(offlineLicenses).all()).toHaveLength(1);

    const removed = await reader.api.devices[':id'].$delete({ param: { id: device.deviceId } });
    expect(removed.status).toBe(204);
    expect(t.db.select().from(devices).where(eq(devices.id, device.deviceId)).get()).toMatchObject({
      isActive: false,
      deactivatedAt: t.clock.now(),
    });
    expect(t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()).toMatchObject({
      revoked: true,
      revokedAt: t.clock.now(),
    });
    expect(t.db.select().from(offlineLicenses).all()).toEqual([]);
    const audit = t.db.select().from(auditLogs).where(eq(auditLogs.action, 'device.removed')).get();
    expect(audit).toMatchObject({
      userId: reader.user.id,
      resourceId: device.deviceId,
      details: expect.objectContaining({ revokedLicenses: 1 }),
    });
    expect(await successBody(reader.api.devices.$get())).toMatchObject({ items: [], used: 0 });
    expect((await reader.api.devices[':id'].$delete({ param: { id: device.deviceId } })).status).toBe(404);

    // Next contact: its licences are revoked and it is removed, so it wipes its downloads.
    const status = await successBody(
      reader.api.licenses.status.$post({ json: { ids: [grant.licenseId], deviceId: device.deviceId } }),
    );
    expect(status).toEqual({
      items: [{ id: grant.licenseId, status: 'revoked' }],
      serverTime: t.clock.now().toISOString(),
      device: { deviceId: device.deviceId, status: 'removed', serverTime: t.clock.now().toISOString() },
    });
    expect((await successBody(reader.api.devices[':id'].status.$get({ param: { id: device.deviceId } }))).status).toBe(
      'removed',
    );
    const reissue = await reader.api.licenses.$post({
      json: { loanId: loan.id, deviceId: device.deviceId, kind: 'offline' },
    });
    expect(reissue.status).toBe(404);

    // The same browser key comes back online-only; offline needs a new registration with proof.
    expect((await browserDevice(reader, key)).offlineRegistered).toBe(false);
    expect((await successBody(reader.api.devices[':id'].status.$get({ param: { id: device.deviceId } }))).status).toBe(
      'browser',
    );
  });

  it('updates lastActiveAt on licence status calls, at most every few minutes', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const { device } = await registerOffline(reader, await sharedDeviceKey(0));
    const registeredAt = t.clock.now();
    const lastActive = () => t.db.select().from(devices).where(eq(devices.id, device.deviceId)).get()?.lastActiveAt;
    t.clock.advance(60_000);
    await reader.api.licenses.status.$post({ json: { ids: [crypto.randomUUID()], deviceId: device.deviceId } });
    expect(lastActive()).toEqual(registeredAt);
    t.clock.advance(DEVICE_TOUCH_INTERVAL_MS);
    await reader.api.licenses.status.$post({ json: { ids: [crypto.randomUUID()], deviceId: device.deviceId } });
    expect(lastActive()).toEqual(t.clock.now());
    // GET answers never write.
    t.clock.advance(DEVICE_TOUCH_INTERVAL_MS * 2);
    await reader.api.devices[':id'].status.$get({ param: { id: device.deviceId } });
    await reader.api.devices.$get();
    expect(lastActive()).not.toEqual(t.clock.now());
  });
});

describe('expire-idle-devices job', () => {
  it('deactivates offline devices unused for device_inactive_expiry_days and revokes their licences', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium', { subscriptionCurrentPeriodEnd: null });
    const idle = await registerOffline(reader, await sharedDeviceKey(0), 'Old phone');
    const busy = await registerOffline(reader, await sharedDeviceKey(1), 'Tablet');
    const onlineOnly = await browserDevice(reader, await sharedDeviceKey(2));
    const loan = await successBody(reader.api.loans.$post({ json: { bookId: book.id } }));
    const grant = await successBody(
      reader.api.licenses.$post({ json: { loanId: loan.id, deviceId: idle.device.deviceId, kind: 'offline' } }),
    );

    t.clock.advance(60 * DAY_MS);
    reader.signInAgain();
    await reader.api.licenses.status.$post({ json: { ids: [grant.licenseId], deviceId: busy.device.deviceId } });
    t.clock.advance(31 * DAY_MS);
    reader.signInAgain();

    registerJobs(t, JOBS);
    expect(await runDueJobs(t, JOBS, 'test')).toContain('expire-idle-devices');
    expect(t.db.select().from(devices).where(eq(devices.id, idle.device.deviceId)).get()).toMatchObject({
      isActive: false,
      deactivatedAt: t.clock.now(),
    });
    expect(t.db.select().from(devices).where(eq(devices.id, busy.device.deviceId)).get()?.isActive).toBe(true);
    expect(t.db.select().from(devices).where(eq(devices.id, onlineOnly.deviceId)).get()?.isActive).toBe(true);
    expect(t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()?.revoked).toBe(true);
    expect(t.db.select().from(offlineLicenses).all()).toEqual([]);
    expect(
      t.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'device.expired'))
        .all()
        .map((row) => row.resourceId),
    ).toEqual([idle.device.deviceId]);
    // Spent and expired challenges older than a day are gone.
    expect(t.db.select().from(deviceChallenges).all()).toEqual([]);
    const status = await successBody(
      reader.api.licenses.status.$post({ json: { ids: [grant.licenseId], deviceId: idle.device.deviceId } }),
    );
    expect(status.items[0].status).toBe('revoked');
    expect(status.device?.status).toBe('removed');
  });

  it('reads the period from system_config', async () => {
    const t = setup();
    t.db.insert(systemConfig).values({ key: 'device_inactive_expiry_days', value: '10', dataType: 'number' }).run();
    const reader = await t.reader('premium', { subscriptionCurrentPeriodEnd: null });
    const { device } = await registerOffline(reader, await sharedDeviceKey(0));
    t.clock.advance(10 * DAY_MS - 1);
    registerJobs(t, JOBS);
    await runDueJobs(t, JOBS, 'test');
    expect(t.db.select().from(devices).where(eq(devices.id, device.deviceId)).get()?.isActive).toBe(true);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await runDueJobs(t, JOBS, 'test')).toContain('expire-idle-devices');
    expect(t.db.select().from(devices).where(eq(devices.id, device.deviceId)).get()?.isActive).toBe(false);
  });
});
