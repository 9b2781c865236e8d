/**
 * Decryption of one book chunk (docs/ARCHITECTURE.md#protected-content): AES-256-GCM with the chunk's IV and the
 * associated data chunkAad(bookId, version, index), so a chunk that was altered, or moved from another position, book
 * or version, fails authentication instead of reaching pdf.js.
 */
import { base64url } from 'jose';
import { CHUNK_IV_BYTES, CHUNK_TAG_BYTES, chunkAad } from '@shared/reader';
import { decryptFailed, isReaderError } from '@web/lib/reader-error';

const textEncoder = new TextEncoder();

export interface TDecryptChunkInput {
  /** The unwrapped, non-extractable content key. */
  key: CryptoKey;
  bookId: string;
  version: number;
  index: number;
  /** The chunk's 96-bit IV: raw bytes or base64url as in the manifest. */
  iv: Uint8Array | string;
  /** Ciphertext with the 16-byte GCM tag appended, as served. */
  ciphertext: ArrayBuffer | Uint8Array;
}

function decodeIv(iv: Uint8Array | string): Uint8Array<ArrayBuffer> {
  const bytes = typeof iv === 'string' ? base64url.decode(iv) : iv;
  if (bytes.byteLength !== CHUNK_IV_BYTES)
    throw decryptFailed(new Error(`Chunk IV is ${bytes.byteLength} bytes, expected ${CHUNK_IV_BYTES}.`));
  return new Uint8Array(bytes);
}

/** The plaintext of one chunk; any failure is ReaderError decrypt_failed. */
export async function decryptChunk(input: TDecryptChunkInput): Promise<Uint8Array<ArrayBuffer>> {
  let iv: Uint8Array<ArrayBuffer>;
  try {
    iv = decodeIv(input.iv);
  } catch (error) {
    throw isReaderError(error) ? error : decryptFailed(error);
  }
  if (input.ciphertext.byteLength < CHUNK_TAG_BYTES)
    throw decryptFailed(new Error('Chunk is shorter than its authentication tag.'));
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv,
        additionalData: textEncoder.encode(chunkAad(input.bookId, input.version, input.index)),
        tagLength: CHUNK_TAG_BYTES * 8,
      },
      input.key,
      input.ciphertext as BufferSource,
    );
    return new Uint8Array(plaintext);
  } catch (error) {
    throw decryptFailed(error);
  }
}

/** Lower-case hex SHA-256 of the bytes (the manifest's per-chunk integrity value). */
export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
