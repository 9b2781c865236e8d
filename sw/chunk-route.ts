/**
 * The service worker's answer to GET /api/books/:id/chunks/:n?v=version: the ciphertext from
 * IndexedDB when this browser has stored that chunk (a downloaded book, or the verified part of an
 * unfinished download), else the network. Written as a function of its dependencies so it can be
 * tested without a worker. Nothing here is ever put in Cache Storage.
 */

export interface TChunkTarget {
  bookId: string;
  version: number;
  index: number;
}

// The API's chunk route as the browser requests it; the worker matches URLs and imports nothing of web/.
const CHUNK_PATH = /^\/api\/books\/([^/]+)\/chunks\/(\d+)$/;

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
  return CHUNK_PATH.test(pathname);
}

export interface TChunkHandlerDeps {
  readChunk(bookId: string, version: number, index: number): Promise<ArrayBuffer | undefined>;
  fetch(request: Request): Promise<Response>;
}

/** Header saying where a chunk answer came from (tests and the browser's network panel read it). */
export const CHUNK_SOURCE_HEADER = 'X-WB-Chunk-Source';

export function createChunkHandler(
  deps: TChunkHandlerDeps,
): (options: { request: Request; url: URL }) => Promise<Response> {
  return async ({ request, url }) => {
    const target = request.method === 'GET' ? parseChunkUrl(url) : null;
    if (target) {
      // A failing IndexedDB read (storage evicted, blocked upgrade) is no reason to fail the reader.
      const stored = await deps.readChunk(target.bookId, target.version, target.index).catch(() => undefined);
      if (stored) {
        return new Response(stored, {
          status: 200,
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Length': String(stored.byteLength),
            // Already on the device: no HTTP cache copy is wanted.
            'Cache-Control': 'no-store',
            [CHUNK_SOURCE_HEADER]: 'indexeddb',
          },
        });
      }
    }
    return deps.fetch(request);
  };
}
