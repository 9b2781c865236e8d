/**
 * Content encryption (docs/ARCHITECTURE.md#protected-content): chunk round trip in WebCrypto's layout, tampering and
 * swapping refused, content keys wrapped so only the right KEK (and the right book version) unwraps them, the KEK file
 * made once with mode 0600, configuration errors, and rotation by rewrapping.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, webcrypto } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_IV_BYTES, CHUNK_TAG_BYTES, chunkAad, segmentCounterIv } from '@shared/reader';
import { bookContentKeys, books } from '../../db/schema';
import { createTestContext } from '../../test-utils';
import { testEnv } from '../auth/auth-test-helpers';
import {
  ContentCryptoError,
  contentKeyring,
  decryptChunk,
  encryptChunk,
  generateContentKey,
  loadOrCreateContentKek,
  rewrapContentKeys,
  unwrapContentKey,
  wrapContentKey,
  type TKek,
} from './content-crypto';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const makeDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-kek-test-'));
  tempDirs.push(dir);
  return dir;
};

const kek = (id: string): TKek => ({ id, key: randomBytes(32) });
const keyringOf = (current: TKek, ...others: TKek[]) => ({
  current,
  find: (id: string) => [current, ...others].find((candidate) => candidate.id === id),
});
const place = { bookId: '5f0c9d3e-1111-4222-8333-944445555666', version: 2, index: 3 };

describe('chunk encryption', () => {
  it('round-trips, with the counter IV of the index (or a fresh random one in the listed form) and the tag appended', () => {
    const key = generateContentKey();
    const plaintext = randomBytes(100_000);
    const counter = encryptChunk(key, plaintext, place);
    expect(counter.iv).toHaveLength(CHUNK_IV_BYTES);
    expect(counter.iv.toString('hex')).toBe('000000000000000000000003');
    expect(counter.ciphertext).toHaveLength(plaintext.length + CHUNK_TAG_BYTES);
    expect(decryptChunk(key, counter, place).equals(plaintext)).toBe(true);
    const first = encryptChunk(key, plaintext, place, { ivForm: 'listed' });
    const second = encryptChunk(key, plaintext, place, { ivForm: 'listed' });
    expect(first.iv).toHaveLength(CHUNK_IV_BYTES);
    expect(first.iv.equals(second.iv)).toBe(false);
    expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
    expect(decryptChunk(key, first, place).equals(plaintext)).toBe(true);
  });

  it('gives every index of a version its own counter IV (no IV twice under one content key)', () => {
    const ivs = new Set<string>();
    for (const index of [0, 1, 2, 255, 256, 65_535, 65_536, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7])
      ivs.add(Buffer.from(segmentCounterIv(index)).toString('hex'));
    expect(ivs.size).toBe(10);
    expect(Buffer.from(segmentCounterIv(2 ** 32 + 1)).toString('hex')).toBe('000000000000000100000001');
    expect(() => segmentCounterIv(-1)).toThrow(RangeError);
    expect(() => segmentCounterIv(1.5)).toThrow(RangeError);
  });

  it('can write into a reused output buffer, which must be large enough', () => {
    const key = generateContentKey();
    const output = Buffer.alloc(1024 + CHUNK_TAG_BYTES);
    const first = randomBytes(1024);
    const sealedFirst = encryptChunk(key, first, place, { into: output });
    expect(sealedFirst.ciphertext.buffer).toBe(output.buffer);
    expect(decryptChunk(key, sealedFirst, place).equals(first)).toBe(true);
    const last = randomBytes(100);
    const sealedLast = encryptChunk(key, last, { ...place, index: 4 }, { into: output });
    expect(sealedLast.ciphertext).toHaveLength(100 + CHUNK_TAG_BYTES);
    expect(decryptChunk(key, sealedLast, { ...place, index: 4 }).equals(last)).toBe(true);
    expect(() => encryptChunk(key, randomBytes(2048), place, { into: output })).toThrow('too small');
  });

  it('is what the browser decrypts with one WebCrypto call (AES-GCM, AAD = chunkAad)', async () => {
    const key = generateContentKey();
    const plaintext = randomBytes(4096);
    const { iv, ciphertext } = encryptChunk(key, plaintext, place);
    const cryptoKey = await webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
    const opened = await webcrypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv,
        additionalData: new TextEncoder().encode(chunkAad(place.bookId, place.version, place.index)),
      },
      cryptoKey,
      ciphertext,
    );
    expect(Buffer.from(opened).equals(plaintext)).toBe(true);
  });

  it('refuses a flipped bit anywhere in the ciphertext or tag, or a wrong IV or key', () => {
    const key = generateContentKey();
    const sealed = encryptChunk(key, randomBytes(2048), place);
    for (const position of [0, 1000, sealed.ciphertext.length - 1]) {
      const tampered = Buffer.from(sealed.ciphertext);
      tampered[position] ^= 0x01;
      expect(() => decryptChunk(key, { iv: sealed.iv, ciphertext: tampered }, place)).toThrow(ContentCryptoError);
    }
    const otherIv = Buffer.from(sealed.iv);
    otherIv[0] ^= 0x80;
    expect(() => decryptChunk(key, { iv: otherIv, ciphertext: sealed.ciphertext }, place)).toThrow(
      'The chunk failed authentication',
    );
    expect(() => decryptChunk(generateContentKey(), sealed, place)).toThrow(ContentCryptoError);
    expect(() => decryptChunk(key, { iv: sealed.iv, ciphertext: sealed.ciphertext.subarray(0, 8) }, place)).toThrow(
      'The chunk is malformed',
    );
  });

  it('refuses a chunk moved to another index, version or book (the associated data binds its place)', () => {
    const key = generateContentKey();
    const chunkI = encryptChunk(key, randomBytes(512), { ...place, index: 0 });
    const chunkJ = encryptChunk(key, randomBytes(512), { ...place, index: 1 });
    // Chunk i's bytes served where chunk j belongs.
    expect(() => decryptChunk(key, chunkI, { ...place, index: 1 })).toThrow(ContentCryptoError);
    expect(() => decryptChunk(key, chunkJ, { ...place, index: 0 })).toThrow(ContentCryptoError);
    expect(() => decryptChunk(key, chunkI, { ...place, index: 0, version: 3 })).toThrow(ContentCryptoError);
    expect(() => decryptChunk(key, chunkI, { ...place, index: 0, bookId: crypto.randomUUID() })).toThrow(
      ContentCryptoError,
    );
    expect(decryptChunk(key, chunkJ, { ...place, index: 1 })).toHaveLength(512);
  });
});

describe('content key wrapping', () => {
  const binding = { bookId: place.bookId, version: 1 };

  it('unwraps only with the KEK that wrapped it', () => {
    const right = kek('kek-a');
    const contentKey = generateContentKey();
    const wrapped = wrapContentKey(right, contentKey, binding);
    expect(wrapped.encryptionKeyId).toBe('kek-a');
    expect(Buffer.from(wrapped.wrappedKey, 'base64url').includes(contentKey)).toBe(false);
    expect(unwrapContentKey(keyringOf(right), { ...wrapped, ...binding }).equals(contentKey)).toBe(true);

    // A different key under the same id (a replaced KEK) fails authentication, it never yields garbage.
    const impostor = { id: 'kek-a', key: randomBytes(32) };
    expect(() => unwrapContentKey(keyringOf(impostor), { ...wrapped, ...binding })).toThrow('could not be unwrapped');
    expect(() => unwrapContentKey(keyringOf(kek('kek-b')), { ...wrapped, ...binding })).toThrow(
      'No key-encryption key "kek-a"',
    );
  });

  it('does not unwrap a row copied onto another book or version', () => {
    const current = kek('kek-a');
    const wrapped = wrapContentKey(current, generateContentKey(), binding);
    expect(() => unwrapContentKey(keyringOf(current), { ...wrapped, bookId: crypto.randomUUID(), version: 1 })).toThrow(
      ContentCryptoError,
    );
    expect(() => unwrapContentKey(keyringOf(current), { ...wrapped, ...binding, version: 2 })).toThrow(
      ContentCryptoError,
    );
    expect(() => unwrapContentKey(keyringOf(current), { ...wrapped, ...binding, wrapIv: 'AAAA' })).toThrow('malformed');
  });

  it('refuses content keys of the wrong size', () => {
    expect(() => wrapContentKey(kek('k'), randomBytes(16), binding)).toThrow('32 bytes');
  });
});

describe('the key-encryption key', () => {
  it('is generated once into DATA_DIR with mode 0600 and read back afterwards', () => {
    const dir = makeDir();
    const first = loadOrCreateContentKek(dir);
    const file = path.join(dir, 'content-kek');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.key).toHaveLength(32);
    expect(first.id).toMatch(/^local-[0-9a-f]{12}$/);
    const again = loadOrCreateContentKek(dir);
    expect(again.id).toBe(first.id);
    expect(again.key.equals(first.key)).toBe(true);
  });

  it('comes from CONTENT_KEK and CONTENT_KEK_ID when set, and a DATA_DIR key stays usable for old rows', () => {
    const dir = makeDir();
    const local = loadOrCreateContentKek(dir);
    const configured = randomBytes(32);
    const keyring = contentKeyring(
      testEnv({
        NODE_ENV: 'development',
        DATA_DIR: dir,
        CONTENT_KEK: configured.toString('base64url'),
        CONTENT_KEK_ID: 'kek-2026-01',
      }),
    );
    expect(keyring.current.id).toBe('kek-2026-01');
    expect(keyring.current.key.equals(configured)).toBe(true);
    expect(keyring.find(local.id)?.key.equals(local.key)).toBe(true);
  });

  it('rejects a malformed CONTENT_KEK at start-up, naming the variable', () => {
    expect(() => testEnv({ CONTENT_KEK: 'too-short' })).toThrow(/CONTENT_KEK must be 32 bytes/);
    expect(() => testEnv({ CONTENT_KEK_ID: 'has spaces' })).toThrow(/CONTENT_KEK_ID/);
  });

  it('uses an in-memory key in tests without CONTENT_KEK, so ./data is never written', () => {
    const dir = makeDir();
    const keyring = contentKeyring(testEnv({ DATA_DIR: dir }));
    expect(keyring.current.id).toBe('test-ephemeral');
    expect(fs.existsSync(path.join(dir, 'content-kek'))).toBe(false);
  });
});

describe('rotation', () => {
  it('rewraps every content key onto the current KEK; keys of an unknown KEK are left and counted', () => {
    const ctx = createTestContext();
    const book = ctx.db
      .insert(books)
      .values({ title: 'T', author: 'A', slug: `t-${crypto.randomUUID()}` })
      .returning()
      .get();
    const old = kek('old');
    const lost = kek('lost');
    const fresh = kek('new');
    const keys = [generateContentKey(), generateContentKey(), generateContentKey()];
    ctx.db
      .insert(bookContentKeys)
      .values([
        { bookId: book.id, version: 1, ...wrapContentKey(old, keys[0], { bookId: book.id, version: 1 }) },
        { bookId: book.id, version: 2, ...wrapContentKey(fresh, keys[1], { bookId: book.id, version: 2 }) },
        { bookId: book.id, version: 3, ...wrapContentKey(lost, keys[2], { bookId: book.id, version: 3 }) },
      ])
      .run();
    const keyring = keyringOf(fresh, old);
    expect(rewrapContentKeys({ db: ctx.db, keyring, now: new Date() })).toEqual({ rewrapped: 1, unreadable: 1 });
    const rows = ctx.db
      .select()
      .from(bookContentKeys)
      .all()
      .sort((a, b) => a.version - b.version);
    expect(rows.map((row) => row.encryptionKeyId)).toEqual(['new', 'new', 'lost']);
    expect(unwrapContentKey(keyringOf(fresh), rows[0]).equals(keys[0])).toBe(true);
  });
});
