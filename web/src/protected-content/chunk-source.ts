/**
 * Plaintext bytes of one protected book, served from encrypted chunks (docs/ARCHITECTURE.md#protected-content). A
 * ChunkSource owns, in memory only: a few recently decrypted chunks (bounded LRU, dropped on close) and the requests in
 * flight (so two readers of one chunk share one fetch and one decryption). Where ciphertext comes from is a
 * CiphertextFetcher: the network, or IndexedDB first for a downloaded book (stored-chunk-fetcher.ts). Every chunk is
 * checked against the manifest (size, sha256) before it is decrypted; plaintext is never stored.
 */
import { CHUNK_CIPHER, CHUNK_TAG_BYTES, type TBookManifest } from '@shared/reader';
import { api, binaryRequest, encodeParams, ensureOk } from '@web/lib/api';
import { decryptChunk, sha256Hex } from '@web/crypto/chunk-cipher';
import { decryptFailed, isAbortError, ReaderError, READER_ERROR_MESSAGES, toReaderError } from '@web/lib/reader-error';

/** Supplies the ciphertext (with GCM tag) of one chunk exactly as the server serves it. */
export interface CiphertextFetcher {
  fetchChunk(index: number, signal: AbortSignal): Promise<ArrayBuffer>;
}

/** Plaintext of the book by byte range; what the pdf.js range transport reads from. */
export interface ChunkSource {
  readonly manifest: TBookManifest;
  /** Plaintext size of the book in bytes. */
  readonly length: number;
  /** Bytes [begin, end) of the plaintext, in a new buffer the caller owns (it may be transferred). */
  read(begin: number, end: number): Promise<Uint8Array<ArrayBuffer>>;
  /** The whole plaintext of chunk `index`, in a new buffer the caller owns. */
  readChunk(index: number): Promise<Uint8Array<ArrayBuffer>>;
  /** Stops fetches in flight and drops every decrypted chunk; later reads reject with an AbortError. */
  close(): void;
}

/** Decrypted chunks kept in memory by default (1 MiB each at the default chunk size). */
export const DEFAULT_DECRYPTED_CACHE_CHUNKS = 4;

const NETWORK_ATTEMPTS = 2;
const RETRY_DELAY_MS = 300;

function abortError(): DOMException {
  return new DOMException('The book was closed.', 'AbortError');
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * GET one chunk's ciphertext. The version is in the URL so the answer can be cached as immutable; the
 * caller checks the status (ensureOk) and reads the bytes. `init` keeps the caller's signal and
 * credentials; `fetchImpl` stands in for fetch (tests).
 */
export function requestChunk(
  book: Pick<TBookManifest, 'bookId' | 'version'>,
  index: number,
  init: RequestInit,
  fetchImpl?: typeof fetch,
) {
  return api.books[':id'].chunks[':n'].$get(
    { param: encodeParams({ id: book.bookId, n: String(index) }), query: { v: String(book.version) } },
    { ...binaryRequest(init), fetch: fetchImpl },
  );
}

/**
 * Fetches chunks from GET /api/books/:id/chunks/:n?v=version (the service worker may answer from
 * IndexedDB). A dropped connection or a 5xx is tried once more; 4xx answers are final.
 */
export function createNetworkCiphertextFetcher(
  book: Pick<TBookManifest, 'bookId' | 'version'>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): CiphertextFetcher {
  return {
    async fetchChunk(index, signal) {
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await requestChunk(book, index, { credentials: 'same-origin', signal }, fetchImpl);
          if (response.status >= 500 && attempt < NETWORK_ATTEMPTS) {
            await response.body?.cancel();
          } else {
            await ensureOk(response);
            return await response.arrayBuffer();
          }
        } catch (error) {
          const transient = error instanceof TypeError && !signal.aborted;
          if (!transient || attempt >= NETWORK_ATTEMPTS) throw toReaderError(error);
        }
        await wait(RETRY_DELAY_MS * attempt, signal);
      }
    },
  };
}

/**
 * Checks that the manifest describes a whole file cut into consecutive chunks of chunkSize (the last one
 * shorter), each served as plaintext plus the GCM tag; the byte arithmetic below relies on it.
 */
export function assertUsableManifest(manifest: TBookManifest): void {
  if (manifest.size <= 0 || manifest.chunkCount <= 0 || manifest.chunks.length === 0) {
    throw new ReaderError('no_content', READER_ERROR_MESSAGES.noContent);
  }
  const { chunkSize, size } = manifest;
  const consistent =
    manifest.cipher === CHUNK_CIPHER &&
    Number.isInteger(chunkSize) &&
    chunkSize > 0 &&
    manifest.chunkCount === manifest.chunks.length &&
    manifest.chunkCount === Math.ceil(size / chunkSize) &&
    manifest.chunks.every(
      (chunk, index) =>
        chunk.index === index &&
        chunk.offset === index * chunkSize &&
        chunk.plainSize === Math.min(chunkSize, size - chunk.offset) &&
        chunk.size === chunk.plainSize + CHUNK_TAG_BYTES,
    );
  if (!consistent) throw decryptFailed(new Error('The book manifest does not describe consecutive chunks.'));
}

export function createChunkSource(options: {
  manifest: TBookManifest;
  /** The unwrapped, non-extractable content key. */
  key: CryptoKey;
  fetcher: CiphertextFetcher;
  cacheChunks?: number;
}): ChunkSource {
  const { manifest, fetcher } = options;
  assertUsableManifest(manifest);
  let key: CryptoKey | null = options.key;
  const cacheLimit = Math.max(1, options.cacheChunks ?? DEFAULT_DECRYPTED_CACHE_CHUNKS);
  const controller = new AbortController();
  const decrypted = new Map<number, Uint8Array<ArrayBuffer>>();
  const inFlight = new Map<number, Promise<Uint8Array<ArrayBuffer>>>();

  function remember(index: number, plaintext: Uint8Array<ArrayBuffer>): void {
    decrypted.delete(index);
    decrypted.set(index, plaintext);
    while (decrypted.size > cacheLimit) decrypted.delete(decrypted.keys().next().value as number);
  }

  async function loadChunk(index: number): Promise<Uint8Array<ArrayBuffer>> {
    const entry = manifest.chunks[index];
    const ciphertext = await fetcher.fetchChunk(index, controller.signal);
    if (controller.signal.aborted || !key) throw abortError();
    if (ciphertext.byteLength !== entry.size) {
      throw decryptFailed(new Error(`Chunk ${index} is ${ciphertext.byteLength} bytes, expected ${entry.size}.`));
    }
    if ((await sha256Hex(ciphertext)) !== entry.sha256.toLowerCase()) {
      throw decryptFailed(new Error(`Chunk ${index} does not match its sha256.`));
    }
    const plaintext = await decryptChunk({
      key,
      bookId: manifest.bookId,
      version: manifest.version,
      index,
      iv: entry.iv,
      ciphertext,
    });
    if (plaintext.byteLength !== entry.plainSize)
      throw decryptFailed(new Error(`Chunk ${index} decrypted to the wrong size.`));
    if (controller.signal.aborted) throw abortError();
    return plaintext;
  }

  /** The shared decrypted chunk; callers copy out of it and never hand it on. */
  function plaintextOf(index: number): Promise<Uint8Array<ArrayBuffer>> {
    if (controller.signal.aborted) return Promise.reject(abortError());
    const cached = decrypted.get(index);
    if (cached) {
      remember(index, cached);
      return Promise.resolve(cached);
    }
    let pending = inFlight.get(index);
    if (!pending) {
      pending = loadChunk(index).then(
        (plaintext) => {
          inFlight.delete(index);
          if (!controller.signal.aborted) remember(index, plaintext);
          return plaintext;
        },
        (error: unknown) => {
          inFlight.delete(index);
          throw isAbortError(error) ? error : toReaderError(error);
        },
      );
      inFlight.set(index, pending);
    }
    return pending;
  }

  return {
    manifest,
    length: manifest.size,
    async read(begin, end) {
      if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < 0 || end > manifest.size || begin >= end) {
        throw new RangeError(`Cannot read bytes [${begin}, ${end}) of a ${manifest.size}-byte book.`);
      }
      const first = Math.floor(begin / manifest.chunkSize);
      const last = Math.floor((end - 1) / manifest.chunkSize);
      const indices = Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
      const parts = await Promise.all(indices.map(plaintextOf));
      const out = new Uint8Array(end - begin);
      parts.forEach((plaintext, position) => {
        const chunkStart = (first + position) * manifest.chunkSize;
        const from = Math.max(begin, chunkStart) - chunkStart;
        const to = Math.min(end, chunkStart + plaintext.byteLength) - chunkStart;
        out.set(plaintext.subarray(from, to), chunkStart + from - begin);
      });
      return out;
    },
    async readChunk(index) {
      if (!Number.isInteger(index) || index < 0 || index >= manifest.chunkCount) {
        throw new RangeError(`Chunk ${index} is outside this ${manifest.chunkCount}-chunk book.`);
      }
      return (await plaintextOf(index)).slice();
    },
    close() {
      controller.abort();
      decrypted.clear();
      inFlight.clear();
      key = null;
    },
  };
}

/** A fetcher that has started fetching some chunks already, and can be asked to start more. */
export interface PrefetchingCiphertextFetcher extends CiphertextFetcher {
  /** Starts fetching these chunks now, unless they were asked for already. */
  prefetch(indices: number[]): void;
}

/**
 * Starts fetching some chunks' ciphertext before the content key is known (while the licence is still
 * being requested), then hands each prefetched answer out once; later calls, and chunks whose prefetch
 * failed, go to the underlying fetcher.
 */
export function withPrefetchedChunks(
  fetcher: CiphertextFetcher,
  indices: number[],
  signal: AbortSignal,
): PrefetchingCiphertextFetcher {
  const prefetched = new Map<number, Promise<ArrayBuffer>>();
  const requested = new Set<number>();
  const prefetch = (more: number[]) => {
    for (const index of more) {
      if (requested.has(index) || signal.aborted) continue;
      requested.add(index);
      const pending = fetcher.fetchChunk(index, signal);
      // Nobody may ever ask for it (the open can still fail); keep its failure from going unhandled.
      pending.catch(() => undefined);
      prefetched.set(index, pending);
    }
  };
  prefetch(indices);
  return {
    prefetch,
    fetchChunk(index, chunkSignal) {
      // Asked for before its prefetch: the answer is the same, so no second prefetch later.
      requested.add(index);
      const pending = prefetched.get(index);
      if (!pending) return fetcher.fetchChunk(index, chunkSignal);
      prefetched.delete(index);
      return pending.catch(() => fetcher.fetchChunk(index, chunkSignal));
    },
  };
}

/**
 * The chunk likeliest to hold a page's objects: PDF writers store pages roughly in order, so the chunk
 * at the page's share of the file. Only a guess to fetch early; pdf.js still asks for what it needs.
 */
export function chunkIndexForPage(manifest: Pick<TBookManifest, 'chunkCount' | 'pageCount'>, page: number): number {
  const last = Math.max(0, manifest.chunkCount - 1);
  if (!manifest.pageCount || manifest.pageCount <= 1) return 0;
  const share = (Math.min(Math.max(page, 1), manifest.pageCount) - 1) / manifest.pageCount;
  return Math.min(last, Math.floor(share * manifest.chunkCount));
}
