/**
 * Ciphertext of a downloaded book read from IndexedDB (storage/offline-books), for the offline reader
 * and for online reading of a downloaded book (no chunk crosses the network twice). The ChunkSource
 * still checks each chunk's size and sha256 against the manifest and decrypts it, exactly as for the
 * network: what is stored is trusted no more than what is served.
 */
import type { TBookManifest } from '@shared/reader';
import { readStoredChunk, readStoredChunks } from '@web/storage/app-db-reads';
import { fetchRun, type CiphertextFetcher } from './chunk-source';
import { coalesceRuns } from './segment-runs';
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
    async fetchChunks(from, count, signal) {
      if (signal.aborted) throw abortError();
      const stored = await readStoredChunks(book.bookId, book.version, from, count).catch(() =>
        Array.from({ length: count }, () => undefined),
      );
      if (signal.aborted) throw abortError();
      const missing = stored.flatMap((data, offset) => (data ? [] : [from + offset]));
      if (missing.length === 0) return stored as ArrayBuffer[];
      const fallback = options.fallback;
      if (!fallback) throw new ReaderError('offline_unavailable', READER_ERROR_MESSAGES.offlineUnavailable);
      // The rest (a newer version on the server, say) comes from the network, adjacent ones together.
      const parts: (ArrayBuffer | Promise<ArrayBuffer>)[] = stored.map((data) => data as ArrayBuffer);
      for (const run of coalesceRuns(missing, count)) {
        const fetched = fetchRun(fallback, run.from, run.count, signal);
        for (let offset = 0; offset < run.count; offset += 1)
          parts[run.from + offset - from] = fetched.then((list) => list[offset]);
      }
      return Promise.all(parts);
    },
  };
}
