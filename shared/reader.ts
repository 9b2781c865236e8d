/**
 * The protected-content contract between the API and the browser (docs/ARCHITECTURE.md#protected-content): what a book
 * manifest and a licence look like, how chunk associated data is built, and the reader's messages. Pure: used by the
 * ingest pipeline and chunk routes on the server and by web/src/crypto and web/src/protected-content.
 */
import type { TDeviceStatus } from './devices';
import type { TDeviceKeyWrapAlg, TEcdhP256PublicJwk } from './device-key-wrap';

/** AES-256-GCM with a 96-bit IV and a 128-bit tag appended to the ciphertext (WebCrypto's layout). */
export const CHUNK_CIPHER = 'A256GCM' as const;
export const CHUNK_IV_BYTES = 12;
export const CHUNK_TAG_BYTES = 16;
/**
 * Segment size of newly ingested books: 16 KiB, chosen by measuring what pdf.js asks for to open a book and draw
 * a page once the opening segments are listed in the manifest (docs/decisions/028-16-kib-segments.md; 016 chose
 * the 64 KiB before it). Older versions keep the size they were cut with.
 */
export const DEFAULT_CHUNK_SIZE = 16_384;
/** The segment size that books were cut into before 64 KiB segments (their versions still open). */
export const LEGACY_CHUNK_SIZE = 1_048_576;
/** The segment size of versions cut between decisions 016 and 028 (their versions still open). */
export const PREVIOUS_CHUNK_SIZE = 65_536;
/**
 * The sizes earlier releases seeded as the read-only `chunk_size` default: a database still holding one of them
 * moves to DEFAULT_CHUNK_SIZE at start (nobody can have chosen it), so its books are re-cut.
 */
export const FORMER_DEFAULT_CHUNK_SIZES: readonly number[] = [LEGACY_CHUNK_SIZE, PREVIOUS_CHUNK_SIZE];
/**
 * Most consecutive chunks one GET /api/books/:id/chunks?v=&from=&count= answers (adjacent segments pdf.js
 * asks for together come in one request); the client also keeps each such request under MAX_CHUNK_RUN_BYTES.
 */
export const MAX_CHUNKS_PER_REQUEST = 64;
export const MAX_CHUNK_RUN_BYTES = 4 * 1_048_576;

/**
 * Associated data of a chunk: binds the ciphertext to its book, version and position, so a chunk
 * swapped from another place (or another book) fails authentication instead of rendering garbage.
 */
export function chunkAad(bookId: string, version: number, chunkIndex: number): string {
  return `${bookId}|${version}|${chunkIndex}`;
}

/**
 * How a version's segment IVs are known (docs/decisions/022-compact-manifest.md): `listed` in the manifest
 * (a random IV per segment and its ciphertext sha256; versions ingested before the compact manifest), or
 * `counter`, derived from the segment index (segmentCounterIv) under a content key that seals each index once,
 * with the GCM tag as the segment's only check. A manifest without the field is `listed` (stored downloads).
 */
export const SEGMENT_IV_FORMS = ['listed', 'counter'] as const;
export type TSegmentIvForm = (typeof SEGMENT_IV_FORMS)[number];

export interface TManifestChunk {
  index: number;
  /** Offset of this chunk's plaintext in the PDF file. */
  offset: number;
  /** Plaintext bytes in this chunk (the last chunk may be shorter than chunkSize). */
  plainSize: number;
  /** Ciphertext bytes as served (plainSize + the 16-byte GCM tag). */
  size: number;
  /** The chunk's 96-bit GCM IV, base64url. */
  iv: string;
  /** sha256 (hex) of the ciphertext, so a stored copy can be checked without decrypting it. */
  sha256: string;
}

/**
 * The segments pdf.js reads to open a version and draw its page 1, found at ingest by reading the file as the reader
 * does (docs/decisions/026-opening-segments.md): the reader fetches them with the first segment while the licence is
 * being issued. Absent for versions ingested before (the reader then waits for pdf.js to ask).
 */
export interface TOpeningSegments {
  /** To open the document: header, trailer and cross-reference table, catalogue, page tree (segment 0 included). */
  document: number[];
  /** Beyond `document`, to draw page 1 (its operator list and text). */
  firstPage: number[];
}

interface TBookManifestFields {
  bookId: string;
  slug: string;
  title: string;
  version: number;
  /** Plaintext PDF size in bytes. */
  size: number;
  /** sha256 (hex) of the plaintext PDF. */
  sha256: string;
  pageCount: number;
  chunkSize: number;
  chunkCount: number;
  cipher: typeof CHUNK_CIPHER;
  /** What pdf.js reads to open this version at page 1; absent for versions ingested before it was recorded. */
  openingSegments?: TOpeningSegments;
}

/**
 * GET /api/books/:idOrSlug/manifest: everything needed to fetch and decrypt one book version. Its size does
 * not grow with the book in the `counter` form; `listed` versions carry one entry per segment.
 */
export type TBookManifest = TListedBookManifest | TCompactBookManifest;
/** A manifest listing each segment's IV and sha256 (versions ingested before the compact form). */
export type TListedBookManifest = TBookManifestFields & { segmentIvs?: 'listed'; chunks: TManifestChunk[] };
/** A manifest whose segments' IVs follow from their index (segmentCounterIv): no per-segment entries. */
export type TCompactBookManifest = TBookManifestFields & { segmentIvs: 'counter'; chunks?: undefined };

/**
 * The IV of segment `index` in the `counter` form: NIST SP 800-38D's deterministic construction (8.2.1), a
 * 32-bit fixed field (zero) and a 64-bit invocation field (the index, big-endian). Unique per key because a
 * content key is made for one version and seals each of its indexes exactly once
 * (docs/decisions/022-compact-manifest.md).
 */
export function segmentCounterIv(index: number): Uint8Array<ArrayBuffer> {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`No segment ${index}.`);
  const iv = new Uint8Array(CHUNK_IV_BYTES);
  const view = new DataView(iv.buffer);
  view.setUint32(4, Math.floor(index / 2 ** 32));
  view.setUint32(8, index % 2 ** 32);
  return iv;
}

/** What a reader needs to check and decrypt one segment, whichever form its manifest has. */
export interface TManifestSegment {
  index: number;
  offset: number;
  plainSize: number;
  /** Ciphertext bytes as served. */
  size: number;
  /** Raw IV, or base64url as listed. */
  iv: Uint8Array<ArrayBuffer> | string;
  /** Listed sha256 (hex, lower-case) of the ciphertext; null in the `counter` form (the GCM tag is the check). */
  sha256: string | null;
}

/** Segment `index` of a manifest; sizes and offsets come from the chunk size in either form. */
export function manifestSegment(manifest: TBookManifest, index: number): TManifestSegment {
  if (manifest.segmentIvs === 'counter') {
    const offset = index * manifest.chunkSize;
    const plainSize = Math.min(manifest.chunkSize, manifest.size - offset);
    return { index, offset, plainSize, size: plainSize + CHUNK_TAG_BYTES, iv: segmentCounterIv(index), sha256: null };
  }
  const entry = manifest.chunks[index];
  return { ...entry, sha256: entry.sha256.toLowerCase() };
}

/** Ciphertext sizes of `count` segments from `from` (a run answer is split by them). */
export function segmentCiphertextSizes(manifest: TBookManifest, from: number, count: number): number[] {
  const last = Math.min(manifest.chunkCount, from + count);
  return Array.from({ length: Math.max(0, last - from) }, (_, offset) => manifestSegment(manifest, from + offset).size);
}

/** Ciphertext bytes of the whole version: the file plus one tag per segment. */
export const manifestCiphertextBytes = (manifest: Pick<TBookManifest, 'size' | 'chunkCount'>) =>
  manifest.size + manifest.chunkCount * CHUNK_TAG_BYTES;

export interface TLicensePolicy {
  watermark: { name: string; email: string; loanId: string };
  /** Characters the reader may copy from this book in total (maxCopyPercentage of its text). */
  copyLimitChars: number;
  print: false;
}

export const LICENSE_KINDS = ['online', 'offline'] as const;
export type TLicenseKind = (typeof LICENSE_KINDS)[number];

/** Audience of every licence JWS; the client refuses any other. */
export const LICENSE_AUDIENCE = 'wonderful-books-reader';
export const LICENSE_ISSUER = 'wonderful-books';
export const LICENSE_ALG = 'ES256' as const;
/** JWS `typ` header of licences: a token of another kind signed by the same keys is never taken for one. */
export const LICENSE_JWT_TYPE = 'wb-license+jwt';

/** Claims of the compact JWS licence (docs/ARCHITECTURE.md#protected-content). Times are JWT NumericDate seconds. */
export interface TLicenseClaims {
  /** Licence id (`jti`). */
  jti: string;
  iss: string;
  aud: string;
  /** User id. */
  sub: string;
  loanId: string;
  bookId: string;
  bookVersion: number;
  deviceId: string;
  /** RFC 7638 thumbprint of the device's public key (ECDH P-256, or RSA-OAEP for browsers keyed before decision 023). */
  deviceKeyThumbprint: string;
  /** The book's AES-256 content key wrapped to the device key with `keyWrapAlg`, base64url (shared/device-key-wrap.ts). */
  keyWrapped: string;
  /**
   * How `keyWrapped` was made: `ECDH-ES+HKDF-SHA256+A256KW` for P-256 devices, `RSA-OAEP-256` for RSA ones. Absent
   * only in licences issued before decision 023, which are all RSA-OAEP-256; a browser refuses any other value.
   */
  keyWrapAlg?: TDeviceKeyWrapAlg;
  /** The server's ephemeral P-256 public key of this wrap (the ECDH scheme only). */
  epk?: TEcdhP256PublicJwk;
  kind: TLicenseKind;
  policy: TLicensePolicy;
  iat: number;
  nbf: number;
  exp: number;
  /** Server time in epoch ms when the licence was signed: feeds the client's trusted-time high-water mark. */
  serverTime: number;
  renewalCount: number;
  /** Where the client asks whether the licence is still good. */
  statusUrl: string;
}

/** POST /api/licenses answer. */
export interface TLicenseGrant {
  licenseId: string;
  license: string;
  expiresAt: string;
  serverTime: string;
}

/** POST /api/devices/browser answer: the browser's key is known and can receive licences. */
export interface TBrowserDevice {
  deviceId: string;
  keyThumbprint: string;
  offlineRegistered: boolean;
}

/** POST /api/books/:id/copy-events answer. */
export interface TCopyBudget {
  used: number;
  limit: number;
  isLimitReached: boolean;
}

/** GET /api/books/:id/search answer: one hit per matching page, in page order. */
export interface TBookSearchHit {
  page: number;
  snippet: string;
}

export const READER_MESSAGES = {
  copyLimitReached: "You've reached the copy limit for this book.",
  printBlocked: 'Printing is not available for protected books.',
  decryptFailed:
    'This part of the book could not be verified. Please reload the reader; if it keeps happening, contact support.',
  licenseInvalid: 'Your licence for this book could not be verified. Please go online and open the book again.',
  previewEnd: 'This is the end of the preview. Start your free trial or subscribe to keep reading.',
  noContent: 'This book is not available for reading yet.',
} as const;

/**
 * GET /api/books/:idOrSlug/manifest answer: the manifest plus the reader's active loan of the book, if
 * any. The GET never opens a loan (no side effects): the reader opens it with POST /api/loans first.
 */
export type TReaderManifest = TBookManifest & { loanId: string | null };

/** copyLimitChars / TCopyBudget.limit when copy protection is switched off (system_config): no limit. */
export const COPY_LIMIT_UNLIMITED = -1;

/** GET /api/books/:id/search answer. */
export interface TBookSearchResult {
  items: TBookSearchHit[];
}

/** GET /api/.well-known/jwks.json: the licence signing keys (public members only). */
export interface TLicenseJwks {
  keys: { kty: 'EC'; crv: 'P-256'; x: string; y: string; kid: string; alg: typeof LICENSE_ALG; use: 'sig' }[];
}

export const LICENSE_STATUSES = ['active', 'revoked', 'expired', 'returned'] as const;
export type TLicenseStatus = (typeof LICENSE_STATUSES)[number];

/** POST /api/licenses/status answer; ids that are not the reader's own licences are reported as revoked. */
export interface TLicenseStatusList {
  items: { id: string; status: TLicenseStatus }[];
  serverTime: string;
  /** Present when the request named its deviceId: whether that device is still registered. */
  device?: TDeviceStatus;
}

/** Refusals of licence issue and renewal (POST /api/licenses, POST /api/licenses/:id/renew). */
export const LICENSE_MESSAGES = {
  offlineNotInPlan: 'Offline reading is part of the Basic and Premium plans.',
  deviceNotOffline: 'Register this device for offline reading before downloading books to it.',
  revoked:
    'This licence has been revoked. Remove the download; download the book again if your plan still includes it.',
  returned: 'You returned this book. Borrow it again to read it offline.',
  renewalLimit:
    'This download has been renewed as many times as allowed. Return the book and borrow it again to keep reading offline.',
} as const;
