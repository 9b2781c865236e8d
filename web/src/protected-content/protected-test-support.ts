/**
 * Test support for the protected reader: a stand-in for the server side of docs/ARCHITECTURE.md#protected-content
 * (chunk encryption with AES-256-GCM and chunkAad, the content key wrapped to the device key by the server's own
 * shared/device-key-wrap.ts, ES256 licences and their JWKS) and a fetch double that answers the reader's API calls. Used
 * only by tests; built on WebCrypto and jose exactly as the server is expected to be.
 */
import {
  base64url,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import {
  ecdhP256PublicJwk,
  RSA_OAEP_256,
  wrapToDeviceKey,
  type TDevicePublicJwk,
  type TKeyWrapPurpose,
} from '@shared/device-key-wrap';
import {
  CHUNK_CIPHER,
  CHUNK_TAG_BYTES,
  LICENSE_ALG,
  LICENSE_JWT_TYPE,
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  chunkAad,
  segmentCounterIv,
  type TBookManifest,
  type TCompactBookManifest,
  type TListedBookManifest,
  type TManifestChunk,
  type TSegmentIvForm,
  type TBrowserDevice,
  type TLicenseClaims,
  type TLicenseGrant,
} from '@shared/reader';
import { apiPath, chunkApiPath } from '@web/lib/api-test-support';

const textEncoder = new TextEncoder();

export async function sha256HexOf(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Deterministic pseudo-random bytes that start like a PDF and carry a marker to search storage for. */
export function makePlainBook(size: number, marker = 'WONDERFUL-PLAINTEXT-MARKER'): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = 0x2545f491;
  for (let index = 0; index < size; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  const header = textEncoder.encode(`%PDF-1.7\n% ${marker}\n`);
  bytes.set(header.subarray(0, Math.min(header.length, size)));
  return bytes;
}

export interface TEncryptedBook<TManifest extends TBookManifest = TListedBookManifest> {
  manifest: TManifest;
  /** Ciphertext + tag per chunk, as the chunk route serves it. */
  chunks: ArrayBuffer[];
  /** The raw AES-256 content key (the server holds it wrapped by its key-encryption key). */
  rawKey: Uint8Array<ArrayBuffer>;
}

interface TEncryptBookOptions {
  bookId: string;
  version?: number;
  chunkSize: number;
  slug?: string;
  title?: string;
  /** The content key to seal with (default: a fresh one, as ingestion makes per version). */
  rawKey?: Uint8Array<ArrayBuffer>;
}

/**
 * Cuts and encrypts a book the way the ingest pipeline does (docs/ARCHITECTURE.md#protected-content):
 * `listed` draws a random IV per segment and lists it with its sha256 (versions ingested before the compact
 * manifest), `counter` derives each IV from the index (docs/decisions/022-compact-manifest.md).
 */
async function sealBook(plaintext: Uint8Array, options: TEncryptBookOptions, segmentIvs: TSegmentIvForm) {
  const version = options.version ?? 1;
  const rawKey = options.rawKey ?? crypto.getRandomValues(new Uint8Array(32));
  const key = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const chunks: ArrayBuffer[] = [];
  const entries: TManifestChunk[] = [];
  for (let index = 0, offset = 0; offset < plaintext.byteLength; index++, offset += options.chunkSize) {
    const plain = plaintext.slice(offset, Math.min(plaintext.byteLength, offset + options.chunkSize));
    const iv = segmentIvs === 'counter' ? segmentCounterIv(index) : crypto.getRandomValues(new Uint8Array(12));
    const ciphertext = await crypto.subtle.encrypt(
      {
        name: 'AES-GCM',
        iv,
        additionalData: textEncoder.encode(chunkAad(options.bookId, version, index)),
        tagLength: CHUNK_TAG_BYTES * 8,
      },
      key,
      plain,
    );
    chunks.push(ciphertext);
    entries.push({
      index,
      offset,
      plainSize: plain.byteLength,
      size: ciphertext.byteLength,
      iv: base64url.encode(iv),
      sha256: await sha256HexOf(ciphertext),
    });
  }
  const fields = {
    bookId: options.bookId,
    slug: options.slug ?? 'a-protected-book',
    title: options.title ?? 'A Protected Book',
    version,
    size: plaintext.byteLength,
    sha256: await sha256HexOf(plaintext),
    pageCount: 1,
    chunkSize: options.chunkSize,
    chunkCount: chunks.length,
    cipher: CHUNK_CIPHER,
  };
  return { rawKey, chunks, fields, entries };
}

/** A book in the listed form (each segment's random IV and sha256 in the manifest). */
export async function encryptBook(plaintext: Uint8Array, options: TEncryptBookOptions): Promise<TEncryptedBook> {
  const { rawKey, chunks, fields, entries } = await sealBook(plaintext, options, 'listed');
  return { rawKey, chunks, manifest: { ...fields, chunks: entries } };
}

/** A book in the compact form (IVs from the index, nothing per segment in the manifest). */
export async function encryptCompactBook(
  plaintext: Uint8Array,
  options: TEncryptBookOptions,
): Promise<TEncryptedBook<TCompactBookManifest>> {
  const { rawKey, chunks, fields } = await sealBook(plaintext, options, 'counter');
  return { rawKey, chunks, manifest: { ...fields, segmentIvs: 'counter' } };
}

/** The members of a browser's public key the server keeps (shared/reader.schemas.ts ZDevicePublicJwk). */
function devicePublicMembers(publicJwk: JsonWebKey): TDevicePublicJwk {
  return publicJwk.kty === 'EC'
    ? ecdhP256PublicJwk(publicJwk)
    : { kty: 'RSA', n: String(publicJwk.n), e: String(publicJwk.e), alg: RSA_OAEP_256 };
}

/** RFC 7638 thumbprint of a device public key, as the server computes it. */
export function deviceThumbprintOf(publicJwk: JsonWebKey): Promise<string> {
  const jwk = devicePublicMembers(publicJwk);
  return calculateJwkThumbprint(
    jwk.kty === 'EC' ? { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: 'RSA', n: jwk.n, e: jwk.e },
    'sha256',
  );
}

/**
 * The content key wrapped to a device public key by the server's own code (shared/device-key-wrap.ts): the licence's
 * `keyWrapped`, `keyWrapAlg` and, for a P-256 key, `epk`.
 */
export async function wrapKeyForDevice(
  rawKey: Uint8Array<ArrayBuffer>,
  publicJwk: JsonWebKey,
  options: { deviceThumbprint?: string; purpose?: TKeyWrapPurpose } = {},
): Promise<Pick<TLicenseClaims, 'keyWrapped' | 'keyWrapAlg' | 'epk'>> {
  const wrap = await wrapToDeviceKey(devicePublicMembers(publicJwk), rawKey, {
    deviceThumbprint: options.deviceThumbprint ?? (await deviceThumbprintOf(publicJwk)),
    purpose: options.purpose ?? 'licence-content-key',
  });
  return { keyWrapped: wrap.wrapped, keyWrapAlg: wrap.alg, ...(wrap.epk ? { epk: wrap.epk } : {}) };
}

export interface TLicenseSigner {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
}

export async function makeLicenseSigner(kid = 'licence-key-1'): Promise<TLicenseSigner> {
  const { privateKey, publicKey } = await generateKeyPair(LICENSE_ALG);
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: LICENSE_ALG, use: 'sig' };
  return { kid, privateKey, jwks: { keys: [jwk] } };
}

export function licenseClaims(
  overrides: Partial<TLicenseClaims> &
    Pick<TLicenseClaims, 'sub' | 'bookId' | 'deviceId' | 'deviceKeyThumbprint' | 'keyWrapped'>,
  nowMs = Date.now(),
): TLicenseClaims {
  const iat = Math.floor(nowMs / 1000);
  return {
    jti: 'licence-1',
    iss: LICENSE_ISSUER,
    aud: LICENSE_AUDIENCE,
    loanId: 'loan-1',
    bookVersion: 1,
    kind: 'online',
    policy: {
      watermark: { name: 'Ada Reader', email: 'ada@example.test', loanId: overrides.loanId ?? 'loan-1' },
      copyLimitChars: 4000,
      print: false,
    },
    iat,
    nbf: iat,
    exp: iat + 3600,
    serverTime: nowMs,
    renewalCount: 0,
    statusUrl: apiPath('/licenses/status'),
    ...overrides,
  };
}

export async function signLicense(
  claims: TLicenseClaims,
  signer: Pick<TLicenseSigner, 'kid' | 'privateKey'>,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: LICENSE_ALG, kid: signer.kid, typ: LICENSE_JWT_TYPE })
    .sign(signer.privateKey);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function problem(status: number, detail: string, code = 'error'): Response {
  return json({ type: 'about:blank', title: 'Error', status, detail, code }, status);
}

export interface TFakeReaderServerOptions {
  book: TEncryptedBook;
  signer: TLicenseSigner;
  userId: string;
  loanId?: string;
  deviceId?: string;
  /** Change the licence before it is signed (to test refusals). */
  tamperClaims?: (claims: TLicenseClaims) => TLicenseClaims;
  /** Answer a request before the default routes (return undefined to fall through). */
  override?: (request: {
    url: string;
    method: string;
    body: unknown;
  }) => Response | undefined | Promise<Response | undefined>;
}

export interface TFakeReaderServer {
  fetch: typeof fetch;
  /** Every request as "METHOD path". */
  requests: string[];
  /** Chunk indexes fetched, in order. */
  chunkFetches: number[];
  /** The public key the browser registered. */
  registeredKey: () => JsonWebKey | null;
}

/** A fetch double answering the reader's endpoints like the API does. */
export function createFakeReaderServer(options: TFakeReaderServerOptions): TFakeReaderServer {
  const { book, signer, userId } = options;
  const loanId = options.loanId ?? 'loan-1';
  const deviceId = options.deviceId ?? 'device-1';
  const requests: string[] = [];
  const chunkFetches: number[] = [];
  let registeredKey: JsonWebKey | null = null;
  let thumbprint = '';
  let licenseCount = 0;

  const fetchDouble = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push(`${method} ${url}`);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const overridden = await options.override?.({ url, method, body });
    if (overridden) return overridden;
    if (method !== 'GET' && new Headers(init?.headers).get('Content-Type') !== 'application/json') {
      return problem(415, 'Writes must be JSON.');
    }
    if (method === 'POST' && url === apiPath('/devices/browser')) {
      registeredKey = (body as { publicKey: JsonWebKey }).publicKey;
      const { calculateJwkThumbprint } = await import('jose');
      thumbprint = await calculateJwkThumbprint(registeredKey as JWK, 'sha256');
      return json({ deviceId, keyThumbprint: thumbprint, offlineRegistered: false } satisfies TBrowserDevice, 201);
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
      if (!registeredKey) return problem(404, 'Device not found.', 'device_not_found');
      licenseCount += 1;
      const now = Date.now();
      let claims = licenseClaims(
        {
          jti: `licence-${licenseCount}`,
          sub: userId,
          loanId,
          bookId: book.manifest.bookId,
          bookVersion: book.manifest.version,
          deviceId: (body as { deviceId: string }).deviceId,
          deviceKeyThumbprint: thumbprint,
          ...(await wrapKeyForDevice(book.rawKey, registeredKey)),
        },
        now,
      );
      if (options.tamperClaims) claims = options.tamperClaims(claims);
      const grant: TLicenseGrant = {
        licenseId: claims.jti,
        license: await signLicense(claims, signer),
        expiresAt: new Date(claims.exp * 1000).toISOString(),
        serverTime: new Date(now).toISOString(),
      };
      return json(grant, 201);
    }
    const chunkMatch = book.chunks.findIndex(
      (_, index) => url === chunkApiPath(book.manifest.bookId, book.manifest.version, index),
    );
    if (method === 'GET' && chunkMatch >= 0) {
      chunkFetches.push(chunkMatch);
      return new Response(book.chunks[chunkMatch].slice(0), {
        status: 200,
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    }
    const runMatch = /^(.*)\/chunks\?v=(\d+)&from=(\d+)&count=(\d+)$/.exec(url);
    if (
      method === 'GET' &&
      runMatch &&
      runMatch[1] === apiPath(`/books/${encodeURIComponent(book.manifest.bookId)}`) &&
      Number(runMatch[2]) === book.manifest.version
    ) {
      const from = Number(runMatch[3]);
      const count = Number(runMatch[4]);
      if (from + count > book.chunks.length) return problem(404, 'Chunk not found', 'not_found');
      const parts = book.chunks.slice(from, from + count).map((chunk) => new Uint8Array(chunk));
      const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
      let position = 0;
      parts.forEach((part, offset) => {
        chunkFetches.push(from + offset);
        out.set(part, position);
        position += part.byteLength;
      });
      return new Response(out, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
    }
    return problem(404, `No route for ${method} ${url}`);
  };

  return { fetch: fetchDouble as typeof fetch, requests, chunkFetches, registeredKey: () => registeredKey };
}
