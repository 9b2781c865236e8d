/**
 * Test support for the offline engine: a fetch double standing in for the offline API (device
 * challenge and registration with a nonce encrypted to the browser's real test key, offline licences
 * signed like the server's, licence status and renewal, device status, loans, manifest and chunks).
 * Built on protected-test-support's crypto stand-ins. Used only by tests.
 */
import type { TReadingProgress } from '@shared/progress';
import { base64url, calculateJwkThumbprint, type JWK } from 'jose';
import { vi } from 'vitest';
import type { TDevice, TDeviceChallenge, TDeviceStatusValue } from '@shared/devices';
import { DEVICE_MESSAGES } from '@shared/devices';
import {
  LICENSE_MESSAGES,
  type TBookManifest,
  type TBrowserDevice,
  type TLicenseGrant,
  type TLicenseStatus,
  type TLicenseStatusList,
} from '@shared/reader';
import { resetDeviceKeyCache } from '@web/crypto/device-key';
import {
  licenseClaims,
  problem,
  signLicense,
  wrapKeyForDevice,
  type TEncryptedBook,
  type TLicenseSigner,
} from '@web/protected-content/protected-test-support';
import { deleteDb } from '@web/storage/db';
import { createOfflineEngine, type TOfflineEngine } from './index';
import { apiPath, chunkApiPath } from '@web/lib/api-test-support';

export const DAY_MS = 24 * 60 * 60 * 1000;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface TOfflineServerOptions {
  /** The book in either manifest form (docs/decisions/022-compact-manifest.md). */
  book: TEncryptedBook<TBookManifest>;
  signer: TLicenseSigner;
  userId: string;
  deviceId?: string;
  loanId?: string;
  /** The device starts registered for offline reading (default false). */
  offlineRegistered?: boolean;
  /** Offline licence lifetime from now (default 30 days). */
  offlineMs?: number;
  /** Answer a chunk request differently (return undefined for the real chunk). */
  chunk?: (index: number) => Response | Promise<Response> | undefined;
  /** Answer any request before the default routes (return undefined to fall through). */
  override?: (request: {
    url: string;
    method: string;
    body: unknown;
  }) => Response | undefined | Promise<Response | undefined>;
}

export interface TLicenseRecord {
  id: string;
  status: TLicenseStatus;
  renewalCount: number;
  expMs: number;
}

export function createOfflineServer(options: TOfflineServerOptions) {
  const { book, signer, userId } = options;
  const deviceId = options.deviceId ?? '11111111-1111-4111-8111-111111111111';
  const loanId = options.loanId ?? '22222222-2222-4222-8222-222222222222';
  const requests: string[] = [];
  const chunkFetches: number[] = [];
  const licenses = new Map<string, TLicenseRecord>();
  const challenges = new Map<string, { nonce: string; used: boolean }>();
  const state = {
    registeredKey: null as JsonWebKey | null,
    thumbprint: '',
    offlineRegistered: options.offlineRegistered ?? false,
    deviceStatus: 'registered' as TDeviceStatusValue,
    deviceName: '',
    /** Wrap challenges to this key instead of the registered one (a wrong key). */
    challengeKey: null as JsonWebKey | null,
    /** Refuse renewals with this problem (status, code, detail). */
    refuseRenewal: null as { status: number; code: string; detail: string } | null,
    serverNow: () => Date.now(),
    /** The reader's saved position in the book (GET /api/progress/:bookId), none when null. */
    progress: null as TReadingProgress | null,
  };
  let licenseCount = 0;

  async function grant(
    id: string,
    renewalCount: number,
    kind: 'online' | 'offline' = 'offline',
  ): Promise<TLicenseGrant> {
    const now = state.serverNow();
    const expMs = now + (kind === 'online' ? 15 * 60_000 : (options.offlineMs ?? 30 * DAY_MS));
    const claims = licenseClaims(
      {
        jti: id,
        sub: userId,
        loanId,
        bookId: book.manifest.bookId,
        bookVersion: book.manifest.version,
        deviceId,
        deviceKeyThumbprint: state.thumbprint,
        ...(await wrapKeyForDevice(book.rawKey, state.registeredKey!)),
        kind,
        renewalCount,
        exp: Math.floor(expMs / 1000),
      },
      now,
    );
    if (kind === 'offline') licenses.set(id, { id, status: 'active', renewalCount, expMs });
    return {
      licenseId: id,
      license: await signLicense(claims, signer),
      expiresAt: new Date(expMs).toISOString(),
      serverTime: new Date(now).toISOString(),
    };
  }

  const fetchDouble = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push(`${method} ${url}`);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const overridden = await options.override?.({ url, method, body });
    if (overridden) return overridden;
    const serverTime = new Date(state.serverNow()).toISOString();

    if (method === 'POST' && url === apiPath('/devices/browser')) {
      state.registeredKey = (body as { publicKey: JsonWebKey }).publicKey;
      state.thumbprint = await calculateJwkThumbprint(state.registeredKey as JWK, 'sha256');
      state.deviceName = (body as { name?: string }).name ?? '';
      if (state.deviceStatus === 'removed') {
        state.deviceStatus = 'browser';
        state.offlineRegistered = false;
      }
      return json(
        {
          deviceId,
          keyThumbprint: state.thumbprint,
          offlineRegistered: state.offlineRegistered,
        } satisfies TBrowserDevice,
        201,
      );
    }
    if (method === 'POST' && url === apiPath('/devices/challenge')) {
      if ((body as { deviceId: string }).deviceId !== deviceId || !state.registeredKey)
        return problem(404, 'Device not found', 'not_found');
      const nonce = crypto.getRandomValues(new Uint8Array(32));
      // Wrapped as the server does (to a wrong key when the test says so), bound to the registered key's thumbprint.
      const wrap = await wrapKeyForDevice(nonce, state.challengeKey ?? state.registeredKey, {
        deviceThumbprint: state.thumbprint,
        purpose: 'device-challenge',
      });
      const challengeId = crypto.randomUUID();
      challenges.set(challengeId, { nonce: base64url.encode(nonce), used: false });
      return json(
        {
          challengeId,
          encryptedChallenge: wrap.keyWrapped,
          keyWrapAlg: wrap.keyWrapAlg!,
          ...(wrap.epk ? { epk: wrap.epk } : {}),
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        } satisfies TDeviceChallenge,
        201,
      );
    }
    if (method === 'POST' && url === apiPath('/devices')) {
      const { challengeId, response, name } = body as { challengeId: string; response: string; name?: string };
      const challenge = challenges.get(challengeId);
      if (!challenge) return problem(400, DEVICE_MESSAGES.challengeInvalid, 'challenge_failed');
      if (challenge.used) return problem(400, DEVICE_MESSAGES.challengeUsed, 'challenge_failed');
      challenge.used = true;
      if (challenge.nonce !== response) return problem(400, DEVICE_MESSAGES.proofFailed, 'challenge_failed');
      state.offlineRegistered = true;
      state.deviceStatus = 'registered';
      if (name) state.deviceName = name;
      const device: TDevice = {
        id: deviceId,
        name: state.deviceName,
        isOfflineRegistered: true,
        registeredAt: serverTime,
        lastActiveAt: serverTime,
        createdAt: serverTime,
        booksOffline: 0,
        licenseExpiresAt: null,
        userAgent: null,
        overCap: false,
      };
      return json(device, 201);
    }
    if (method === 'GET' && url === apiPath(`/devices/${deviceId}/status`)) {
      return json({ deviceId, status: state.deviceStatus, serverTime });
    }
    if (method === 'POST' && url === apiPath('/loans')) {
      return json(
        {
          id: loanId,
          bookId: book.manifest.bookId,
          title: book.manifest.title,
          slug: book.manifest.slug,
          status: 'active',
        },
        201,
      );
    }
    if (method === 'GET' && url === apiPath(`/books/${encodeURIComponent(book.manifest.bookId)}/manifest`)) {
      return json({ ...book.manifest, loanId });
    }
    if (method === 'GET' && url === apiPath('/.well-known/jwks.json')) return json(signer.jwks);
    if (method === 'POST' && url === apiPath('/licenses')) {
      const request = body as { loanId: string; deviceId: string; kind: string };
      if (request.deviceId !== deviceId || !state.registeredKey || state.deviceStatus === 'removed')
        return problem(404, 'Device not found', 'not_found');
      if (request.kind === 'offline' && !state.offlineRegistered)
        return problem(403, LICENSE_MESSAGES.deviceNotOffline, 'device_not_offline');
      licenseCount += 1;
      const kind = request.kind === 'online' ? 'online' : 'offline';
      return json(await grant(`33333333-3333-4333-8333-${String(licenseCount).padStart(12, '0')}`, 0, kind), 201);
    }
    const renew = /^\/api\/licenses\/([^/]+)\/renew$/.exec(url);
    if (method === 'POST' && renew) {
      const record = licenses.get(renew[1]);
      if (!record) return problem(404, 'Licence not found', 'not_found');
      if (state.refuseRenewal)
        return problem(state.refuseRenewal.status, state.refuseRenewal.detail, state.refuseRenewal.code);
      if (state.deviceStatus !== 'registered') return problem(409, DEVICE_MESSAGES.deviceRemoved, 'device_removed');
      if (record.status === 'revoked') return problem(409, LICENSE_MESSAGES.revoked, 'license_revoked');
      if (record.status === 'returned') return problem(409, LICENSE_MESSAGES.returned, 'license_returned');
      return json(await grant(record.id, record.renewalCount + 1));
    }
    if (method === 'POST' && url === apiPath('/licenses/status')) {
      const { ids, deviceId: askingDevice } = body as { ids: string[]; deviceId?: string };
      const answer: TLicenseStatusList = {
        items: ids.map((id) => ({ id, status: licenses.get(id)?.status ?? 'revoked' })),
        serverTime,
      };
      if (askingDevice)
        answer.device = {
          deviceId: askingDevice,
          status: askingDevice === deviceId ? state.deviceStatus : 'removed',
          serverTime,
        };
      return json(answer);
    }
    if (method === 'GET' && url === apiPath(`/progress/${book.manifest.bookId}`)) {
      return state.progress ? json(state.progress) : problem(404, 'Reading progress not found', 'not_found');
    }
    const chunkIndex = book.chunks.findIndex(
      (_, index) => url === chunkApiPath(book.manifest.bookId, book.manifest.version, index),
    );
    if (method === 'GET' && chunkIndex >= 0) {
      chunkFetches.push(chunkIndex);
      const custom = await options.chunk?.(chunkIndex);
      if (custom) return custom;
      return new Response(book.chunks[chunkIndex].slice(0), {
        status: 200,
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    }
    // A run of adjacent chunks (GET /api/books/:id/chunks?v=&from=&count=): each chunk as the single route
    // would answer it (the `chunk` override included), one after another; a refused chunk refuses the run.
    const run = /^(.*)\/chunks\?v=(\d+)&from=(\d+)&count=(\d+)$/.exec(url);
    if (
      method === 'GET' &&
      run &&
      run[1] === apiPath(`/books/${encodeURIComponent(book.manifest.bookId)}`) &&
      Number(run[2]) === book.manifest.version
    ) {
      const from = Number(run[3]);
      const count = Number(run[4]);
      if (from + count > book.chunks.length) return problem(404, 'Chunk not found', 'not_found');
      const parts: Uint8Array[] = [];
      for (let index = from; index < from + count; index += 1) {
        chunkFetches.push(index);
        const custom = await options.chunk?.(index);
        if (custom && !custom.ok) return custom;
        parts.push(new Uint8Array(custom ? await custom.arrayBuffer() : book.chunks[index].slice(0)));
      }
      return new Response(new Blob(parts as BlobPart[]), {
        status: 200,
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    }
    return problem(404, `No route for ${method} ${url}`);
  };

  return { fetch: fetchDouble as typeof fetch, requests, chunkFetches, licenses, challenges, state, deviceId, loanId };
}

export type TOfflineServer = ReturnType<typeof createOfflineServer>;

/** Makes the server double answer this test's fetch (undone by vi.unstubAllGlobals). */
export function serveOffline(options: TOfflineServerOptions): TOfflineServer {
  const server = createOfflineServer(options);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

const testEngines: TOfflineEngine[] = [];

/** An offline engine of the test's own (as if in a tab of its own), disposed of by cleanUpOfflineTest. */
export function createTestOfflineEngine(): TOfflineEngine {
  const engine = createOfflineEngine();
  testEngines.push(engine);
  return engine;
}

/** After each test: disposes of its engines, undoes stubs and mocks, forgets the device-key cache and deletes the database. */
export async function cleanUpOfflineTest(): Promise<void> {
  for (const engine of testEngines.splice(0)) await engine.dispose();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetDeviceKeyCache();
  await deleteDb();
}

/** Whether `needle` occurs in `haystack`. */
export function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let offset = 0; offset < needle.length; offset++)
      if (haystack[start + offset] !== needle[offset]) continue outer;
    return true;
  }
  return false;
}
