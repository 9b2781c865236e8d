import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  createChunkSource,
  createNetworkCiphertextFetcher,
  chunkIndexForPage,
  withPrefetchedChunks,
  type CiphertextFetcher,
} from './chunk-source';
import {
  encryptBook,
  encryptCompactBook,
  makePlainBook,
  problem,
  sha256HexOf,
  type TEncryptedBook,
} from './protected-test-support';
import { ReaderError } from '@web/lib/reader-error';
import { chunkApiPath } from '@web/lib/api-test-support';

const CHUNK = 1000;

async function setup(size = 4500) {
  const plaintext = makePlainBook(size);
  const book = await encryptBook(plaintext, { bookId: 'book-1', version: 2, chunkSize: CHUNK });
  const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  return { plaintext, book, key };
}

/** Serves the book's ciphertext, counting fetches per chunk; `serve` can replace a chunk's bytes. */
function memoryFetcher(book: Pick<TEncryptedBook, 'chunks'>, serve?: (index: number) => ArrayBuffer | undefined) {
  const counts = new Map<number, number>();
  const fetcher: CiphertextFetcher = {
    async fetchChunk(index) {
      counts.set(index, (counts.get(index) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return (serve?.(index) ?? book.chunks[index]).slice(0);
    },
  };
  return { fetcher, counts };
}

describe('ChunkSource.read', () => {
  it('returns the exact plaintext for ranges inside, across and at the ends of chunks', async () => {
    const { plaintext, book, key } = await setup();
    const source = createChunkSource({ manifest: book.manifest, key, fetcher: memoryFetcher(book).fetcher });
    expect(source.length).toBe(4500);
    for (const [begin, end] of [
      [0, 1],
      [0, 1000],
      [999, 1001],
      [10, 3990],
      [4000, 4500],
      [0, 4500],
      [4499, 4500],
    ]) {
      expect(await source.read(begin, end)).toEqual(plaintext.slice(begin, end));
    }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4499 }), fc.integer({ min: 1, max: 4500 }), async (a, b) => {
        const [begin, end] = a < b ? [a, b] : [b - 1, a + 1];
        expect(await source.read(begin, Math.min(end, 4500))).toEqual(plaintext.slice(begin, Math.min(end, 4500)));
      }),
      { numRuns: 60 },
    );
  });

  it('returns buffers the caller owns (pdf.js transfers them), so the cache stays intact', async () => {
    const { plaintext, book, key } = await setup();
    const source = createChunkSource({ manifest: book.manifest, key, fetcher: memoryFetcher(book).fetcher });
    const first = await source.read(0, 1000);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(1000);
    structuredClone(first.buffer, { transfer: [first.buffer] });
    expect(await source.read(0, 1000)).toEqual(plaintext.slice(0, 1000));
    const whole = await source.readChunk(4);
    expect(whole).toEqual(plaintext.slice(4000));
  });

  it('fetches and decrypts a chunk once for concurrent readers', async () => {
    const { plaintext, book, key } = await setup();
    const { fetcher, counts } = memoryFetcher(book);
    const source = createChunkSource({ manifest: book.manifest, key, fetcher });
    const reads = await Promise.all([
      source.read(0, 10),
      source.read(500, 1500),
      source.readChunk(1),
      source.read(900, 1000),
    ]);
    expect(reads[1]).toEqual(plaintext.slice(500, 1500));
    expect(counts.get(0)).toBe(1);
    expect(counts.get(1)).toBe(1);
  });

  it('keeps only a bounded number of decrypted chunks in memory', async () => {
    const { book, key } = await setup();
    const { fetcher, counts } = memoryFetcher(book);
    const source = createChunkSource({ manifest: book.manifest, key, fetcher, cacheChunks: 2 });
    await source.read(0, 10);
    await source.read(0, 10);
    expect(counts.get(0)).toBe(1);
    await source.read(1000, 1010);
    await source.read(2000, 2010); // chunk 0 is now the least recently used one and is dropped
    await source.read(0, 10);
    expect(counts.get(0)).toBe(2);
  });

  it('refuses a chunk whose sha256 does not match the manifest before decrypting it', async () => {
    const { book, key } = await setup();
    const tampered = new Uint8Array(book.chunks[2].slice(0));
    tampered[5] ^= 0x80;
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const source = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: memoryFetcher(book, (index) => (index === 2 ? tampered.buffer : undefined)).fetcher,
    });
    await expect(source.read(2000, 2500)).rejects.toMatchObject({ code: 'decrypt_failed' });
    expect(decrypt).not.toHaveBeenCalled();
    decrypt.mockRestore();
    // The other chunks are unaffected.
    await expect(source.read(0, 1000)).resolves.toHaveLength(1000);
  });

  it('refuses a swapped chunk even when the manifest was changed to match its sha256', async () => {
    const { book, key } = await setup();
    const manifest = structuredClone(book.manifest);
    manifest.chunks[0] = { ...manifest.chunks[0], sha256: manifest.chunks[1].sha256, iv: manifest.chunks[1].iv };
    const source = createChunkSource({
      manifest,
      key,
      fetcher: memoryFetcher(book, (index) => (index === 0 ? book.chunks[1] : undefined)).fetcher,
    });
    const error = await source.read(0, 10).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReaderError);
    expect(error).toMatchObject({ code: 'decrypt_failed' });
  });

  it('refuses a chunk of the wrong size and a manifest that does not add up', async () => {
    const { book, key } = await setup();
    const short = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: memoryFetcher(book, (index) => (index === 1 ? book.chunks[1].slice(1) : undefined)).fetcher,
    });
    await expect(short.read(1000, 1001)).rejects.toMatchObject({ code: 'decrypt_failed' });

    const gap = structuredClone(book.manifest);
    gap.chunks[2].offset += 1;
    expect(() => createChunkSource({ manifest: gap, key, fetcher: memoryFetcher(book).fetcher })).toThrow(ReaderError);
    const empty = { ...structuredClone(book.manifest), size: 0, chunkCount: 0, chunks: [] };
    expect(() => createChunkSource({ manifest: empty, key, fetcher: memoryFetcher(book).fetcher })).toThrow(
      expect.objectContaining({ code: 'no_content' }),
    );
  });

  it('rejects ranges outside the book', async () => {
    const { book, key } = await setup();
    const source = createChunkSource({ manifest: book.manifest, key, fetcher: memoryFetcher(book).fetcher });
    await expect(source.read(-1, 5)).rejects.toBeInstanceOf(RangeError);
    await expect(source.read(10, 10)).rejects.toBeInstanceOf(RangeError);
    await expect(source.read(0, 4501)).rejects.toBeInstanceOf(RangeError);
    await expect(source.readChunk(5)).rejects.toBeInstanceOf(RangeError);
  });

  it('after close, stops fetching and rejects reads with an AbortError', async () => {
    const { book, key } = await setup();
    const seen: AbortSignal[] = [];
    const source = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: {
        fetchChunk: (_index, signal) => {
          seen.push(signal);
          return new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        },
      },
    });
    const pending = source.read(0, 10);
    source.close();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen[0].aborted).toBe(true);
    await expect(source.read(0, 10)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('createNetworkCiphertextFetcher', () => {
  it('gets the versioned chunk URL with same-origin credentials', async () => {
    const { book } = await setup();
    const fetchMock = vi.fn(async () => new Response(book.chunks[3].slice(0)));
    const bytes = await createNetworkCiphertextFetcher(book.manifest, fetchMock).fetchChunk(
      3,
      new AbortController().signal,
    );
    expect(await sha256HexOf(bytes)).toBe(book.manifest.chunks[3].sha256);
    expect(fetchMock).toHaveBeenCalledWith(
      chunkApiPath('book-1', 2, 3),
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('tries a dropped connection or a 5xx once more, but not a refusal', async () => {
    const { book } = await setup();
    const signal = new AbortController().signal;
    const flaky = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(book.chunks[0].slice(0)));
    await expect(createNetworkCiphertextFetcher(book.manifest, flaky).fetchChunk(0, signal)).resolves.toHaveProperty(
      'byteLength',
      book.manifest.chunks[0].size,
    );
    const busy = vi.fn().mockResolvedValueOnce(problem(503, 'Busy')).mockResolvedValueOnce(problem(503, 'Still busy'));
    await expect(createNetworkCiphertextFetcher(book.manifest, busy).fetchChunk(0, signal)).rejects.toMatchObject({
      code: 'network',
      status: 503,
    });
    expect(busy).toHaveBeenCalledTimes(2);
    const refused = vi.fn().mockResolvedValue(problem(402, 'Choose this book first.'));
    await expect(createNetworkCiphertextFetcher(book.manifest, refused).fetchChunk(0, signal)).rejects.toMatchObject({
      code: 'no_access',
      status: 402,
      message: 'Choose this book first.',
    });
    expect(refused).toHaveBeenCalledTimes(1);
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createNetworkCiphertextFetcher(book.manifest, offline).fetchChunk(0, signal)).rejects.toMatchObject({
      code: 'network',
    });
  });
});

describe('withPrefetchedChunks', () => {
  it('hands out a prefetched chunk once, then fetches normally, and retries a failed prefetch', async () => {
    const { book } = await setup();
    const fetchChunk = vi.fn(async (index: number) => book.chunks[index].slice(0));
    fetchChunk.mockRejectedValueOnce(new Error('lost'));
    const signal = new AbortController().signal;
    const fetcher = withPrefetchedChunks({ fetchChunk }, [1, 4, 4], signal);
    expect(fetchChunk).toHaveBeenCalledTimes(2);
    await fetcher.fetchChunk(4, signal);
    expect(fetchChunk).toHaveBeenCalledTimes(2);
    await fetcher.fetchChunk(1, signal); // its prefetch failed: fetched again
    expect(fetchChunk).toHaveBeenCalledTimes(3);
    await fetcher.fetchChunk(4, signal);
    expect(fetchChunk).toHaveBeenCalledTimes(4);
  });

  it('prefetches more chunks on request, never one already asked for', async () => {
    const { book } = await setup();
    const fetchChunk = vi.fn(async (index: number) => book.chunks[index].slice(0));
    const signal = new AbortController().signal;
    const fetcher = withPrefetchedChunks({ fetchChunk }, [0, 4], signal);
    await fetcher.fetchChunk(1, signal);
    fetcher.prefetch([0, 1, 2]);
    expect(fetchChunk.mock.calls.map(([index]) => index)).toEqual([0, 4, 1, 2]);
    await fetcher.fetchChunk(2, signal);
    expect(fetchChunk).toHaveBeenCalledTimes(4);
  });
});

describe('chunkIndexForPage', () => {
  it("guesses the chunk at the page's share of the file, within the book", () => {
    const manifest = { chunkCount: 3, pageCount: 352 };
    expect(chunkIndexForPage(manifest, 1)).toBe(0);
    expect(chunkIndexForPage(manifest, 40)).toBe(0);
    expect(chunkIndexForPage(manifest, 150)).toBe(1);
    expect(chunkIndexForPage(manifest, 352)).toBe(2);
    expect(chunkIndexForPage(manifest, 9999)).toBe(2);
    expect(chunkIndexForPage({ chunkCount: 1, pageCount: 1 }, 5)).toBe(0);
  });
});

/** Serves runs of adjacent chunks in one call, as the network fetcher does, recording each request. */
function runFetcher(book: TEncryptedBook, tamper?: (index: number, bytes: Uint8Array) => void) {
  const requests: string[] = [];
  const copy = (index: number) => {
    const bytes = new Uint8Array(book.chunks[index].slice(0));
    tamper?.(index, bytes);
    return bytes.buffer;
  };
  const fetcher: CiphertextFetcher = {
    async fetchChunk(index) {
      requests.push(`${index}`);
      return copy(index);
    },
    async fetchChunks(from, count) {
      requests.push(`${from}+${count}`);
      return Array.from({ length: count }, (_, offset) => copy(from + offset));
    },
  };
  return { fetcher, requests };
}

describe('segments fetched for a read', () => {
  it('asks for the missing adjacent chunks of a read in one request and only for those', async () => {
    const { plaintext, book, key } = await setup(9500);
    const { fetcher, requests } = runFetcher(book);
    const source = createChunkSource({ manifest: book.manifest, key, fetcher });
    expect(await source.read(2500, 5100)).toEqual(plaintext.slice(2500, 5100));
    expect(requests).toEqual(['2+4']);
    // Chunks 2-5 are decrypted already: only 6 and 7 go out, together.
    expect(await source.read(4000, 7999)).toEqual(plaintext.slice(4000, 7999));
    expect(requests).toEqual(['2+4', '6+2']);
    expect(await source.read(9000, 9500)).toEqual(plaintext.slice(9000, 9500));
    expect(requests).toEqual(['2+4', '6+2', '9']);
  });

  it('stops with decrypt_failed when a chunk fails its GCM tag, even when its manifest hash was made to match', async () => {
    const { book, key } = await setup();
    const forged = new Uint8Array(book.chunks[1].slice(0));
    forged[forged.length - 1] ^= 0x01; // the last byte of the tag
    const manifest = {
      ...book.manifest,
      chunks: book.manifest.chunks.map((chunk, index) => (index === 1 ? { ...chunk, sha256: '' } : chunk)),
    };
    manifest.chunks[1].sha256 = await sha256HexOf(forged);
    const { fetcher } = runFetcher(book, (index, bytes) => {
      if (index === 1) bytes.set(forged);
    });
    const source = createChunkSource({ manifest, key, fetcher });
    expect(await source.read(0, 10)).toHaveLength(10);
    const failure = await source.read(500, 2500).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReaderError);
    expect((failure as ReaderError).code).toBe('decrypt_failed');
  });

  it('reads a version cut into 1 MiB chunks (books ingested before 64 KiB segments), four chunks per request', async () => {
    const MIB = 1024 * 1024;
    const plaintext = makePlainBook(6 * MIB + 321);
    const book = await encryptBook(plaintext, { bookId: 'old-book', version: 1, chunkSize: MIB });
    const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    const { fetcher, requests } = runFetcher(book);
    const source = createChunkSource({ manifest: book.manifest, key, fetcher });
    const bytes = await source.read(MIB - 5, 6 * MIB + 300);
    // Compared as buffers: a deep equality over megabytes takes the test runner minutes.
    expect(Buffer.from(bytes).equals(Buffer.from(plaintext.subarray(MIB - 5, 6 * MIB + 300)))).toBe(true);
    expect(requests).toEqual(['0+4', '4+3']);
  });

  it('fetches a run once over the network and splits it by the manifest sizes', async () => {
    const { plaintext, book, key } = await setup();
    const urls: string[] = [];
    const fetchDouble = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url.replace(/^https?:\/\/[^/]+/, ''));
      const match = /from=(\d+)&count=(\d+)/.exec(url);
      if (!match) return problem(404, 'Not a run');
      const parts = book.chunks.slice(Number(match[1]), Number(match[1]) + Number(match[2]));
      return new Response(new Blob(parts.map((part) => new Uint8Array(part))), { status: 200 });
    });
    const source = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: createNetworkCiphertextFetcher(book.manifest, fetchDouble as unknown as typeof fetch),
    });
    expect(await source.read(1500, 3600)).toEqual(plaintext.slice(1500, 3600));
    expect(urls).toEqual(['/api/books/book-1/chunks?v=2&from=1&count=3']);
  });
});

describe('ChunkSource over a compact manifest (IVs from the index, the GCM tag as the check)', () => {
  async function compactSetup(size = 4500) {
    const plaintext = makePlainBook(size);
    const book = await encryptCompactBook(plaintext, { bookId: 'book-1', version: 2, chunkSize: CHUNK });
    const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    return { plaintext, book, key };
  }

  it('reads the exact plaintext with no per-segment entries, and no sha256 computed', async () => {
    const { plaintext, book, key } = await compactSetup();
    expect(book.manifest.chunks).toBeUndefined();
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const source = createChunkSource({ manifest: book.manifest, key, fetcher: memoryFetcher(book).fetcher });
    expect(await source.read(0, 4500)).toEqual(plaintext);
    expect(await source.read(999, 3001)).toEqual(plaintext.slice(999, 3001));
    expect(digest).not.toHaveBeenCalled();
    digest.mockRestore();
  });

  it('refuses a tampered, swapped, reordered, truncated or extended segment', async () => {
    const { book, key } = await compactSetup();
    const flipped = new Uint8Array(book.chunks[2].slice(0));
    flipped[5] ^= 0x01;
    const tag = new Uint8Array(book.chunks[3].slice(0));
    tag[tag.length - 1] ^= 0x01;
    const extended = new Uint8Array(book.chunks[1].byteLength + 1);
    extended.set(new Uint8Array(book.chunks[1]));
    const cases: [string, number, ArrayBuffer][] = [
      ['a flipped bit', 2, flipped.buffer],
      ['a flipped tag bit', 3, tag.buffer],
      // Segment 1's bytes where segment 0 belongs: same size, its own IV and AAD do not fit index 0.
      ['swapped', 0, book.chunks[1]],
      ['truncated', 1, book.chunks[1].slice(0, book.chunks[1].byteLength - 1)],
      ['extended', 1, extended.buffer],
      // The last, shorter segment cannot stand in for a full one, nor a full one for it.
      ['the last in the middle', 2, book.chunks[4]],
    ];
    for (const [, index, bytes] of cases) {
      const source = createChunkSource({
        manifest: book.manifest,
        key,
        fetcher: memoryFetcher(book, (asked) => (asked === index ? bytes : undefined)).fetcher,
      });
      await expect(source.read(index * CHUNK, index * CHUNK + 1)).rejects.toMatchObject({ code: 'decrypt_failed' });
    }
    // A run answered in another order: each part is checked at the place it is read for.
    const reordered = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: {
        fetchChunk: async (index) => book.chunks[index].slice(0),
        fetchChunks: async (from, count) =>
          Array.from({ length: count }, (_, offset) => book.chunks[from + count - 1 - offset].slice(0)),
      },
    });
    await expect(reordered.read(0, 3 * CHUNK)).rejects.toMatchObject({ code: 'decrypt_failed' });
  });

  it('refuses the same place of another version, even sealed under the same key', async () => {
    const plaintext = makePlainBook(4500);
    const version2 = await encryptCompactBook(plaintext, { bookId: 'book-1', version: 2, chunkSize: CHUNK });
    // Another version sealed with the very same key (never done: each version gets its own) still fails:
    // the associated data names the version.
    const version3 = await encryptCompactBook(plaintext, {
      bookId: 'book-1',
      version: 3,
      chunkSize: CHUNK,
      rawKey: version2.rawKey,
    });
    const otherBook = await encryptCompactBook(plaintext, {
      bookId: 'book-2',
      version: 2,
      chunkSize: CHUNK,
      rawKey: version2.rawKey,
    });
    const key = await crypto.subtle.importKey('raw', version2.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    for (const foreign of [version3, otherBook]) {
      const source = createChunkSource({
        manifest: version2.manifest,
        key,
        fetcher: memoryFetcher(version2, (index) => (index === 1 ? foreign.chunks[1] : undefined)).fetcher,
      });
      await expect(source.read(1000, 1001)).rejects.toMatchObject({ code: 'decrypt_failed' });
      await expect(source.read(0, 1000)).resolves.toHaveLength(1000);
    }
  });

  it('refuses a compact manifest whose fields do not add up', async () => {
    const { book, key } = await compactSetup();
    const fetcher = memoryFetcher(book).fetcher;
    for (const manifest of [
      { ...book.manifest, chunkCount: 4 },
      { ...book.manifest, chunkSize: 0 },
      { ...book.manifest, size: 4500.5 },
      { ...book.manifest, segmentIvs: 'guessed' as 'counter' },
    ]) {
      expect(() => createChunkSource({ manifest, key, fetcher })).toThrow(ReaderError);
    }
  });

  it('splits a run answer by the sizes the manifest implies (the last segment shorter)', async () => {
    const { plaintext, book, key } = await compactSetup();
    const runs: string[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const match = /from=(\d+)&count=(\d+)/.exec(url);
      runs.push(url);
      if (!match) return new Response(book.chunks[Number(/chunks\/(\d+)/.exec(url)?.[1])].slice(0));
      const parts = book.chunks.slice(Number(match[1]), Number(match[1]) + Number(match[2]));
      return new Response(new Blob(parts.map((part) => new Uint8Array(part))));
    });
    const source = createChunkSource({
      manifest: book.manifest,
      key,
      fetcher: createNetworkCiphertextFetcher(book.manifest, fetchImpl as typeof fetch),
    });
    expect(await source.read(2500, 4500)).toEqual(plaintext.slice(2500));
    expect(runs.some((url) => url.includes('from=2&count=3'))).toBe(true);
  });
});
