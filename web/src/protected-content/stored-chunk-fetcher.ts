/**
 * Ciphertext of a downloaded book read from IndexedDB (storage/offline-books), for the offline reader
 * and for online reading of a downloaded book (no chunk crosses the network twice). The ChunkSource
 * still checks each chunk's size and sha256 against the manifest and decrypts it, exactly as for the
 * network: what is stored is trusted no more than what is served.
 */
import type { TBookManifest } from '@shared/reader';
import { readStoredChunk } from '@web/storage/offline-books';
import type { CiphertextFetcher } from './chunk-source';
import { ReaderError, READER_ERROR_MESSAGES } from '@web/lib/reader-error';

function abortError(): DOMException {
  return new DOMException('The book was closed.', 'AbortError');
}

/**
 * Reads chunks from IndexedDB; a chunk that is not stored goes to `fallback` (the network) when given,
 * else fails with offline_unavailable (the download was removed while the book was open).
 */
export function createStoredCiphertextFetcher(
  book: Pick<TBookManifest, 'bookId' | 'version'>,
  options: { fallback?: CiphertextFetcher } = {},
): CiphertextFetcher {
  return {
    async fetchChunk(index, signal) {
      if (signal.aborted) throw abortError();
      const stored = await readStoredChunk(book.bookId, book.version, index).catch(() => undefined);
      if (signal.aborted) throw abortError();
      // Each IndexedDB read is a fresh structured clone, so the ChunkSource may own this buffer.
      if (stored) return stored;
      if (options.fallback) return options.fallback.fetchChunk(index, signal);
      throw new ReaderError('offline_unavailable', READER_ERROR_MESSAGES.offlineUnavailable);
    },
  };
}
