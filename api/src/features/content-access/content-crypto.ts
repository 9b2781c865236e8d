/**
 * Content encryption at rest (docs/ARCHITECTURE.md#protected-content). Each book version has a random AES-256 content
 * key; its chunks are sealed with AES-256-GCM under a 96-bit IV derived from the chunk index (random per chunk in
 * versions ingested before docs/decisions/022-compact-manifest.md) and the associated data `chunkAad(bookId,
 * version, index)`, the 16-byte tag appended to the ciphertext (WebCrypto's layout, so browsers decrypt with one
 * `subtle.decrypt`). Content keys are stored wrapped by a key-encryption key (KEK), also AES-256-GCM, bound to their
 * book and version, under the KEK's id so KEKs can rotate.
 *
 * The KEK comes from CONTENT_KEK (+ CONTENT_KEK_ID); without it one is generated once into
 * <DATA_DIR>/content-kek (mode 0600). Retired KEKs (CONTENT_KEK_RETIRED, and a DATA_DIR key left
 * behind when CONTENT_KEK is configured later) still unwrap old keys; `rewrapContentKeys` moves
 * every stored key onto the current KEK. Tests without CONTENT_KEK use a per-process key in memory,
 * so they never write into ./data. Keyrings are cached per process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { CHUNK_IV_BYTES, CHUNK_TAG_BYTES, chunkAad, segmentCounterIv, type TSegmentIvForm } from '@shared/reader';
import type { Db } from '../../db/client';
import { bookContentKeys, books, pdfAssets } from '../../db/schema';
import type { TEnv } from '../../env';

export const CONTENT_KEY_BYTES = 32;
const CIPHER = 'aes-256-gcm';
const KEK_FILE = 'content-kek';

export interface TKek {
  id: string;
  key: Buffer;
}

export interface TKeyring {
  /** Wraps every new content key. */
  current: TKek;
  /** Any KEK, current or retired, by id. */
  find(id: string): TKek | undefined;
}

export class ContentCryptoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentCryptoError';
  }
}

export type TKekEnv = Pick<TEnv, 'NODE_ENV' | 'DATA_DIR' | 'CONTENT_KEK' | 'CONTENT_KEK_ID' | 'CONTENT_KEK_RETIRED'>;

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** base64url of exactly 32 bytes, or an error naming where the value came from. */
export function decodeKek(value: string, origin: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64url');
  if (key.length !== CONTENT_KEY_BYTES || key.toString('base64url') !== value.trim()) {
    throw new ContentCryptoError(`${origin} must be 32 bytes encoded as base64url (43 characters)`);
  }
  return key;
}

/**
 * The KEK stored in <dataDir>/content-kek as `<id>:<base64url key>`, created on first use.
 * Like the billing webhook secret, a key another process wrote first is never overwritten.
 */
export function loadOrCreateContentKek(dataDir: string): TKek {
  const existing = readKekFile(dataDir);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(CONTENT_KEY_BYTES);
  const kek = { id: `local-${fingerprint(key)}`, key };
  try {
    fs.writeFileSync(path.join(dataDir, KEK_FILE), `${kek.id}:${key.toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    return kek;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKekFile(dataDir)!;
    throw error;
  }
}

function readKekFile(dataDir: string): TKek | null {
  const file = path.join(dataDir, KEK_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const separator = text.indexOf(':');
  if (separator < 1) throw new ContentCryptoError(`${file} is not a content key file (expected <id>:<base64url key>)`);
  return { id: text.slice(0, separator), key: decodeKek(text.slice(separator + 1), file) };
}

/** `id:key,id:key` of retired KEKs. */
function parseRetired(value: string | undefined): TKek[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const separator = entry.indexOf(':');
      if (separator < 1)
        throw new ContentCryptoError('CONTENT_KEK_RETIRED entries must look like <id>:<base64url key>');
      return { id: entry.slice(0, separator), key: decodeKek(entry.slice(separator + 1), 'CONTENT_KEK_RETIRED') };
    });
}

function makeKeyring(current: TKek, others: TKek[]): TKeyring {
  const byId = new Map<string, TKek>();
  for (const kek of [...others, current]) byId.set(kek.id, kek);
  return { current, find: (id) => byId.get(id) };
}

const keyrings = new Map<string, TKeyring>();
let testKek: TKek | null = null;

/** The keyring of this configuration (cached: the KEK file is read once per data folder). */
export function contentKeyring(env: TKekEnv): TKeyring {
  const retired = parseRetired(env.CONTENT_KEK_RETIRED);
  if (env.CONTENT_KEK) {
    const key = decodeKek(env.CONTENT_KEK, 'CONTENT_KEK');
    const cacheKey = `env:${env.CONTENT_KEK_ID ?? ''}:${fingerprint(key)}:${env.CONTENT_KEK_RETIRED ?? ''}:${path.resolve(env.DATA_DIR)}`;
    let keyring = keyrings.get(cacheKey);
    if (!keyring) {
      // A key generated into DATA_DIR before CONTENT_KEK was configured keeps unwrapping what it wrapped.
      const local = env.NODE_ENV === 'test' ? null : readKekFile(env.DATA_DIR);
      keyring = makeKeyring({ id: env.CONTENT_KEK_ID ?? `env-${fingerprint(key)}`, key }, [
        ...(local ? [local] : []),
        ...retired,
      ]);
      keyrings.set(cacheKey, keyring);
    }
    return keyring;
  }
  if (env.NODE_ENV === 'test') {
    testKek ??= { id: 'test-ephemeral', key: randomBytes(CONTENT_KEY_BYTES) };
    return makeKeyring(testKek, retired);
  }
  const cacheKey = `file:${path.resolve(env.DATA_DIR)}:${env.CONTENT_KEK_RETIRED ?? ''}`;
  let keyring = keyrings.get(cacheKey);
  if (!keyring) {
    keyring = makeKeyring(loadOrCreateContentKek(env.DATA_DIR), retired);
    keyrings.set(cacheKey, keyring);
  }
  return keyring;
}

export function generateContentKey(): Buffer {
  return randomBytes(CONTENT_KEY_BYTES);
}

export interface TWrappedContentKey {
  wrappedKey: string;
  wrapIv: string;
  encryptionKeyId: string;
}

/** Binds a wrapped key to its book version and KEK, so a row copied onto another book does not unwrap. */
const wrapAad = (bookId: string, version: number, kekId: string) =>
  Buffer.from(`content-key|${bookId}|${version}|${kekId}`);

export function wrapContentKey(
  kek: TKek,
  contentKey: Buffer,
  binding: { bookId: string; version: number },
): TWrappedContentKey {
  if (contentKey.length !== CONTENT_KEY_BYTES) throw new ContentCryptoError('A content key must be 32 bytes');
  const iv = randomBytes(CHUNK_IV_BYTES);
  const cipher = createCipheriv(CIPHER, kek.key, iv);
  cipher.setAAD(wrapAad(binding.bookId, binding.version, kek.id));
  const sealed = Buffer.concat([cipher.update(contentKey), cipher.final(), cipher.getAuthTag()]);
  return { wrappedKey: sealed.toString('base64url'), wrapIv: iv.toString('base64url'), encryptionKeyId: kek.id };
}

export function unwrapContentKey(
  keyring: TKeyring,
  wrapped: TWrappedContentKey & { bookId: string; version: number },
): Buffer {
  const kek = keyring.find(wrapped.encryptionKeyId);
  if (!kek) throw new ContentCryptoError(`No key-encryption key "${wrapped.encryptionKeyId}" is configured`);
  const sealed = Buffer.from(wrapped.wrappedKey, 'base64url');
  const iv = Buffer.from(wrapped.wrapIv, 'base64url');
  if (iv.length !== CHUNK_IV_BYTES || sealed.length !== CONTENT_KEY_BYTES + CHUNK_TAG_BYTES) {
    throw new ContentCryptoError('The wrapped content key is malformed');
  }
  try {
    const decipher = createDecipheriv(CIPHER, kek.key, iv);
    decipher.setAAD(wrapAad(wrapped.bookId, wrapped.version, kek.id));
    decipher.setAuthTag(sealed.subarray(CONTENT_KEY_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, CONTENT_KEY_BYTES)), decipher.final()]);
  } catch {
    throw new ContentCryptoError('The content key could not be unwrapped (wrong key-encryption key or damaged row)');
  }
}

export interface TChunkLocation {
  bookId: string;
  version: number;
  index: number;
}

export interface TSealedChunk {
  iv: Buffer;
  /** Ciphertext with the 16-byte GCM tag appended. */
  ciphertext: Buffer;
}

/**
 * One chunk, sealed for its place in the book. Its IV is `ivForm`: 'counter' (new versions) derives it from
 * the index (segmentCounterIv), which is unique because a content key is generated for one ingestion and
 * seals each index exactly once (docs/decisions/022-compact-manifest.md); 'listed' draws a random one (the
 * form of versions ingested before, kept for tests of those versions). `into` is an optional buffer of at
 * least plaintext + 16 bytes to write the result into: a caller sealing chunk after chunk reuses one, so
 * each chunk costs the cipher and one copy instead of a fresh megabyte (allocation and page faults
 * cost as much as the copy). The returned ciphertext is then a view of `into`, valid until its next use.
 */
export function encryptChunk(
  contentKey: Buffer,
  plaintext: Uint8Array,
  location: TChunkLocation,
  options: { into?: Buffer; ivForm?: TSegmentIvForm } = {},
): TSealedChunk {
  const { into, ivForm = 'counter' } = options;
  const size = plaintext.length + CHUNK_TAG_BYTES;
  if (into && into.length < size) throw new ContentCryptoError('The output buffer is too small for the chunk');
  const iv = ivForm === 'counter' ? Buffer.from(segmentCounterIv(location.index)) : randomBytes(CHUNK_IV_BYTES);
  const cipher = createCipheriv(CIPHER, contentKey, iv);
  cipher.setAAD(Buffer.from(chunkAad(location.bookId, location.version, location.index)));
  const ciphertext = into ? into.subarray(0, size) : Buffer.allocUnsafe(size);
  const body = cipher.update(plaintext);
  const rest = cipher.final();
  ciphertext.set(body, 0);
  ciphertext.set(rest, body.length);
  ciphertext.set(cipher.getAuthTag(), body.length + rest.length);
  return { iv, ciphertext };
}

/** The plaintext of a chunk; throws ContentCryptoError when the bytes, IV, key or place do not match. */
export function decryptChunk(
  contentKey: Buffer,
  sealed: { iv: Uint8Array; ciphertext: Uint8Array },
  location: TChunkLocation,
): Buffer {
  if (sealed.ciphertext.length < CHUNK_TAG_BYTES || sealed.iv.length !== CHUNK_IV_BYTES)
    throw new ContentCryptoError('The chunk is malformed');
  const tagStart = sealed.ciphertext.length - CHUNK_TAG_BYTES;
  try {
    const decipher = createDecipheriv(CIPHER, contentKey, sealed.iv);
    decipher.setAAD(Buffer.from(chunkAad(location.bookId, location.version, location.index)));
    decipher.setAuthTag(sealed.ciphertext.subarray(tagStart));
    return Buffer.concat([decipher.update(sealed.ciphertext.subarray(0, tagStart)), decipher.final()]);
  } catch {
    throw new ContentCryptoError('The chunk failed authentication');
  }
}

/**
 * Moves every content key wrapped under another KEK onto the current one (after a rotation).
 * Returns how many rows changed. Rows whose KEK is no longer configured are left and counted apart.
 */
export function rewrapContentKeys(options: { db: Db; keyring: TKeyring; now: Date }): {
  rewrapped: number;
  unreadable: number;
} {
  const { db, keyring } = options;
  let rewrapped = 0;
  let unreadable = 0;
  const rows = db.select().from(bookContentKeys).where(ne(bookContentKeys.encryptionKeyId, keyring.current.id)).all();
  db.$client.transaction(() => {
    for (const row of rows) {
      let contentKey: Buffer;
      try {
        contentKey = unwrapContentKey(keyring, row);
      } catch {
        unreadable += 1;
        continue;
      }
      const wrapped = wrapContentKey(keyring.current, contentKey, row);
      contentKey.fill(0);
      db.update(bookContentKeys)
        .set({ ...wrapped, updatedAt: options.now })
        .where(eq(bookContentKeys.id, row.id))
        .run();
      db.update(pdfAssets)
        .set({ encryptionKeyId: wrapped.encryptionKeyId })
        .where(and(eq(pdfAssets.bookId, row.bookId), eq(pdfAssets.version, row.version)))
        .run();
      db.update(books)
        .set({ encryptionKeyId: wrapped.encryptionKeyId })
        .where(and(eq(books.id, row.bookId), eq(books.contentVersion, row.version)))
        .run();
      rewrapped += 1;
    }
  })();
  return { rewrapped, unreadable };
}
