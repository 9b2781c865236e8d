import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { DEVICE_MESSAGES } from '@shared/devices';
import { LICENSE_MESSAGES, type TLicenseJwks } from '@shared/reader';
import { auditLogs, devices, licenses, loans, offlineLicenses, systemConfig, users } from '../../db/schema';
import { revokeLapsedLoans } from '../selections/entitlement-jobs';
import { successBody, problemBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { sharedDeviceKey } from '../devices/device-keys-test-support';
import { registerOffline } from '../devices/offline-devices-test-support';
import { openLicense, setupReader } from '../reader/reader-test-support';

const HOUR_MS = 60 * 60 * 1000;

type TSetup = ReturnType<typeof setupReader>;
type TReader = Awaited<ReturnType<TSetup['reader']>>;

const renew = (reader: TReader, id: string) => reader.api.licenses[':id'].renew.$post({ param: { id } });

/** A reader of `kind` with an offline-registered device and an open loan of a book with content. */
async function offlineReader(
  t: TSetup,
  kind: 'basic' | 'premium' = 'premium',
  overrides: Parameters<TSetup['reader']>[1] = {},
) {
  const { book } = await t.bookWithContent('trial');
  const reader = await t.reader(kind, overrides);
  if (kind === 'basic') expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
  const loanResponse = await reader.api.loans.$post({ json: { bookId: book.id } });
  expect([200, 201]).toContain(loanResponse.status);
  const loan = await successBody(loanResponse);
  const { device, key } = await registerOffline(reader, await sharedDeviceKey(0));
  const issue = (extra: { algorithm?: 'A256GCM' } = {}) =>
    reader.api.licenses.$post({ json: { loanId: loan.id, deviceId: device.deviceId, kind: 'offline', ...extra } });
  const grantOf = async (response: ReturnType<typeof issue>) => {
    const answer = await response;
    if (answer.status !== 201 && answer.status !== 200)
      throw new Error(`licence answered ${answer.status}: ${await answer.text()}`);
    return successBody(answer);
  };
  return { book, reader, loan, device, key, issue, grantOf };
}

async function jwksOf(t: TSetup): Promise<TLicenseJwks> {
  return successBody(t.api['.well-known']['jwks.json'].$get());
}

describe('offline licences: POST /api/licenses {kind: offline}', () => {
  it('stores the offline_licenses row (wrapped key, A256GCM, expiry) with the licence', async () => {
    const t = setupReader();
    const { reader, device, key, issue, grantOf } = await offlineReader(t);
    const grant = await grantOf(issue());
    const { claims } = await openLicense({
      jwks: await jwksOf(t),
      license: grant.license,
      key,
      now: t.clock.now(),
    });
    expect(claims).toMatchObject({ kind: 'offline', deviceId: device.deviceId, renewalCount: 0 });
    const rows = t.db.select().from(offlineLicenses).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: reader.user.id,
      deviceId: device.deviceId,
      bookId: claims.bookId,
      keyB64: claims.keyWrapped,
      algorithm: 'A256GCM',
      expiresAt: new Date(grant.expiresAt),
    });
    expect(t.db.select().from(licenses).get()).toMatchObject({
      kind: 'offline',
      offlineExpiresAt: new Date(grant.expiresAt),
    });
  });

  it('expires at the earliest of now + offline_max_days, the paid period end and the loan end', async () => {
    const t = setupReader();
    const now = () => t.clock.now().getTime();
    // Max days: the period is open-ended, offline_max_days is 10.
    t.db.insert(systemConfig).values({ key: 'offline_max_days', value: '10', dataType: 'number' }).run();
    const byDays = await offlineReader(t, 'premium', { subscriptionCurrentPeriodEnd: null });
    expect((await byDays.grantOf(byDays.issue())).expiresAt).toBe(new Date(now() + 10 * DAY_MS).toISOString());

    // The paid period ends in 5 days.
    const byPeriod = await offlineReader(t, 'basic', { subscriptionCurrentPeriodEnd: new Date(now() + 5 * DAY_MS) });
    const periodGrant = await byPeriod.grantOf(byPeriod.issue());
    expect(periodGrant.expiresAt).toBe(new Date(now() + 5 * DAY_MS).toISOString());

    // The loan ends in 3 days.
    const byLoan = await offlineReader(t, 'premium');
    t.db
      .update(loans)
      .set({ expiresAt: new Date(now() + 3 * DAY_MS) })
      .where(eq(loans.id, byLoan.loan.id))
      .run();
    const loanGrant = await byLoan.grantOf(byLoan.issue());
    expect(loanGrant.expiresAt).toBe(new Date(now() + 3 * DAY_MS).toISOString());
    const stored = t.db.select().from(offlineLicenses).where(eq(offlineLicenses.userId, byLoan.reader.user.id)).get();
    expect(stored?.expiresAt).toEqual(new Date(now() + 3 * DAY_MS));
  });

  it('accepts only A256GCM as the algorithm, in the request and in the table', async () => {
    const t = setupReader();
    const { reader, issue, loan, device } = await offlineReader(t);
    for (const algorithm of ['A128GCM', 'A256CBC-HS512', 'none', 7]) {
      // raw request: algorithms other than A256GCM, which the typed client refuses
      const response = await send(
        t.app,
        '/api/licenses',
        { loanId: loan.id, deviceId: device.deviceId, kind: 'offline', algorithm },
        { cookie: reader.cookie },
      );
      expect(response.status).toBe(400);
      expect((await problemBody(response)).errors).toEqual([
        { field: 'algorithm', message: 'Algorithm must be A256GCM' },
      ]);
    }
    expect((await issue({ algorithm: 'A256GCM' })).status).toBe(201);
    const row = t.db.select().from(offlineLicenses).get()!;
    expect(() =>
      t.db.update(offlineLicenses).set({ algorithm: 'A128GCM' }).where(eq(offlineLicenses.id, row.id)).run(),
    ).toThrow(/CHECK constraint/);
    expect(() =>
      t.db
        .insert(offlineLicenses)
        .values({
          userId: reader.user.id,
          deviceId: row.deviceId,
          bookId: row.bookId,
          keyB64: 'x',
          algorithm: 'RSA1_5',
          expiresAt: new Date(),
        })
        .run(),
    ).toThrow();
  });

  it('an online licence asked for over a live offline one is not stored, so the download keeps its expiry', async () => {
    const t = setupReader();
    const { loan, device, issue, grantOf, reader } = await offlineReader(t);
    const offline = await grantOf(issue());
    const before = t.db.select().from(licenses).get();
    const online = await grantOf(
      reader.api.licenses.$post({ json: { loanId: loan.id, deviceId: device.deviceId, kind: 'online' } }),
    );
    expect(online.licenseId).toBe(offline.licenseId);
    expect(online.expiresAt).toBe(new Date(t.clock.now().getTime() + HOUR_MS).toISOString());
    expect(t.db.select().from(licenses).get()).toEqual(before);
    expect(t.db.select().from(offlineLicenses).all()).toHaveLength(1);
  });
});

describe('a plan that allows fewer devices than are registered', () => {
  it('keeps the places for the devices registered first: the others get and renew no offline licence until one is removed', async () => {
    const t = setupReader();
    const { reader, loan, device: first, issue, grantOf } = await offlineReader(t);
    const { device: second } = await registerOffline(reader, await sharedDeviceKey(1));
    const { device: third } = await registerOffline(reader, await sharedDeviceKey(2));
    const offlineFor = (deviceId: string) =>
      reader.api.licenses.$post({ json: { loanId: loan.id, deviceId, kind: 'offline' } });
    await grantOf(issue());
    const thirdGrant = await grantOf(offlineFor(third.deviceId));

    // The cap goes down (a downgrade, or a super admin changing the setting): 3 registered, 2 places.
    t.db.insert(systemConfig).values({ key: 'offline_device_cap_premium', value: '2', dataType: 'number' }).run();
    const refused = await offlineFor(third.deviceId);
    expect(refused.status).toBe(403);
    expect(await problemBody(refused)).toMatchObject({
      code: 'device_over_cap',
      detail:
        'Your Premium plan allows 2 offline devices and this one is past that. Remove another device on the Devices page to read offline here.',
    });
    expect((await renew(reader, thirdGrant.licenseId)).status).toBe(403);
    expect((await offlineFor(second.deviceId)).status).toBe(201);
    expect([200, 201]).toContain((await issue()).status);
    const listed = await successBody(reader.api.devices.$get());
    expect(listed).toMatchObject({ cap: 2, used: 3 });
    expect(listed.items.map((item) => [item.id, item.overCap])).toEqual([
      [first.deviceId, false],
      [second.deviceId, false],
      [third.deviceId, true],
    ]);

    expect((await reader.api.devices[':id'].$delete({ param: { id: first.deviceId } })).status).toBe(204);
    expect([200, 201]).toContain((await offlineFor(third.deviceId)).status);
    const after = await successBody(reader.api.devices.$get());
    expect(after.items.map((item) => item.overCap)).toEqual([false, false]);
  });
});

describe('POST /api/licenses/:id/renew', () => {
  it('renews an offline licence with a new expiry, even after it expired, counting the renewal', async () => {
    const t = setupReader();
    const { reader, device, key, issue, grantOf } = await offlineReader(t, 'premium', {
      subscriptionCurrentPeriodEnd: null,
    });
    const first = await grantOf(issue());
    t.clock.advance(10 * DAY_MS);
    reader.signInAgain();
    const renewed = await renew(reader, first.licenseId);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('cache-control')).toBe('no-store');
    const grant = await successBody(renewed);
    expect(grant).toEqual({
      licenseId: first.licenseId,
      license: expect.any(String),
      expiresAt: new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString(),
      serverTime: t.clock.now().toISOString(),
    });
    const { claims } = await openLicense({
      jwks: await jwksOf(t),
      license: grant.license,
      key,
      now: t.clock.now(),
    });
    expect(claims).toMatchObject({ jti: first.licenseId, kind: 'offline', renewalCount: 1, deviceId: device.deviceId });
    expect(t.db.select().from(licenses).get()).toMatchObject({
      renewalCount: 1,
      lastRenewedAt: t.clock.now(),
      signature: grant.license,
    });
    expect(t.db.select().from(offlineLicenses).get()?.expiresAt).toEqual(new Date(grant.expiresAt));
    expect(t.db.select().from(devices).where(eq(devices.id, device.deviceId)).get()?.lastActiveAt).toEqual(
      t.clock.now(),
    );
    expect(t.db.select().from(auditLogs).where(eq(auditLogs.action, 'license.renewed')).all()).toHaveLength(1);

    // Back after 40 days offline: the expired licence is renewed.
    t.clock.advance(40 * DAY_MS);
    reader.signInAgain();
    const late = await renew(reader, first.licenseId);
    expect(late.status).toBe(200);
    expect((await successBody(late)).expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString());
  });

  it('stops at offline_max_renewals (409); a new loan starts a new licence', async () => {
    const t = setupReader();
    t.db.insert(systemConfig).values({ key: 'offline_max_renewals', value: '2', dataType: 'number' }).run();
    const { reader, book, device, issue, grantOf } = await offlineReader(t);
    const grant = await grantOf(issue());
    expect((await renew(reader, grant.licenseId)).status).toBe(200);
    // A repeated download counts as a renewal too.
    expect((await issue()).status).toBe(201);
    const refused = await renew(reader, grant.licenseId);
    expect(refused.status).toBe(409);
    expect(await problemBody(refused)).toMatchObject({
      code: 'renewal_limit_reached',
      detail: LICENSE_MESSAGES.renewalLimit,
    });
    expect((await issue()).status).toBe(409);

    const loan = t.db.select().from(loans).where(eq(loans.userId, reader.user.id)).get()!;
    expect((await reader.api.loans[':id'].return.$post({ param: { id: loan.id } })).status).toBe(200);
    const reopened = await successBody(reader.api.loans.$post({ json: { bookId: book.id } }));
    const fresh = await grantOf(
      reader.api.licenses.$post({ json: { loanId: reopened.id, deviceId: device.deviceId, kind: 'offline' } }),
    );
    expect(fresh.licenseId).not.toBe(grant.licenseId);
  });

  it('refuses a returned loan, a removed device, a revoked licence and another reader (404), and a lapsed plan (402)', async () => {
    const t = setupReader();
    const returned = await offlineReader(t);
    const returnedGrant = await returned.grantOf(returned.issue());
    expect((await returned.reader.api.loans[':id'].return.$post({ param: { id: returned.loan.id } })).status).toBe(200);
    const afterReturn = await renew(returned.reader, returnedGrant.licenseId);
    expect(afterReturn.status).toBe(409);
    expect(await problemBody(afterReturn)).toMatchObject({
      code: 'license_returned',
      detail: LICENSE_MESSAGES.returned,
    });
    expect(t.db.select().from(licenses).where(eq(licenses.id, returnedGrant.licenseId)).get()?.revoked).toBe(true);
    expect(
      t.db.select().from(offlineLicenses).where(eq(offlineLicenses.userId, returned.reader.user.id)).all(),
    ).toEqual([]);

    const removed = await offlineReader(t);
    const removedGrant = await removed.grantOf(removed.issue());
    expect((await removed.reader.api.devices[':id'].$delete({ param: { id: removed.device.deviceId } })).status).toBe(
      204,
    );
    const afterRemoval = await renew(removed.reader, removedGrant.licenseId);
    expect(afterRemoval.status).toBe(409);
    expect(await problemBody(afterRemoval)).toMatchObject({
      code: 'device_removed',
      detail: DEVICE_MESSAGES.deviceRemoved,
    });

    const revoked = await offlineReader(t);
    const revokedGrant = await revoked.grantOf(revoked.issue());
    t.db.update(licenses).set({ revoked: true }).where(eq(licenses.id, revokedGrant.licenseId)).run();
    const afterRevoke = await renew(revoked.reader, revokedGrant.licenseId);
    expect(afterRevoke.status).toBe(409);
    expect(await problemBody(afterRevoke)).toMatchObject({ code: 'license_revoked', detail: LICENSE_MESSAGES.revoked });
    expect((await renew(removed.reader, revokedGrant.licenseId)).status).toBe(404);
    expect((await renew(revoked.reader, crypto.randomUUID())).status).toBe(404);

    const lapsing = await offlineReader(t, 'basic');
    const lapsingGrant = await lapsing.grantOf(lapsing.issue());
    t.db
      .update(users)
      .set({
        subscriptionStatus: 'cancelled',
        subscriptionCurrentPeriodEnd: new Date(t.clock.now().getTime() + DAY_MS),
      })
      .where(eq(users.id, lapsing.reader.user.id))
      .run();
    t.clock.advance(DAY_MS + 1);
    const afterLapse = await renew(lapsing.reader, lapsingGrant.licenseId);
    expect(afterLapse.status).toBe(402);
    expect((await problemBody(afterLapse)).code).toBe('subscription_required');
    // The lapse revoked the loan and, in the same transaction, its licences.
    expect(t.db.select().from(loans).where(eq(loans.id, lapsing.loan.id)).get()?.status).toBe('revoked');
    expect(t.db.select().from(licenses).where(eq(licenses.id, lapsingGrant.licenseId)).get()?.revoked).toBe(true);
    expect(t.db.select().from(offlineLicenses).where(eq(offlineLicenses.userId, lapsing.reader.user.id)).all()).toEqual(
      [],
    );

    const badId = await renew(lapsing.reader, 'nope');
    expect(badId.status).toBe(400);
    expect((await problemBody(badId)).errors).toEqual([{ field: 'id', message: 'Licence id must be a valid id' }]);
    expect((await t.api.licenses[':id'].renew.$post({ param: { id: lapsingGrant.licenseId } })).status).toBe(401);
  });
});

describe('revocation with the loan', () => {
  it('the lapsed-loans job revokes the licences of loans it revokes', async () => {
    const t = setupReader();
    const { reader, issue, grantOf, device } = await offlineReader(t, 'basic');
    const grant = await grantOf(issue());
    t.db.update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, reader.user.id)).run();
    expect(revokeLapsedLoans(t)).toBe(1);
    expect(t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()).toMatchObject({
      revoked: true,
      revokedAt: t.clock.now(),
    });
    expect(t.db.select().from(offlineLicenses).all()).toEqual([]);
    const status = await successBody(
      reader.api.licenses.status.$post({ json: { ids: [grant.licenseId], deviceId: device.deviceId } }),
    );
    expect(status.items).toEqual([{ id: grant.licenseId, status: 'revoked' }]);
    expect(status.device?.status).toBe('registered');
  });

  it('validates the status request deviceId by name', async () => {
    const t = setupReader();
    const reader = await t.reader('premium');
    const response = await reader.api.licenses.status.$post({ json: { ids: [crypto.randomUUID()], deviceId: 'x' } });
    expect(response.status).toBe(400);
    expect((await problemBody(response)).errors).toEqual([
      { field: 'deviceId', message: 'Device id must be a valid id' },
    ]);
  });
});
