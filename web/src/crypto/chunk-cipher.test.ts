import { describe, expect, it } from 'vitest';
import { READER_MESSAGES } from '@shared/reader';
import { encryptBook, makePlainBook } from '@web/protected-content/protected-test-support';
import { ReaderError } from '@web/lib/reader-error';
import { decryptChunk, sha256Hex } from './chunk-cipher';

async function fixture() {
  const plaintext = makePlainBook(10_000);
  const book = await encryptBook(plaintext, { bookId: 'book-a', version: 3, chunkSize: 4096 });
  const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  return { plaintext, book, key };
}

async function expectDecryptFailed(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReaderError);
  expect((error as ReaderError).code).toBe('decrypt_failed');
  expect((error as ReaderError).message).toBe(READER_MESSAGES.decryptFailed);
}

describe('decryptChunk', () => {
  it('decrypts every chunk the server encrypted back to the exact plaintext', async () => {
    const { plaintext, book, key } = await fixture();
    const parts = await Promise.all(
      book.manifest.chunks.map((chunk) =>
        decryptChunk({
          key,
          bookId: 'book-a',
          version: 3,
          index: chunk.index,
          iv: chunk.iv,
          ciphertext: book.chunks[chunk.index],
        }),
      ),
    );
    expect(parts.map((part) => part.byteLength)).toEqual([4096, 4096, 1808]);
    const joined = new Uint8Array(plaintext.byteLength);
    for (const [index, part] of parts.entries()) joined.set(part, index * 4096);
    expect(joined).toEqual(plaintext);
  });

  it('refuses a chunk with one flipped bit', async () => {
    const { book, key } = await fixture();
    const tampered = new Uint8Array(book.chunks[1].slice(0));
    tampered[100] ^= 0x01;
    await expectDecryptFailed(
      decryptChunk({
        key,
        bookId: 'book-a',
        version: 3,
        index: 1,
        iv: book.manifest.chunks[1].iv,
        ciphertext: tampered,
      }),
    );
  });

  it('refuses a chunk swapped into another position, even with its own IV', async () => {
    const { book, key } = await fixture();
    await expectDecryptFailed(
      decryptChunk({
        key,
        bookId: 'book-a',
        version: 3,
        index: 0,
        iv: book.manifest.chunks[1].iv,
        ciphertext: book.chunks[1],
      }),
    );
  });

  it('refuses a chunk presented as another book or another version', async () => {
    const { book, key } = await fixture();
    const chunk = book.manifest.chunks[0];
    await expectDecryptFailed(
      decryptChunk({ key, bookId: 'book-b', version: 3, index: 0, iv: chunk.iv, ciphertext: book.chunks[0] }),
    );
    await expectDecryptFailed(
      decryptChunk({ key, bookId: 'book-a', version: 2, index: 0, iv: chunk.iv, ciphertext: book.chunks[0] }),
    );
  });

  it('refuses a wrong key, a malformed IV and a truncated chunk', async () => {
    const { book } = await fixture();
    const chunk = book.manifest.chunks[0];
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    await expectDecryptFailed(
      decryptChunk({ key: otherKey, bookId: 'book-a', version: 3, index: 0, iv: chunk.iv, ciphertext: book.chunks[0] }),
    );
    const { key } = await fixture();
    await expectDecryptFailed(
      decryptChunk({ key, bookId: 'book-a', version: 3, index: 0, iv: new Uint8Array(8), ciphertext: book.chunks[0] }),
    );
    await expectDecryptFailed(
      decryptChunk({ key, bookId: 'book-a', version: 3, index: 0, iv: chunk.iv, ciphertext: new Uint8Array(10) }),
    );
  });
});

describe('sha256Hex', () => {
  it('gives the standard digest in lower-case hex', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex(new ArrayBuffer(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
