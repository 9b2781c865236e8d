/**
 * The service worker's answer to GET /api/books/:id/chunks/:n?v=version and to a run of adjacent chunks,
 * GET /api/books/:id/chunks?v=&from=&count=: the ciphertext from IndexedDB when this browser has stored
 * every chunk asked for (a downloaded book, or the verified part of an unfinished download), else the
 * network. Written as a function of its dependencies so it can be tested without a worker. Nothing here
 * is ever put in Cache Storage.
 */

export interface TChunkTarget {
  bookId: string;
  version: number;
  index: number;
}

// The API's chunk routes as the browser requests them; the worker matches URLs and imports nothing of web/.
const CHUNK_PATH = /^\/api\/books\/([^/]+)\/chunks\/(\d+)$/;
const CHUNK_RUN_PATH = /^\/api\/books\/([^/]+)\/chunks$/;
/** The API answers at most this many chunks per run (shared/reader.ts MAX_CHUNKS_PER_REQUEST). */
const MAX_RUN_COUNT = 64;

export interface TChunkRunTarget {
  bookId: string;
  version: number;
  from: number;
  count: number;
}

function decodeBookId(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** The run a URL names, or null when it is not a valid chunk-run URL. */
export function parseChunkRunUrl(url: URL): TChunkRunTarget | null {
  const match = CHUNK_RUN_PATH.exec(url.pathname);
  if (!match) return null;
  const [version, from, count] = ['v', 'from', 'count'].map((name) => {
    const value = url.searchParams.get(name);
    return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  });
  if (!(version >= 1) || !(from >= 0) || !(count >= 1 && count <= MAX_RUN_COUNT)) return null;
  const bookId = decodeBookId(match[1]);
  return bookId === null ? null : { bookId, version, from, count };
}

/** The chunk a URL names, or null when it is not a chunk URL with a valid ?v= version. */
export function parseChunkUrl(url: URL): TChunkTarget | null {
  const match = CHUNK_PATH.exec(url.pathname);
  const version = Number(url.searchParams.get('v'));
  if (!match || !Number.isInteger(version) || version < 1) return null;
  const index = Number(match[2]);
  if (!Number.isSafeInteger(index)) return null;
  let bookId: string;
  try {
    bookId = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { bookId, version, index };
}

export function isChunkPath(pathname: string): boolean {
  return CHUNK_PATH.test(pathname) || CHUNK_RUN_PATH.test(pathname);
}

export interface TChunkHandlerDeps {
  readChunk(bookId: string, version: number, index: number): Promise<ArrayBuffer | undefined>;
  fetch(request: Request): Promise<Response>;
}

/** Header saying where a chunk answer came from (tests and the browser's network panel read it). */
export const CHUNK_SOURCE_HEADER = 'X-WB-Chunk-Source';

function storedAnswer(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      // Already on the device: no HTTP cache copy is wanted.
      'Cache-Control': 'no-store',
      [CHUNK_SOURCE_HEADER]: 'indexeddb',
    },
  });
}

/** Every chunk of the run from IndexedDB, one after another, or null when any is not stored. */
async function readStoredRun(deps: TChunkHandlerDeps, run: TChunkRunTarget): Promise<Uint8Array<ArrayBuffer> | null> {
  const parts = await Promise.all(
    Array.from({ length: run.count }, (_, offset) =>
      deps.readChunk(run.bookId, run.version, run.from + offset).catch(() => undefined),
    ),
  );
  if (parts.some((part) => !part)) return null;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + (part as ArrayBuffer).byteLength, 0));
  let position = 0;
  for (const part of parts as ArrayBuffer[]) {
    out.set(new Uint8Array(part), position);
    position += part.byteLength;
  }
  return out;
}

export function createChunkHandler(
  deps: TChunkHandlerDeps,
): (options: { request: Request; url: URL }) => Promise<Response> {
  return async ({ request, url }) => {
    if (request.method !== 'GET') return deps.fetch(request);
    const target = parseChunkUrl(url);
    if (target) {
      // A failing IndexedDB read (storage evicted, blocked upgrade) is no reason to fail the reader.
      const stored = await deps.readChunk(target.bookId, target.version, target.index).catch(() => undefined);
      if (stored) return storedAnswer(stored);
    }
    const run = parseChunkRunUrl(url);
    if (run) {
      const stored = await readStoredRun(deps, run);
      if (stored) return storedAnswer(stored);
    }
    return deps.fetch(request);
  };
}
