/**
 * The content key in a licence is wrapped to the device's key by its type (decision record 023): ECDH-ES+HKDF-SHA256+
 * A256KW for P-256 browsers, RSA-OAEP-256 for browsers (and device rows) keyed before the change.
 */
import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, hkdfSync } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { ECDH_HKDF_A256KW, keyWrapHkdfParams, RSA_OAEP_256 } from '@shared/device-key-wrap';
import type { TLicenseJwks } from '@shared/reader';
import { devices } from '../../db/schema';
import { successBody } from '../../test-utils';
import { generateDeviceKey, type TTestDeviceKey } from '../devices/device-keys-test-support';
import { registerOffline } from '../devices/offline-devices-test-support';
import { decryptChunk, openLicense, registerBrowser, setupReader } from '../reader/reader-test-support';
import { verifyLicense } from './license-token';
import { licenseKeyring } from './signing-keys';

type TSetup = ReturnType<typeof setupReader>;
type TReader = Awaited<ReturnType<TSetup['reader']>>;

async function jwksOf(t: TSetup): Promise<TLicenseJwks> {
  return successBody(t.api['.well-known']['jwks.json'].$get());
}

/** A premium reader with an open loan of the test book. */
async function readerWithLoan(t: TSetup) {
  const content = await t.bookWithContent('trial');
  const reader = await t.reader('premium');
  const loan = await successBody(reader.api.loans.$post({ json: { bookId: content.book.id } }));
  const manifest = await successBody(
    reader.api.books[':idOrSlug'].manifest.$get({ param: { idOrSlug: content.book.id } }),
  );
  return { ...content, reader, loan, manifest };
}

async function issue(reader: TReader, loanId: string, deviceId: string, kind: 'online' | 'offline' = 'online') {
  const response = await reader.api.licenses.$post({ json: { loanId, deviceId, kind } });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`licence answered ${response.status}: ${await response.text()}`);
  return successBody(response);
}

async function firstChunk(reader: TReader, bookId: string, version: number): Promise<Uint8Array> {
  const response = await reader.api.books[':id'].chunks[':n'].$get({
    param: { id: bookId, n: '0' },
    query: { v: String(version) },
  });
  return new Uint8Array(await response.arrayBuffer());
}

describe('licence key wrapping by device key type', () => {
  it('wraps to a P-256 device with ECDH-ES+HKDF-SHA256+A256KW and a fresh epk per licence', async () => {
    const t = setupReader();
    const { book, reader, loan, manifest } = await readerWithLoan(t);
    const { device, key } = await registerBrowser(reader);
    const grant = await issue(reader, loan.id, device.deviceId);
    const { claims, contentKey } = await openLicense({
      jwks: await jwksOf(t),
      license: grant.license,
      key,
      now: t.clock.now(),
    });
    expect(claims).toMatchObject({
      keyWrapAlg: ECDH_HKDF_A256KW,
      epk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) },
      deviceKeyThumbprint: key.thumbprint,
    });
    // AES-KW of a 32-byte key: 40 bytes.
    expect(base64url.decode(claims.keyWrapped)).toHaveLength(40);
    expect(await decryptChunk(manifest, contentKey, 0, await firstChunk(reader, book.id, manifest.version))).toEqual(
      expect.any(Uint8Array),
    );

    // The same scheme, derived independently with node:crypto (ECDH, RFC 5869 HKDF, RFC 3394 AES key wrap).
    const epk = claims.epk!;
    const sharedSecret = diffieHellman({
      privateKey: createPrivateKey({ key: key.privateJwk as never, format: 'jwk' }),
      publicKey: createPublicKey({ key: { ...epk }, format: 'jwk' }),
    });
    const params = keyWrapHkdfParams({ epk, deviceThumbprint: key.thumbprint, purpose: 'licence-content-key' });
    const kek = Buffer.from(hkdfSync('sha256', sharedSecret, params.salt as Uint8Array, params.info as Uint8Array, 32));
    const unwrap = createDecipheriv('id-aes256-wrap', kek, Buffer.from('A6A6A6A6A6A6A6A6', 'hex'));
    const rawKey = Buffer.concat([unwrap.update(base64url.decode(claims.keyWrapped)), unwrap.final()]);
    const independentKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
    const chunk = await firstChunk(reader, book.id, manifest.version);
    expect(await decryptChunk(manifest, independentKey, 0, chunk)).toEqual(
      await decryptChunk(manifest, contentKey, 0, chunk),
    );

    // Re-issuing wraps again with a new ephemeral key.
    const again = await issue(reader, loan.id, device.deviceId);
    const reissued = await openLicense({ jwks: await jwksOf(t), license: again.license, key, now: t.clock.now() });
    expect(reissued.claims.epk).not.toEqual(claims.epk);
    expect(reissued.claims.keyWrapped).not.toBe(claims.keyWrapped);
  });

  it('a licence for one P-256 device cannot be unwrapped by another P-256 key', async () => {
    const t = setupReader();
    const { reader, loan } = await readerWithLoan(t);
    const { device, key } = await registerBrowser(reader, 3);
    const grant = await issue(reader, loan.id, device.deviceId);
    const other = await generateDeviceKey();
    // Even told this device's thumbprint (so the HKDF info is the same), another private key derives another secret.
    const impostor: TTestDeviceKey = { ...other, thumbprint: key.thumbprint };
    await expect(
      openLicense({ jwks: await jwksOf(t), license: grant.license, key: impostor, now: t.clock.now() }),
    ).rejects.toThrow();
    await expect(
      openLicense({ jwks: await jwksOf(t), license: grant.license, key: other, now: t.clock.now() }),
    ).rejects.toThrow();
  });

  it('an RSA device registered before the change still gets licences (online, offline, renewed) it can open', async () => {
    const t = setupReader();
    const { book, reader, loan, manifest } = await readerWithLoan(t);
    const key = await generateDeviceKey('rsa');
    // The row exactly as the RSA-only code stored it: the RSA members as JSON and the RFC 7638 thumbprint.
    const row = t.db
      .insert(devices)
      .values({
        userId: reader.user.id,
        name: 'Old laptop',
        publicKey: JSON.stringify({ kty: 'RSA', n: key.publicJwk.n, e: key.publicJwk.e, alg: 'RSA-OAEP-256' }),
        keyThumbprint: await calculateJwkThumbprint({ kty: 'RSA', n: key.publicJwk.n, e: key.publicJwk.e }),
      })
      .returning()
      .get();
    expect(row.keyThumbprint).toBe(key.thumbprint);

    const online = await issue(reader, loan.id, row.id);
    const opened = await openLicense({ jwks: await jwksOf(t), license: online.license, key, now: t.clock.now() });
    expect(opened.claims.keyWrapAlg).toBe(RSA_OAEP_256);
    expect(opened.claims).not.toHaveProperty('epk');
    expect(base64url.decode(opened.claims.keyWrapped)).toHaveLength(384);
    const chunk = await firstChunk(reader, book.id, manifest.version);
    await expect(decryptChunk(manifest, opened.contentKey, 0, chunk)).resolves.toBeInstanceOf(Uint8Array);

    // Registering the same RSA key for offline reading proves possession with an RSA challenge; same device row.
    const { device } = await registerOffline(reader, key);
    expect(device.deviceId).toBe(row.id);
    const offline = await issue(reader, loan.id, row.id, 'offline');
    const renewed = await successBody(reader.api.licenses[':id'].renew.$post({ param: { id: offline.licenseId } }));
    for (const grant of [offline, renewed]) {
      const { claims, contentKey } = await openLicense({
        jwks: await jwksOf(t),
        license: grant.license,
        key,
        now: t.clock.now(),
      });
      expect(claims).toMatchObject({ kind: 'offline', keyWrapAlg: RSA_OAEP_256 });
      await expect(decryptChunk(manifest, contentKey, 0, chunk)).resolves.toBeInstanceOf(Uint8Array);
    }
    // The server-side verifier (the renewal path) accepts both kinds of licence.
    const keyring = await licenseKeyring(t.env);
    expect((await verifyLicense({ keyring, token: renewed.license, now: t.clock.now() })).keyWrapAlg).toBe(
      RSA_OAEP_256,
    );
  });
});
