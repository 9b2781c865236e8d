/**
 * Plaintext bytes of one protected book, served from encrypted chunks (segments; docs/ARCHITECTURE.md#protected-content).
 * A ChunkSource owns, in memory only: recently decrypted chunks (LRU bounded by bytes, dropped on close) and the
 * requests in flight (so two readers of one chunk share one fetch and one decryption). A read fetches only the chunks
 * under the bytes asked for, the missing adjacent ones together in one request (segment-runs.ts), and decrypts each
 * when it arrives. Where ciphertext comes from is a CiphertextFetcher: the network, or IndexedDB first for a
 * downloaded book (stored-chunk-fetcher.ts). Every chunk is checked against the manifest (its size, and its sha256 where
 * the manifest lists one) before it is decrypted, and AES-GCM checks its tag, which in a compact (`counter`) manifest
 * is the segment's only check (docs/decisions/022-compact-manifest.md); plaintext is never stored.
 */
import {
  CHUNK_CIPHER,
  CHUNK_TAG_BYTES,
  MAX_CHUNKS_PER_REQUEST,
  manifestSegment,
  segmentCiphertextSizes,
  type TBookManifest,
} from '@shared/reader';
import { api, binaryRequest, encodeParams, ensureOk } from '@web/lib/api';
import { decryptChunk, sha256Hex } from '@web/crypto/chunk-cipher';
import { decryptFailed, isAbortError, ReaderError, READER_ERROR_MESSAGES, toReaderError } from '@web/lib/reader-error';
import { coalesceRuns, maxSegmentsPerRequest, segmentsOfRange, splitRun } from './segment-runs';

/** Supplies the ciphertext (with GCM tag) of chunks exactly as the server serves them. */
export interface CiphertextFetcher {
  fetchChunk(index: number, signal: AbortSignal): Promise<ArrayBuffer>;
  /** `count` adjacent chunks from `from` in one request, when the source can (else one fetchChunk each). */
  fetchChunks?(from: number, count: number, signal: AbortSignal): Promise<ArrayBuffer[]>;
}

/** The ciphertexts of a run of adjacent chunks: one request when the fetcher can, else one per chunk. */
export function fetchRun(
  fetcher: CiphertextFetcher,
  from: number,
  count: number,
  signal: AbortSignal,
): Promise<ArrayBuffer[]> {
  if (count > 1 && fetcher.fetchChunks) return fetcher.fetchChunks(from, count, signal);
  return Promise.all(Array.from({ length: count }, (_, offset) => fetcher.fetchChunk(from + offset, signal)));
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

/** Plaintext kept in memory by default: 256 segments of 16 KiB, 64 of 64 KiB, or 4 chunks of a 1 MiB-chunk version. */
export const DEFAULT_DECRYPTED_CACHE_BYTES = 4 * 1_048_576;
const MIN_DECRYPTED_CACHE_CHUNKS = 4;

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
 * GET `count` adjacent chunks' ciphertexts in one answer (GET /api/books/:id/chunks?v=&from=&count=), one
 * after another; the manifest's sizes split them.
 */
export function requestChunkRun(
  book: Pick<TBookManifest, 'bookId' | 'version'>,
  run: { from: number; count: number },
  init: RequestInit,
  fetchImpl?: typeof fetch,
) {
  return api.books[':id'].chunks.$get(
    {
      param: encodeParams({ id: book.bookId }),
      query: { v: String(book.version), from: String(run.from), count: String(run.count) },
    },
    { ...binaryRequest(init), fetch: fetchImpl },
  );
}

/** One GET, tried once more after a dropped connection or a 5xx; 4xx answers are final. */
async function fetchWithRetry(request: () => Promise<Response>, signal: AbortSignal): Promise<ArrayBuffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await request();
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
}

/**
 * Fetches chunks from GET /api/books/:id/chunks/:n?v=version, and runs of adjacent chunks from
 * GET /api/books/:id/chunks?v=&from=&count= (the service worker may answer either from IndexedDB).
 */
export function createNetworkCiphertextFetcher(
  book: TBookManifest,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): CiphertextFetcher {
  const init = (signal: AbortSignal): RequestInit => ({ credentials: 'same-origin', signal });
  return {
    fetchChunk(index, signal) {
      return fetchWithRetry(() => requestChunk(book, index, init(signal), fetchImpl), signal);
    },
    async fetchChunks(from, count, signal) {
      const body = await fetchWithRetry(() => requestChunkRun(book, { from, count }, init(signal), fetchImpl), signal);
      const sizes = segmentCiphertextSizes(book, from, count);
      const parts = sizes.length === count ? splitRun(body, sizes) : null;
      if (!parts) throw decryptFailed(new Error(`Chunks ${from}+${count} came back as ${body.byteLength} bytes.`));
      return parts;
    },
  };
}

/**
 * Checks that the manifest describes a whole file cut into consecutive chunks of chunkSize (the last one
 * shorter), each served as plaintext plus the GCM tag; the byte arithmetic below relies on it. A compact
 * manifest says so by its fields alone; a listed one's entries must agree with them.
 */
export function assertUsableManifest(manifest: TBookManifest): void {
  if (manifest.size <= 0 || manifest.chunkCount <= 0 || manifest.chunks?.length === 0) {
    throw new ReaderError('no_content', READER_ERROR_MESSAGES.noContent);
  }
  const { chunkSize, size } = manifest;
  const consistent =
    manifest.cipher === CHUNK_CIPHER &&
    Number.isInteger(chunkSize) &&
    chunkSize > 0 &&
    Number.isSafeInteger(size) &&
    manifest.chunkCount === Math.ceil(size / chunkSize) &&
    (manifest.segmentIvs === 'counter' ||
      ((manifest.segmentIvs ?? 'listed') === 'listed' &&
        Array.isArray(manifest.chunks) &&
        manifest.chunkCount === manifest.chunks.length &&
        manifest.chunks.every(
          (chunk, index) =>
            chunk.index === index &&
            chunk.offset === index * chunkSize &&
            chunk.plainSize === Math.min(chunkSize, size - chunk.offset) &&
            chunk.size === chunk.plainSize + CHUNK_TAG_BYTES,
        )));
  if (!consistent) throw decryptFailed(new Error('The book manifest does not describe consecutive chunks.'));
}

export function createChunkSource(options: {
  manifest: TBookManifest;
  /** The unwrapped, non-extractable content key. */
  key: CryptoKey;
  fetcher: CiphertextFetcher;
  /** Decrypted chunks kept in memory (default: DEFAULT_DECRYPTED_CACHE_BYTES worth, at least 4). */
  cacheChunks?: number;
}): ChunkSource {
  const { manifest, fetcher } = options;
  assertUsableManifest(manifest);
  let key: CryptoKey | null = options.key;
  const cacheLimit = Math.max(
    1,
    options.cacheChunks ??
      Math.max(MIN_DECRYPTED_CACHE_CHUNKS, Math.floor(DEFAULT_DECRYPTED_CACHE_BYTES / manifest.chunkSize)),
  );
  const runLimit = maxSegmentsPerRequest(manifest.chunkSize);
  const controller = new AbortController();
  const decrypted = new Map<number, Uint8Array<ArrayBuffer>>();
  const inFlight = new Map<number, Promise<Uint8Array<ArrayBuffer>>>();

  function remember(index: number, plaintext: Uint8Array<ArrayBuffer>): void {
    decrypted.delete(index);
    decrypted.set(index, plaintext);
    while (decrypted.size > cacheLimit) decrypted.delete(decrypted.keys().next().value as number);
  }

  /** Checks one chunk's ciphertext against the manifest and decrypts it (AES-GCM checks the tag, IV and AAD). */
  async function openChunk(index: number, ciphertext: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
    const entry = manifestSegment(manifest, index);
    if (controller.signal.aborted || !key) throw abortError();
    if (ciphertext.byteLength !== entry.size) {
      throw decryptFailed(new Error(`Chunk ${index} is ${ciphertext.byteLength} bytes, expected ${entry.size}.`));
    }
    if (entry.sha256 !== null && (await sha256Hex(ciphertext)) !== entry.sha256) {
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

  /** Registers the decryption of a chunk whose ciphertext is on its way, shared by every reader of it. */
  function track(index: number, ciphertext: Promise<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    const pending = ciphertext
      .then((bytes) => openChunk(index, bytes))
      .then(
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
    return pending;
  }

  /** Starts fetching the chunks among `indexes` that are neither decrypted nor on their way, adjacent ones together. */
  function startFetching(indexes: readonly number[]): void {
    const missing = indexes.filter((index) => !decrypted.has(index) && !inFlight.has(index));
    for (const run of coalesceRuns(missing, runLimit)) {
      const ciphertexts = fetchRun(fetcher, run.from, run.count, controller.signal);
      for (let offset = 0; offset < run.count; offset += 1) {
        track(
          run.from + offset,
          ciphertexts.then((parts) => parts[offset]),
        ).catch(() => undefined);
      }
    }
  }

  /** The shared decrypted chunk; callers copy out of it and never hand it on. */
  function plaintextOf(index: number): Promise<Uint8Array<ArrayBuffer>> {
    if (controller.signal.aborted) return Promise.reject(abortError());
    const cached = decrypted.get(index);
    if (cached) {
      remember(index, cached);
      return Promise.resolve(cached);
    }
    return inFlight.get(index) ?? track(index, fetcher.fetchChunk(index, controller.signal));
  }

  return {
    manifest,
    length: manifest.size,
    async read(begin, end) {
      if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < 0 || end > manifest.size || begin >= end) {
        throw new RangeError(`Cannot read bytes [${begin}, ${end}) of a ${manifest.size}-byte book.`);
      }
      const indices = segmentsOfRange(begin, end, manifest.chunkSize);
      const first = indices[0];
      if (controller.signal.aborted) throw abortError();
      startFetching(indices);
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
 * being requested; adjacent ones in one request), then hands each prefetched answer out once; later
 * calls, and chunks whose prefetch failed, go to the underlying fetcher.
 */
export function withPrefetchedChunks(
  fetcher: CiphertextFetcher,
  indices: number[],
  signal: AbortSignal,
): PrefetchingCiphertextFetcher {
  const prefetched = new Map<number, Promise<ArrayBuffer>>();
  const requested = new Set<number>();
  const prefetch = (more: number[]) => {
    if (signal.aborted) return;
    const fresh = more.filter((index) => !requested.has(index));
    for (const index of fresh) requested.add(index);
    for (const run of coalesceRuns(fresh, MAX_CHUNKS_PER_REQUEST)) {
      const ciphertexts = fetchRun(fetcher, run.from, run.count, signal);
      for (let offset = 0; offset < run.count; offset += 1) {
        const pending = ciphertexts.then((parts) => parts[offset]);
        // Nobody may ever ask for it (the open can still fail); keep its failure from going unhandled.
        pending.catch(() => undefined);
        prefetched.set(run.from + offset, pending);
      }
    }
  };
  prefetch(indices);
  const take = (index: number, chunkSignal: AbortSignal): Promise<ArrayBuffer> | null => {
    // Asked for before its prefetch: the answer is the same, so no second prefetch later.
    requested.add(index);
    const pending = prefetched.get(index);
    if (!pending) return null;
    prefetched.delete(index);
    return pending.catch(() => fetcher.fetchChunk(index, chunkSignal));
  };
  return {
    prefetch,
    fetchChunk(index, chunkSignal) {
      return take(index, chunkSignal) ?? fetcher.fetchChunk(index, chunkSignal);
    },
    async fetchChunks(from, count, chunkSignal) {
      const parts: Promise<ArrayBuffer>[] = [];
      const rest: number[] = [];
      for (let index = from; index < from + count; index += 1) {
        const pending = take(index, chunkSignal);
        if (pending) parts[index - from] = pending;
        else rest.push(index);
      }
      for (const run of coalesceRuns(rest, count)) {
        const ciphertexts = fetchRun(fetcher, run.from, run.count, chunkSignal);
        for (let offset = 0; offset < run.count; offset += 1)
          parts[run.from + offset - from] = ciphertexts.then((list) => list[offset]);
      }
      return Promise.all(parts);
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
