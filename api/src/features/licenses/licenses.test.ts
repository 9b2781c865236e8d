import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import type { TLicenseJwks } from '@shared/reader';
import { migrateDatabase, openDatabase } from '../../db/client';
import { auditLogs, devices, licenses, loans, systemConfig } from '../../db/schema';
import { successBody, problemBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { decryptChunk, openLicense, registerBrowser, setupReader } from '../reader/reader-test-support';
import { verifyLicense } from './license-token';
import { DEVICE_NOT_OFFLINE, licenseExpiry, OFFLINE_NOT_IN_PLAN } from './license-policy';
import { licenseKeyring } from './signing-keys';

const HOUR_MS = 60 * 60 * 1000;

type TOpenedReader = Awaited<ReturnType<ReturnType<typeof setupReader>['reader']>>;

const chunkOf = (reader: TOpenedReader, id: string, index: number, version: number) =>
  reader.api.books[':id'].chunks[':n'].$get({ param: { id, n: String(index) }, query: { v: String(version) } });

async function jwksOf(t: ReturnType<typeof setupReader>): Promise<TLicenseJwks> {
  return successBody(t.api['.well-known']['jwks.json'].$get());
}

/** A premium reader with a registered browser who opened the test book. */
async function openedBook(t: ReturnType<typeof setupReader>, kind: 'premium' | 'trial' | 'basic' = 'premium') {
  const content = await t.bookWithContent('trial');
  const reader = await t.reader(kind);
  if (kind !== 'premium')
    expect((await reader.api.selections.$post({ json: { bookId: content.book.id } })).status).toBe(201);
  // As the web reader does: open the loan, then fetch the manifest (which names the active loan).
  // (a pick already opened it: 200 then).
  expect([200, 201]).toContain((await reader.api.loans.$post({ json: { bookId: content.book.id } })).status);
  const manifest = await successBody(
    reader.api.books[':idOrSlug'].manifest.$get({ param: { idOrSlug: content.book.id } }),
  );
  expect(manifest.loanId).toEqual(expect.any(String));
  const { loanId } = manifest;
  if (!loanId) throw new Error('the manifest names no active loan');
  const browser = await registerBrowser(reader);
  return { ...content, reader, manifest: { ...manifest, loanId }, ...browser };
}

describe('GET /api/.well-known/jwks.json', () => {
  it('publishes the public signing keys to anyone, briefly cacheable', async () => {
    const t = setupReader();
    const response = await t.api['.well-known']['jwks.json'].$get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const jwks = await successBody(response);
    const keyring = await licenseKeyring(t.env);
    expect(jwks.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: keyring.current.kid,
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
  });
});

describe('POST /api/licenses', () => {
  it('issues a signed online licence whose wrapped key decrypts every chunk in the browser', async () => {
    const t = setupReader();
    const { book, pdf, asset, reader, manifest, device, key } = await openedBook(t);
    const response = await reader.api.licenses.$post({
      json: {
        loanId: manifest.loanId,
        deviceId: device.deviceId,
        kind: 'online',
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const grant = await successBody(response);
    const now = t.clock.now();
    expect(grant.serverTime).toBe(now.toISOString());
    expect(grant.expiresAt).toBe(new Date(now.getTime() + HOUR_MS).toISOString());

    const { claims, contentKey } = await openLicense({
      jwks: await jwksOf(t),
      license: grant.license,
      key,
      now,
    });
    expect(claims).toMatchObject({
      jti: grant.licenseId,
      sub: reader.user.id,
      loanId: manifest.loanId,
      bookId: book.id,
      bookVersion: manifest.version,
      deviceId: device.deviceId,
      deviceKeyThumbprint: device.keyThumbprint,
      kind: 'online',
      policy: {
        watermark: {
          name: `${reader.user.firstName} ${reader.user.lastName}`,
          email: reader.user.email,
          loanId: manifest.loanId,
        },
        copyLimitChars: Math.floor((asset.totalCharacters * 40) / 100),
        print: false,
      },
      exp: Math.floor((now.getTime() + HOUR_MS) / 1000),
      serverTime: now.getTime(),
      renewalCount: 0,
      statusUrl: `${t.env.publicUrl}/api/licenses/status`,
    });
    // The unwrapped key is non-extractable, as docs/ARCHITECTURE.md#protected-content-invariants requires of the
    // browser.
    await expect(crypto.subtle.exportKey('raw', contentKey)).rejects.toThrow();

    const parts: Uint8Array[] = [];
    for (let index = 0; index < manifest.chunkCount; index += 1) {
      const ciphertext = new Uint8Array(await (await chunkOf(reader, book.id, index, manifest.version)).arrayBuffer());
      parts.push(await decryptChunk(manifest, contentKey, index, ciphertext));
    }
    expect(Buffer.concat(parts).equals(Buffer.from(pdf))).toBe(true);

    // A chunk swapped into another position fails authentication.
    const first = new Uint8Array(await (await chunkOf(reader, book.id, 0, manifest.version)).arrayBuffer());
    await expect(decryptChunk(manifest, contentKey, 1, first)).rejects.toThrow();

    // The server-side verifier (the offline renewal path) accepts it too.
    const verified = await verifyLicense({ keyring: await licenseKeyring(t.env), token: grant.license, now });
    expect(verified.jti).toBe(grant.licenseId);

    const row = t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()!;
    expect(row).toMatchObject({
      userId: reader.user.id,
      signature: grant.license,
      kind: 'online',
      renewalCount: 0,
      revoked: false,
      revokedAt: null,
      keyWrapped: claims.keyWrapped,
      policy: claims.policy,
      bookVersion: manifest.version,
    });
    expect(row.offlineExpiresAt.toISOString()).toBe(grant.expiresAt);
    expect(row.serverTime.toISOString()).toBe(grant.serverTime);
    expect(row.createdAt).toEqual(row.updatedAt);
    expect(row.lastRenewedAt).toBeNull();
    const audit = t.db.select().from(auditLogs).where(eq(auditLogs.action, 'license.issued')).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: reader.user.id, resource: 'license', resourceId: grant.licenseId });
    expect(JSON.stringify(audit[0].details)).not.toContain(claims.keyWrapped);
  });

  it('on a database file, answers only once its licence record and audit row are on disk, and refuses a removed device', async () => {
    // The production database: WAL with synchronous = FULL, where the commit's disk wait leaves the event loop.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-licence-file-'));
    const db = openDatabase(path.join(dir, 'app.db'));
    try {
      migrateDatabase(db);
      const t = setupReader({ db });
      const { reader, manifest, device } = await openedBook(t);
      const walFlushes = vi.spyOn(fs, 'fdatasync');
      const body = { loanId: manifest.loanId, deviceId: device.deviceId, kind: 'online' as const };

      const grant = await successBody(reader.api.licenses.$post({ json: body }));
      expect(walFlushes).toHaveBeenCalledTimes(1);
      const flushedFile = fs.fstatSync(walFlushes.mock.calls[0][0]).ino;
      expect(flushedFile).toBe(fs.statSync(`${path.resolve(db.$client.name)}-wal`).ino);
      expect(db.$client.pragma('synchronous', { simple: true })).toBe(2);
      expect(t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()).toMatchObject({
        signature: grant.license,
        kind: 'online',
        revoked: false,
      });
      const audit = t.db.select().from(auditLogs).where(eq(auditLogs.action, 'license.issued')).all();
      expect(audit).toEqual([expect.objectContaining({ resourceId: grant.licenseId, userId: reader.user.id })]);

      expect((await reader.api.devices[':id'].$delete({ param: { id: device.deviceId } })).status).toBe(204);
      const refused = await reader.api.licenses.$post({ json: body });
      expect(refused.status).toBe(404);
      expect((await problemBody(refused)).detail).toBe('Device not found');
      expect(t.db.select().from(auditLogs).where(eq(auditLogs.action, 'license.issued')).all()).toHaveLength(1);
      expect(t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get()?.revoked).toBe(true);
    } finally {
      vi.restoreAllMocks();
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on a database file, a first open by book commits its new loan without a flush of its own, then flushes once before the answer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-licence-loan-'));
    const db = openDatabase(path.join(dir, 'app.db'));
    try {
      migrateDatabase(db);
      const t = setupReader({ db });
      const { book } = await t.bookWithContent('trial');
      const reader = await t.reader('premium');
      const { device } = await registerBrowser(reader);
      // In order: the pragmas set on the connection, the loan's insert (a trigger), the WAL flushes.
      const steps: string[] = [];
      db.$client.function('wb_loan_probe', () => {
        steps.push('loan');
        return 0;
      });
      db.$client.exec('CREATE TEMP TRIGGER probe_loan AFTER INSERT ON loans BEGIN SELECT wb_loan_probe(); END');
      const exec = db.$client.exec.bind(db.$client);
      vi.spyOn(db.$client, 'exec').mockImplementation((source: string) => {
        if (source.startsWith('PRAGMA synchronous')) steps.push(source);
        return exec(source);
      });
      const realFdatasync = fs.fdatasync;
      vi.spyOn(fs, 'fdatasync').mockImplementation((fd, callback) => {
        steps.push('flush');
        realFdatasync(fd, callback);
      });

      const grant = await successBody(
        reader.api.licenses.$post({ json: { bookId: book.slug, deviceId: device.deviceId, kind: 'online' } }),
      );
      expect(steps).toEqual([
        'PRAGMA synchronous = 1',
        'loan',
        'PRAGMA synchronous = 2',
        'PRAGMA synchronous = 1',
        'PRAGMA synchronous = 2',
        'flush',
      ]);
      const row = t.db.select().from(licenses).where(eq(licenses.id, grant.licenseId)).get();
      expect(
        t.db
          .select()
          .from(loans)
          .where(eq(loans.id, row?.loanId ?? ''))
          .get()?.status,
      ).toBe('active');
    } finally {
      vi.restoreAllMocks();
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('re-issuing for the same loan and device keeps the licence id and counts a renewal', async () => {
    const t = setupReader();
    const { reader, manifest, device } = await openedBook(t);
    const body = { loanId: manifest.loanId, deviceId: device.deviceId, kind: 'online' as const };
    const first = await successBody(reader.api.licenses.$post({ json: body }));
    t.clock.advance(10 * 60 * 1000);
    const second = await successBody(reader.api.licenses.$post({ json: body }));
    expect(second.licenseId).toBe(first.licenseId);
    expect(second.license).not.toBe(first.license);
    const rows = t.db.select().from(licenses).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ renewalCount: 1, signature: second.license, revoked: false });
    expect(rows[0].lastRenewedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(rows[0].updatedAt.getTime()).toBe(t.clock.now().getTime());
    expect(rows[0].offlineExpiresAt.toISOString()).toBe(second.expiresAt);
    expect(rows[0].policy.watermark.loanId).toBe(manifest.loanId);
    const claims = await verifyLicense({
      keyring: await licenseKeyring(t.env),
      token: second.license,
      now: t.clock.now(),
    });
    expect(claims.renewalCount).toBe(1);
  });

  it("answers 404 for another reader's loan or device, an ended loan or a deactivated device", async () => {
    const t = setupReader();
    const mine = await openedBook(t);
    const theirs = await openedBook(t);
    const issue = (loanId: string, deviceId: string) =>
      mine.reader.api.licenses.$post({ json: { loanId, deviceId, kind: 'online' } });

    const otherLoan = await issue(theirs.manifest.loanId, mine.device.deviceId);
    expect(otherLoan.status).toBe(404);
    expect((await problemBody(otherLoan)).detail).toBe('Loan not found');
    const otherDevice = await issue(mine.manifest.loanId, theirs.device.deviceId);
    expect(otherDevice.status).toBe(404);
    expect((await problemBody(otherDevice)).detail).toBe('Device not found');
    expect((await issue(crypto.randomUUID(), mine.device.deviceId)).status).toBe(404);

    t.db.update(devices).set({ isActive: false }).where(eq(devices.id, mine.device.deviceId)).run();
    expect((await issue(mine.manifest.loanId, mine.device.deviceId)).status).toBe(404);
    t.db.update(devices).set({ isActive: true }).where(eq(devices.id, mine.device.deviceId)).run();

    expect((await mine.reader.api.loans[':id'].return.$post({ param: { id: mine.manifest.loanId } })).status).toBe(200);
    expect((await issue(mine.manifest.loanId, mine.device.deviceId)).status).toBe(404);
    expect(t.db.select().from(licenses).all()).toEqual([]);
  });

  it('answers 402 once the plan has lapsed, revoking the loan', async () => {
    const t = setupReader();
    const { reader, manifest, device } = await openedBook(t, 'trial');
    t.clock.advance(7 * DAY_MS + 1);
    reader.signInAgain();
    const response = await reader.api.licenses.$post({
      json: {
        loanId: manifest.loanId,
        deviceId: device.deviceId,
        kind: 'online',
      },
    });
    expect(response.status).toBe(402);
    expect((await problemBody(response)).code).toBe('subscription_required');
    expect(t.db.select().from(loans).where(eq(loans.id, manifest.loanId)).get()?.status).toBe('revoked');
  });

  it('offline licences need a plan with offline reading and an offline-registered device', async () => {
    const t = setupReader();
    const trial = await openedBook(t, 'trial');
    const trialOffline = await trial.reader.api.licenses.$post({
      json: {
        loanId: trial.manifest.loanId,
        deviceId: trial.device.deviceId,
        kind: 'offline',
      },
    });
    expect(trialOffline.status).toBe(402);
    expect((await problemBody(trialOffline)).detail).toBe(OFFLINE_NOT_IN_PLAN);

    const premium = await openedBook(t, 'premium');
    const body = { loanId: premium.manifest.loanId, deviceId: premium.device.deviceId, kind: 'offline' as const };
    const unregistered = await premium.reader.api.licenses.$post({ json: body });
    expect(unregistered.status).toBe(403);
    expect(await problemBody(unregistered)).toMatchObject({
      code: 'device_not_offline',
      detail: DEVICE_NOT_OFFLINE,
    });

    t.db
      .update(devices)
      .set({ offlineRegisteredAt: t.clock.now() })
      .where(eq(devices.id, premium.device.deviceId))
      .run();
    t.db.insert(systemConfig).values({ key: 'offline_max_days', value: '7', dataType: 'number' }).run();
    const granted = await premium.reader.api.licenses.$post({ json: body });
    expect(granted.status).toBe(201);
    const grant = await successBody(granted);
    expect(grant.expiresAt).toBe(new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString());
    const { claims } = await openLicense({
      jwks: await jwksOf(t),
      license: grant.license,
      key: premium.key,
      now: t.clock.now(),
    });
    expect(claims.kind).toBe('offline');
  });

  it('issues for a book (uuid or slug) in one call, opening or reusing the loan, and refuses a book the plan does not allow', async () => {
    const t = setupReader();
    const content = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const { device, key } = await registerBrowser(reader);
    const first = await reader.api.licenses.$post({
      json: {
        bookId: content.book.slug,
        deviceId: device.deviceId,
        kind: 'online',
      },
    });
    expect(first.status).toBe(201);
    const { claims } = await openLicense({
      jwks: await jwksOf(t),
      license: (await successBody(first)).license,
      key,
      now: t.clock.now(),
    });
    const activeLoans = t.db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, reader.user.id), eq(loans.status, 'active')))
      .all();
    expect(activeLoans).toHaveLength(1);
    expect(claims).toMatchObject({ bookId: content.book.id, loanId: activeLoans[0].id, sub: reader.user.id });
    const again = await reader.api.licenses.$post({
      json: {
        bookId: content.book.id,
        deviceId: device.deviceId,
        kind: 'online',
      },
    });
    expect(again.status).toBe(201);
    expect(t.db.select().from(loans).where(eq(loans.userId, reader.user.id)).all()).toHaveLength(1);

    const trial = await t.reader('trial');
    const trialBrowser = await registerBrowser(trial);
    const refused = await trial.api.licenses.$post({
      json: {
        bookId: content.book.id,
        deviceId: trialBrowser.device.deviceId,
        kind: 'online',
      },
    });
    expect(refused.status).toBe(402);
    expect(t.db.select().from(loans).where(eq(loans.userId, trial.user.id)).all()).toEqual([]);
  });

  it('validates the request (400) and needs a session (401)', async () => {
    const t = setupReader();
    const { reader, manifest, device } = await openedBook(t);
    const cases: [unknown, string][] = [
      [{ loanId: 'x', deviceId: device.deviceId, kind: 'online' }, 'loanId: Loan id must be a valid id'],
      [{ loanId: manifest.loanId, deviceId: 'x', kind: 'online' }, 'deviceId: Device id must be a valid id'],
      [{ loanId: manifest.loanId, deviceId: device.deviceId, kind: 'forever' }, 'kind: Kind must be online or offline'],
      [{ deviceId: device.deviceId, kind: 'online' }, 'loanId: Give either a loan id or a book id'],
      [
        { loanId: manifest.loanId, bookId: 'some-book', deviceId: device.deviceId, kind: 'online' },
        'loanId: Give either a loan id or a book id',
      ],
    ];
    for (const [body, detail] of cases) {
      // raw request: malformed ids, kinds and id combinations, which the typed client refuses
      const response = await send(t.app, '/api/licenses', body, { cookie: reader.cookie });
      expect(response.status).toBe(400);
      expect((await problemBody(response)).detail).toBe(detail);
    }
    expect(
      (await t.api.licenses.$post({ json: { loanId: manifest.loanId, deviceId: device.deviceId, kind: 'online' } }))
        .status,
    ).toBe(401);
  });
});

describe('licenseExpiry', () => {
  const now = Date.UTC(2026, 2, 1);
  const base = { now, onlineMinutes: 60, offlineMaxDays: 30, loanEnd: null, accessEnd: null };
  it('is the shortest of its own life, the loan end and the access end; past bounds are ignored', () => {
    expect(licenseExpiry({ ...base, kind: 'online' })).toBe(now + HOUR_MS);
    expect(licenseExpiry({ ...base, kind: 'offline' })).toBe(now + 30 * DAY_MS);
    expect(licenseExpiry({ ...base, kind: 'offline', accessEnd: now + 3 * DAY_MS, loanEnd: now + 5 * DAY_MS })).toBe(
      now + 3 * DAY_MS,
    );
    expect(licenseExpiry({ ...base, kind: 'online', loanEnd: now + 60_000 })).toBe(now + 60_000);
    expect(licenseExpiry({ ...base, kind: 'offline', accessEnd: now - 1 })).toBe(now + 30 * DAY_MS);
  });
});

describe('POST /api/licenses/status', () => {
  it("reports active, returned, expired and revoked, and never tells about another reader's licences", async () => {
    const t = setupReader();
    const mine = await openedBook(t);
    const theirs = await openedBook(t);
    const issue = async (opened: typeof mine) =>
      (
        await successBody(
          opened.reader.api.licenses.$post({
            json: { loanId: opened.manifest.loanId, deviceId: opened.device.deviceId, kind: 'online' },
          }),
        )
      ).licenseId;
    const mineId = await issue(mine);
    const theirsId = await issue(theirs);
    const unknownId = crypto.randomUUID();
    const status = async (ids: string[]) => {
      const response = await mine.reader.api.licenses.status.$post({ json: { ids } });
      expect(response.status).toBe(200);
      return successBody(response);
    };

    expect(await status([mineId, theirsId, unknownId])).toEqual({
      items: [
        { id: mineId, status: 'active' },
        { id: theirsId, status: 'revoked' },
        { id: unknownId, status: 'revoked' },
      ],
      serverTime: t.clock.now().toISOString(),
    });
    t.clock.advance(HOUR_MS);
    expect((await status([mineId])).items).toEqual([{ id: mineId, status: 'expired' }]);
    t.db
      .update(licenses)
      .set({ revoked: true })
      .where(and(eq(licenses.id, mineId)))
      .run();
    expect((await status([mineId])).items).toEqual([{ id: mineId, status: 'revoked' }]);
    // Returning the loan revokes its licences in the same transaction; the device is told "returned".
    expect((await mine.reader.api.loans[':id'].return.$post({ param: { id: mine.manifest.loanId } })).status).toBe(200);
    expect((await status([mineId])).items).toEqual([{ id: mineId, status: 'returned' }]);
  });

  it('reports a licence as revoked as soon as the rules no longer allow the book', async () => {
    const t = setupReader();
    const opened = await openedBook(t, 'trial');
    const grant = await successBody(
      opened.reader.api.licenses.$post({
        json: { loanId: opened.manifest.loanId, deviceId: opened.device.deviceId, kind: 'online' },
      }),
    );
    t.clock.advance(7 * DAY_MS + 1);
    opened.reader.signInAgain();
    const response = await opened.reader.api.licenses.status.$post({ json: { ids: [grant.licenseId] } });
    expect((await successBody(response)).items).toEqual([{ id: grant.licenseId, status: 'revoked' }]);
  });

  it('validates ids (400) and needs a session (401)', async () => {
    const t = setupReader();
    const reader = await t.reader('premium');
    const cases: [unknown, string][] = [
      [{}, 'ids: ids must be a list of licence ids'],
      [{ ids: [] }, 'ids: ids must list at least one licence'],
      [{ ids: ['nope'] }, 'ids.0: Each licence id must be a valid id'],
      [{ ids: Array.from({ length: 201 }, () => crypto.randomUUID()) }, 'ids: ids may list at most 200 licences'],
    ];
    for (const [body, detail] of cases) {
      // raw request: missing, empty and malformed id lists, which the typed client refuses
      const response = await send(t.app, '/api/licenses/status', body, { cookie: reader.cookie });
      expect(response.status).toBe(400);
      expect((await problemBody(response)).detail).toBe(detail);
    }
    expect((await t.api.licenses.status.$post({ json: { ids: [crypto.randomUUID()] } })).status).toBe(401);
  });
});
