import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteDb } from '@web/storage/db';
import { storeChunk } from '@web/storage/offline-books';
import { ReaderError } from '@web/lib/reader-error';
import type { CiphertextFetcher } from './chunk-source';
import { createStoredCiphertextFetcher } from './stored-chunk-fetcher';

afterEach(async () => {
  await deleteDb();
});

const book = { bookId: 'book-1', version: 2 };
const bytesOf = (index: number) => new Uint8Array([index, index, index]);

async function storeChunks(indexes: number[]) {
  for (const index of indexes)
    await storeChunk({ ...book, index, data: bytesOf(index).buffer, sha256: 'not-checked-here' });
}

describe('stored ciphertext fetcher', () => {
  it('reads a run of stored chunks in one IndexedDB read, only the chunks asked for', async () => {
    await storeChunks([0, 1, 2, 3, 4, 5]);
    const fetcher = createStoredCiphertextFetcher(book);
    const parts = await fetcher.fetchChunks!(2, 3, new AbortController().signal);
    expect(parts.map((part) => [...new Uint8Array(part)])).toEqual([
      [2, 2, 2],
      [3, 3, 3],
      [4, 4, 4],
    ]);
  });

  it('fetches the chunks that are not stored from the fallback, adjacent ones together', async () => {
    await storeChunks([0, 3]);
    const fallback: CiphertextFetcher = {
      fetchChunk: vi.fn(async (index: number) => bytesOf(index).buffer),
      fetchChunks: vi.fn(async (from: number, count: number) =>
        Array.from({ length: count }, (_, offset) => bytesOf(from + offset).buffer),
      ),
    };
    const fetcher = createStoredCiphertextFetcher(book, { fallback });
    const parts = await fetcher.fetchChunks!(0, 5, new AbortController().signal);
    expect(parts.map((part) => new Uint8Array(part)[0])).toEqual([0, 1, 2, 3, 4]);
    expect(fallback.fetchChunks).toHaveBeenCalledWith(1, 2, expect.any(AbortSignal));
    expect(fallback.fetchChunk).toHaveBeenCalledWith(4, expect.any(AbortSignal));
  });

  it('fails with offline_unavailable for a chunk that is gone and no network to ask', async () => {
    await storeChunks([0]);
    const failure = await createStoredCiphertextFetcher(book).fetchChunks!(0, 2, new AbortController().signal).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ReaderError);
    expect((failure as ReaderError).code).toBe('offline_unavailable');
  });
});
